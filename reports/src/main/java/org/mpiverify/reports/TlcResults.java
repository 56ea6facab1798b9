package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.TlcResultsFile;
import org.mpiverify.results.TlcTraceFile;

/**
 * Reads {@code out/tlc/results.json} (written by the specs module's ReportWriter): one entry per model
 * with expected and actual outcome, state counts and time, and for each counterexample its
 * {@code <model>.trace.json} (the steps) and {@code <model>.svg} (the message-sequence diagram).
 * Each entry carries its own provenance, because results.json merges runs of different models.
 */
public final class TlcResults {
    /** One TLC model's outcome. {@code steps} is empty and {@code svg} null without a counterexample. */
    public record Model(String name, String spec, String mode, String size, String expected, String actual,
                        boolean asExpected, String mismatch, long distinctStates, long generatedStates,
                        long depth, double seconds, String message, String tlcVersion,
                        List<TlcTraceFile.Step> steps, Path svg, Stamp stamp) implements CheckResult {
        public CheckKind kind() {
            return CheckKind.TLC;
        }

        public Outcome verdict() {
            return asExpected ? Outcome.PASS : Outcome.FAIL;
        }

        public String label() {
            return asExpected ? "as expected" : "MISMATCH";
        }
    }

    private TlcResults() {}

    static List<Model> load(Path outDir, Freshness freshness, List<String> problems) {
        Path dir = outDir.resolve("tlc");
        Path file = dir.resolve("results.json");
        List<Model> models = new ArrayList<>();
        if (!Files.isRegularFile(file)) return models;
        TlcResultsFile results;
        try {
            results = TlcResultsFile.read(file);
        } catch (IOException | IllegalArgumentException e) {
            problems.add(file + ": " + e.getMessage());
            return models;
        }
        for (TlcResultsFile.Model m : results.models()) {
            String name = m.name() == null ? "?" : m.name();
            List<TlcTraceFile.Step> steps = List.of();
            Path svg = null;
            TlcResultsFile.Counterexample cx = m.counterexample();
            if (cx != null) {
                Path trace = dir.resolve(cx.json() == null ? name + ".trace.json" : cx.json());
                try {
                    steps = TlcTraceFile.read(trace).steps();
                } catch (IOException | IllegalArgumentException e) {
                    problems.add(trace + ": counterexample unreadable: " + e.getMessage());
                }
                Path s = dir.resolve(cx.svg() == null ? name + ".svg" : cx.svg());
                if (Files.isRegularFile(s)) svg = s;
                else problems.add(s + ": sequence diagram missing");
            }
            models.add(new Model(name, orEmpty(m.spec()), orEmpty(m.mode()), orEmpty(m.size()), orUnknown(m.expected()),
                    orUnknown(m.actual()), m.asExpected(), m.mismatch(), m.distinctStates(), m.generatedStates(),
                    m.depth(), m.seconds(), orEmpty(m.message()), orEmpty(m.tlcVersion()), steps, svg,
                    Stamp.of("tlc/results.json#" + name, m.provenance(), freshness, CheckKind.TLC.inputs())));
        }
        return models;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String orUnknown(String s) {
        return s == null ? "?" : s;
    }
}
