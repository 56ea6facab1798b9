package org.mpiverify.specs.mutation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.mpiverify.results.Json;
import org.mpiverify.specs.ModelSpec;

/**
 * A family's mutation history, {@code <dir>/<family>.jsonl}: one line per decided mutant, appended as soon as
 * its verdict is known, so a family's record can be built over several runs (PIT's history files, for specs
 * whose full sets take hours). A line holds the mutant's id, the key of everything its verdict depends on,
 * the run that decided it, and the verdict as the runner gave it (before equivalence claims, which are read
 * again at every run: a claim changes the status, never the verdict).
 *
 * <p>The key is a SHA-256 over the tool's {@link #VERSION} (operators and runner semantics), the mutant's
 * edits, and for each passing model it runs against: the model's manifest entry (what it checks and with
 * which constants: not its recorded time or description) and the text of every module of the family that
 * model's parse reads. A changed module thus invalidates the lines of exactly the mutants whose models read
 * it; a changed model, those that run against it; a new model that uses a mutated definition, those of that
 * definition (their model set changed). A killed mutant's line also holds the key of its killing model alone
 * ({@code killKey}: the version, the edits, that model's entry and modules): a kill depends on nothing else (one
 * worker, a fixed seed: the same model on the same mutant reports the same violation), so a killed verdict stays
 * valid when models are added to the family or other models change. The deadline settings are not in the key: a timed-out verdict is
 * reused like the others, and a later run of that mutant alone (its line is appended, the latest line of an
 * id wins) is how one retries it.
 *
 * <p>Not thread-safe; one run appends at a time (a run that crashes leaves every line it appended before
 * whole: each line is written and flushed with one call).
 */
final class MutationHistory {
    /**
     * The version of the operators and the runner's verdict rules. Change it with any change that makes a
     * mutant or a verdict differ for the same spec and models: every recorded line becomes stale.
     */
    static final String VERSION = "spec-mutation 2 (the chain goes on after a timeout or an evaluation error)";

    /** The default folder, relative to the repository: kept in git beside the scores it produced. */
    static final String DIR = "specs/mutation-history";

    /**
     * One decided mutant.
     *
     * @param id       the mutant's id
     * @param key      the hash of what its verdict depends on ({@link #key(SpecMutant, SpecGraph)})
     * @param killKey  for a kill, the hash of what the kill depends on ({@link #key(SpecMutant, SpecGraph, String)}); else null
     * @param run      the run that decided it (its start, ISO-8601 UTC, and host)
     * @param commit   the commit the run measured (with "+" if the work tree had changes)
     * @param load     the one-minute load average when the verdict was reached (-1 where unknown)
     * @param status   the runner's verdict: KILLED, SURVIVED, TIMED_OUT or INVALID
     * @param killedBy the killing model, kind and property, or null
     * @param runs     every model run
     * @param millis   the mutant's wall time
     */
    record Line(String id, String key, String killKey, String run, String commit, double load, String status, SpecKillMatrix.Kill killedBy,
                List<ModelRun> runs, long millis) {
        Line {
            runs = runs == null ? List.of() : List.copyOf(runs);
        }

        MutantRunner.Verdict verdict() {
            ModelRun killer = killedBy == null ? null
                    : runs.stream().filter(r -> r.verdict().equals(ModelRun.KILLED)).findFirst().orElse(null);
            return new MutantRunner.Verdict(MutantStatus.valueOf(status), killer, runs, millis);
        }
    }

    private final Path file;
    private final Map<String, Line> latest = new LinkedHashMap<>();

    private MutationHistory(Path file) {
        this.file = file;
    }

    /** The history of {@code family} in {@code dir}; an absent file is an empty history. */
    static MutationHistory open(Path dir, String family) {
        MutationHistory h = new MutationHistory(dir.resolve(family + ".jsonl"));
        if (Files.isRegularFile(h.file)) {
            try {
                int n = 0;
                for (String text : Files.readAllLines(h.file, StandardCharsets.UTF_8)) {
                    n++;
                    if (text.isBlank()) continue;
                    Line l;
                    try {
                        l = Json.read(text, Line.class);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(h.file + ":" + n + ": " + e.getMessage(), e);
                    }
                    h.latest.put(l.id(), l);   // a later line of an id supersedes an earlier one
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + h.file, e);
            }
        }
        return h;
    }

