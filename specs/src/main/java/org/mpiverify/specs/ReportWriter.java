package org.mpiverify.specs;

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
import org.mpiverify.results.TlcResultsFile;

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
            Provenance provenance = provenance(outcomes);
            Map<String, TlcResultsFile.Model> byName = previous();
            for (ModelOutcome o : outcomes) {
                byName.put(o.model().name(), entry(o, date, commit).withProvenance(provenance));
                Files.writeString(tlcDir.resolve(o.model().name() + ".tlc.log"), o.result().raw());
                if (o.result().hasTrace()) {
                    String n = o.model().name();
                    TraceReport.json(o).write(tlcDir.resolve(n + ".trace.json"));
                    Files.writeString(tlcDir.resolve(n + ".md"), TraceReport.markdown(o, n + ".svg"));
                    Files.writeString(tlcDir.resolve(n + ".svg"), SequenceDiagram.svg(o));
                }
            }
            Path results = tlcDir.resolve("results.json");
            new TlcResultsFile(date, commit, provenance, new ArrayList<>(byName.values())).write(results);
            return results;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write TLC results under " + tlcDir, e);
        }
    }

    /** This run's provenance, with the TLC version the run reported. */
    private Provenance provenance(List<ModelOutcome> outcomes) {
        String tlc = outcomes.stream().map(o -> o.result().tlcVersion()).filter(v -> v != null && !v.isBlank())
                .findFirst().orElse("unknown");
        return Provenance.now(repoRoot, Map.of("TLC", tlc));
    }

    private Map<String, TlcResultsFile.Model> previous() {
        Map<String, TlcResultsFile.Model> byName = new LinkedHashMap<>();
        Path results = tlcDir.resolve("results.json");
        if (!Files.isRegularFile(results)) return byName;
        try {
            for (TlcResultsFile.Model m : TlcResultsFile.read(results).models()) byName.put(m.name(), m);
        } catch (IOException | RuntimeException e) {
            // an unreadable earlier file is replaced, not merged
        }
        return byName;
    }

    private static TlcResultsFile.Model entry(ModelOutcome o, String date, String commit) {
        ModelSpec m = o.model();
        TlcResult r = o.result();
        TlcResultsFile.Counterexample cx = r.hasTrace() ? new TlcResultsFile.Counterexample(m.name() + ".trace.json",
                m.name() + ".md", m.name() + ".svg", r.trace().size()) : null;
        return new TlcResultsFile.Model(m.name(), m.spec(), m.module(), m.config(), m.extendsModule(), m.overrides(),
                m.invariants(), m.properties(), m.constants(), m.mode(), m.sizeClass(),
                m.expected().outcome().manifestName(), m.expected().violated(), r.outcome().manifestName(),
                r.violated(), o.asExpected(), o.mismatch(), r.distinctStates(), r.generatedStates(), r.depth(),
                o.seconds(), r.workers(), r.exitCode(), m.name() + ".tlc.log", new TreeMap<>(r.coverage()),
                r.tlcVersion(), date, commit, r.message(), cx, null);
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
