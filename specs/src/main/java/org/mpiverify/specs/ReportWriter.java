package org.mpiverify.specs;

import org.mpiverify.results.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.mpiverify.results.Provenance;

/**
 * Writes TLC outcomes for the reports module under {@code <out>/tlc/}: {@code results.json} (one
 * entry per model, merged with the entries of earlier runs of other models) and, per
 * counterexample, {@code <model>.trace.json}, {@code <model>.md} and {@code <model>.svg}; and for every
 * run, whatever its outcome, TLC's raw output (with the command line and exit code) as
 * {@code <model>.tlc.log}, so that a surprising result can be diagnosed from what TLC really printed.
 * Each model entry carries the {@link Provenance} of the run that produced it (entries merged from
 * earlier runs keep theirs), so the reports can mark an entry stale on its own.
 */
public final class ReportWriter {
    private final Path tlcDir;
    private final Path repoRoot;

    public ReportWriter(Path outDir, Path repoRoot) {
        this.tlcDir = outDir.resolve("tlc");
        this.repoRoot = repoRoot;
    }

    public Path tlcDir() {
        return tlcDir;
    }

    /** Writes the files for {@code outcomes} and returns the path of results.json. */
    public Path write(List<ModelOutcome> outcomes) {
        try {
            Files.createDirectories(tlcDir);
            String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
            String commit = gitCommit(repoRoot);
            Object provenance = provenance(outcomes);
            Map<String, Object> byName = previous();
            for (ModelOutcome o : outcomes) {
                Map<String, Object> e = entry(o, date, commit);
                e.put("provenance", provenance);
                byName.put(o.model().name(), e);
                Files.writeString(tlcDir.resolve(o.model().name() + ".tlc.log"), o.result().raw());
                if (o.result().hasTrace()) {
                    String n = o.model().name();
                    Files.writeString(tlcDir.resolve(n + ".trace.json"), Json.write(TraceReport.json(o)));
                    Files.writeString(tlcDir.resolve(n + ".md"), TraceReport.markdown(o, n + ".svg"));
                    Files.writeString(tlcDir.resolve(n + ".svg"), SequenceDiagram.svg(o));
                }
            }
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("generated", date);
            root.put("gitCommit", commit);
            root.put("provenance", provenance);
            root.put("models", new ArrayList<>(byName.values()));
            Path results = tlcDir.resolve("results.json");
            Files.writeString(results, Json.write(root));
            return results;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write TLC results under " + tlcDir, e);
        }
    }

    /** This run's provenance as a JSON value, with the TLC version the run reported. */
    private Object provenance(List<ModelOutcome> outcomes) {
        String tlc = outcomes.stream().map(o -> o.result().tlcVersion()).filter(v -> v != null && !v.isBlank())
                .findFirst().orElse("unknown");
        return Json.parse(Provenance.now(repoRoot, Map.of("TLC", tlc)).toJson());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> previous() {
        Map<String, Object> byName = new LinkedHashMap<>();
        Path results = tlcDir.resolve("results.json");
        if (!Files.isRegularFile(results)) return byName;
        try {
            Object root = Json.parse(Files.readString(results));
            for (Object m : (List<Object>) ((Map<String, Object>) root).get("models")) {
                byName.put((String) ((Map<String, Object>) m).get("name"), m);
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable earlier file is replaced, not merged
        }
        return byName;
    }

    private static Map<String, Object> entry(ModelOutcome o, String date, String commit) {
        ModelSpec m = o.model();
        TlcResult r = o.result();
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("name", m.name());
        e.put("spec", m.spec());
        e.put("module", m.module());
        e.put("config", m.config());
        e.put("extends", m.extendsModule());
        if (!m.overrides().isEmpty()) e.put("overrides", new LinkedHashMap<>(m.overrides()));
        e.put("invariants", m.invariants());
        e.put("properties", m.properties());
        e.put("constants", new LinkedHashMap<>(m.constants()));
        e.put("mode", m.mode());
        e.put("size", m.sizeClass());
        e.put("expected", m.expected().outcome().manifestName());
        e.put("expectedViolated", m.expected().violated());
        e.put("actual", r.outcome().manifestName());
        e.put("actualViolated", r.violated());
        e.put("asExpected", o.asExpected());
        e.put("mismatch", o.mismatch());
        e.put("distinctStates", r.distinctStates());
        e.put("generatedStates", r.generatedStates());
        e.put("depth", r.depth());
        e.put("seconds", o.seconds());
        e.put("workers", r.workers());
        e.put("exitCode", r.exitCode());
        e.put("log", m.name() + ".tlc.log");
        if (!r.coverage().isEmpty()) e.put("coverage", new LinkedHashMap<>(new TreeMap<>(r.coverage())));
        e.put("tlcVersion", r.tlcVersion());
        e.put("date", date);
        e.put("gitCommit", commit);
        e.put("message", r.message());
        if (r.hasTrace()) {
            Map<String, Object> files = new LinkedHashMap<>();
            files.put("json", m.name() + ".trace.json");
            files.put("markdown", m.name() + ".md");
            files.put("svg", m.name() + ".svg");
            files.put("steps", r.trace().size());
            e.put("counterexample", files);
        }
        return e;
    }

    /** HEAD's commit of the repository, or null when git is unavailable. */
    static String gitCommit(Path root) {
        try {
            Process p = new ProcessBuilder("git", "rev-parse", "HEAD").directory(root.toFile())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
            return out.matches("[0-9a-f]{40}") ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
