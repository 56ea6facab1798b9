package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trace results file: what the trace command writes is what the dashboard reads, and nothing else is. */
class TraceResultsFileTest {

    @Test
    void writtenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var rejected = new TraceResultsFile.Trace("fig2/PER_OBJECT/QUEUES", "contextid", "NaiveRetry", true,
                "specs/contextid/ContextIdTrace.tla", "REJECTED", 120, 1, 2.5, 48.0, 17, "no step takes event 17",
                "rejected/fig2.md", "");
        var file = new TraceResultsFile(new Provenance("2026-12-06T00:00:00Z", "abc", false, "25", "Linux", "h", 2,
                Map.of()), "NaiveRetry", List.of("a run went wrong"), List.of(rejected));
        Path f = dir.resolve("trace/twins/NaiveRetry/results.json");
        file.write(f);
        assertEquals(file, TraceResultsFile.read(f));
        assertTrue(Files.readString(f).contains("\"firstBad\": 17"), Files.readString(f));
    }

    @Test
    void aKeyTheRecordDoesNotHaveIsAnErrorNamingTheLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("results.json");
        Files.writeString(f, "{\"variant\": \"core\",\n \"tarces\": []}");
        var e = assertThrows(IllegalArgumentException.class, () -> TraceResultsFile.read(f));
        assertTrue(e.getMessage().contains("tarces") && e.getMessage().contains("line 2"), e.getMessage());
    }
}
