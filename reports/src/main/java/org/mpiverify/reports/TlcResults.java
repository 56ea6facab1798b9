package org.mpiverify.reports;

import org.mpiverify.results.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Outcome;

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
                        List<Map<String, Object>> steps, Path svg, Stamp stamp) implements CheckResult {
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
        Map<String, Object> root;
        try {
            root = Json.parseObject(Files.readString(file));
        } catch (IOException | IllegalArgumentException e) {
            problems.add(file + ": " + e.getMessage());
            return models;
        }
        for (Map<String, Object> m : Json.objs(root, "models")) {
            String name = Json.str(m, "name", "?");
            List<Map<String, Object>> steps = List.of();
            Path svg = null;
            Map<String, Object> cx = Json.obj(m, "counterexample");
            if (cx != null) {
                Path trace = dir.resolve(Json.str(cx, "json", name + ".trace.json"));
                try {
                    steps = Json.objs(Json.parseObject(Files.readString(trace)), "steps");
                } catch (IOException | IllegalArgumentException e) {
                    problems.add(trace + ": counterexample unreadable: " + e.getMessage());
                }
                Path s = dir.resolve(Json.str(cx, "svg", name + ".svg"));
                if (Files.isRegularFile(s)) svg = s;
                else problems.add(s + ": sequence diagram missing");
            }
            models.add(new Model(name, Json.str(m, "spec", ""), Json.str(m, "mode", ""), Json.str(m, "size", ""),
                    Json.str(m, "expected", "?"), Json.str(m, "actual", "?"), Json.bool(m, "asExpected", false),
                    Json.str(m, "mismatch", null), Json.integer(m, "distinctStates", -1),
                    Json.integer(m, "generatedStates", -1), Json.integer(m, "depth", -1),
                    Json.num(m, "seconds", -1), Json.str(m, "message", ""), Json.str(m, "tlcVersion", ""),
                    steps, svg, Stamp.of("tlc/results.json#" + name, m, freshness, CheckKind.TLC.inputs())));
        }
        return models;
    }
}
