package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLC's results file and its counterexamples: what the specs module writes is what the dashboard reads. */
class TlcResultsFileTest {
    private static final Provenance PROVENANCE = new Provenance("2026-12-06T00:00:00Z", "abc", false, "25", "Linux",
            "h", 2, Map.of("TLC", "2.18"));

    static TlcResultsFile.Model model(String name, String extendsModule, TlcResultsFile.Counterexample cx) {
        return new TlcResultsFile.Model(name, "contextid", "MC_" + name, "MC_" + name + ".cfg", extendsModule, Map.of(),
                List.of("TypeOK"), List.of(), Map.of("Procs", "{p1,p2}"), "exhaustive", "quick", "deadlock", null,
                "deadlock", null, true, null, 1329, 3378, 19, 2.6, 1, 12, name + ".tlc.log", Map.of("Next", 7L),
                "2.18", "2026-12-06T00:00:00Z", "abc", "Deadlock reached.", cx, PROVENANCE);
    }

    @Test
    void writtenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var file = new TlcResultsFile("2026-12-06T00:00:00Z", "abc", PROVENANCE, List.of(
                model("ctx_naive_2p", "ContextId", new TlcResultsFile.Counterexample("ctx_naive_2p.trace.json",
                        "ctx_naive_2p.md", "ctx_naive_2p.svg", 5)),
                model("ctx_impl_2p", null, null)));
        Path f = dir.resolve("tlc/results.json");
        file.write(f);
        assertEquals(file, TlcResultsFile.read(f));
        String text = Files.readString(f);
        assertTrue(text.contains("\"extends\": \"ContextId\"") && !text.contains("extends_"),
                "a reserved word's component is written without its underscore: " + text);
        assertFalse(text.contains("\"overrides\""), "no overrides, no key: " + text);
        assertEquals(1, text.split("\"counterexample\"", -1).length - 1, "only the model with one has the key: " + text);
    }

    @Test
    void aCounterexampleWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var trace = new TlcTraceFile("ctx_naive_2p", "contextid", "invariant", "Unique", -1, List.of(
                new TlcTraceFile.Step(1, "Init", null, null, null, List.of(), Map.of("mask", "{}")),
                new TlcTraceFile.Step(2, "Take", "p1/t1", "takes id 2", List.of("p2/t1"), List.of("mask: {} -> {2}"),
                        Map.of("mask", "{2}"))));
        Path f = dir.resolve("tlc/ctx_naive_2p.trace.json");
        trace.write(f);
        assertEquals(trace, TlcTraceFile.read(f));
        assertEquals(1, Files.readString(f).split("\"who\"", -1).length - 1, "a step without an event has no who");
    }
}