    Path file() {
        return file;
    }

    /**
     * The latest line of {@code m} if its key is {@code key}, or if it is a kill whose killing model still reads
     * what it read then ({@code killKey}); else null (not decided, or decided on another spec).
     */
    Line decided(SpecMutant m, String key, SpecGraph g) {
        Line l = latest.get(m.id());
        if (l == null) return null;
        boolean killed = MutantStatus.valueOf(l.status()) == MutantStatus.KILLED && l.killedBy() != null;
        if (l.key().equals(key) && killed && l.killKey() == null && m.models().contains(l.killedBy().model())) {
            // a kill recorded before kills kept their own key, on today's spec: add it (written by compact)
            l = new Line(l.id(), l.key(), key(m, g, l.killedBy().model()), l.run(), l.commit(), l.load(), l.status(),
                    l.killedBy(), l.runs(), l.millis());
            latest.put(l.id(), l);
        }
        if (l.key().equals(key)) return l;
        return killed && l.killKey() != null && m.models().contains(l.killedBy().model()) && l.killKey().equals(key(m, g, l.killedBy().model())) ? l : null;
    }

    /** Appends a line and flushes it. */
    void append(Line l) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Json.compact(l) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
        latest.remove(l.id());
        latest.put(l.id(), l);
    }

    /**
     * Rewrites the file with the latest line of each of {@code ids} (the mutants a record counts, each decided by
     * its latest line) and nothing else. Stale and superseded lines go (git keeps them).
     */
    void compact(Set<String> ids) {
        StringBuilder sb = new StringBuilder();
        for (Line l : latest.values()) {
            if (ids.contains(l.id())) sb.append(Json.compact(l)).append('\n');
        }
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        latest.keySet().retainAll(ids);
    }

    /** The distinct runs among the lines of {@code ids}. */
    Set<String> runs(Collection<String> ids) {
        Set<String> out = new TreeSet<>();
        for (String id : ids) {
            Line l = latest.get(id);
            if (l != null) out.add(l.run());
        }
        return out;
    }

    /**
     * The key of {@code m}'s verdict: the tool's version, the mutant's edits, and per model it runs against the
     * model's checking entry and the texts of the family modules its parse reads.
     */
    static String key(SpecMutant m, SpecGraph g) {
        return key(m, g, null);
    }

    /** As {@link #key(SpecMutant, SpecGraph)} over one of its models only ({@code model}; null: all of them). */
    static String key(SpecMutant m, SpecGraph g, String model) {
        StringBuilder sb = new StringBuilder(VERSION).append('\n').append(m.id()).append('\n');
        for (Edit e : m.edits()) {
            sb.append("edit ").append(e.module()).append(' ').append(e.start()).append(' ').append(e.end()).append(' ')
              .append(e.replacement()).append('\n');
        }
        Map<String, SpecGraph.ModelView> views = new TreeMap<>();
        for (SpecGraph.ModelView v : g.views()) {
            String name = v.model().name();
            if (m.models().contains(name) && (model == null || model.equals(name))) views.put(name, v);
        }
        for (SpecGraph.ModelView v : views.values()) {
            sb.append(checking(v.model())).append('\n');
            for (String module : new TreeSet<>(v.parse().files().keySet())) {
                ModuleSource src = g.sources().get(module);
                if (src != null) sb.append("module ").append(module).append('\n').append(src.text()).append('\n');
            }
        }
        return sha256(sb.toString());
    }

    /** What of a model's manifest entry decides what TLC checks (not its recorded figures or its words). */
    static String checking(ModelSpec s) {
        List<Object> parts = new ArrayList<>();
        parts.add(s.name());
        parts.add(s.extendsModule());
        parts.add(new TreeMap<>(s.constants()));
        parts.add(s.modelValues());
        parts.add(new TreeMap<>(s.overrides()));
        parts.add(s.specification());
        parts.add(s.invariants());
        parts.add(s.properties());
        parts.add(s.checkDeadlock());
        parts.add(String.valueOf(s.view()));
        parts.add(s.mode());
        if (s.constraint() != null) parts.add("constraint " + s.constraint());   // absent: the keys of before the field
        return Json.compact(parts);
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
