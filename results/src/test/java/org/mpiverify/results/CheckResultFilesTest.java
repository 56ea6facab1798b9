package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lincheck's, jcstress's and mutation testing's result files: what the suites write is what the dashboard reads, and nothing else is. */
class CheckResultFilesTest {
    private static final Provenance PROVENANCE = new Provenance("2026-12-06T00:00:00Z", "abc", true, "25", "Linux",
            "h", 2, Map.of("Lincheck", "3.7"));

    @Test
    void lincheckWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var file = new LincheckResultsFile("NonAtomicRefCountComm", "known-bad twin", "a lost release", PROVENANCE,
                List.of(new LincheckResultsFile.Run("model-checking", "org.mpiverify.X", 8, 960, 2, 3, "REJECTED", 5315,
                        false)));
        Path f = dir.resolve("lincheck/twins/NonAtomicRefCountComm.json");
        file.write(f);
        assertEquals(file, LincheckResultsFile.read(f));
    }

    @Test
    void jcstressWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var twin = new JcstressSummaryFile.Test("org.mpiverify.jcstress.core.request.twins.XBrokenTwin", "broken-twin",
                "FAILED", "FAILED", true, 1_000_000, 12, 4, List.of(), List.of(
                        new JcstressSummaryFile.Observed("1, 0", "FORBIDDEN", 12, "the signal was lost"),
                        new JcstressSummaryFile.Observed("1, 1", "ACCEPTABLE", 999_988, "")));
        var file = new JcstressSummaryFile("jcstress", "0.16", PROVENANCE, "2026-12-06T00:00:00Z", "quick", "java -jar",
                120, true, List.of(twin));
        Path f = dir.resolve("jcstress/summary.json");
        file.write(f);
        assertEquals(file, JcstressSummaryFile.read(f));
    }

    @Test
    void mutationKillMatrixWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var killed = new MutationKillMatrixFile.Mutant("a", "core.request", "REMOVE_LOCK", "org.x.A", "m", 3, "removed",
                "KILLED", new MutationKillMatrixFile.KilledBy("JUnit", "ATest.t"), 120, "pit", null, null, null, null);
        var survivor = new MutationKillMatrixFile.Mutant("b", "core.request", "CAS_TO_PLAIN", "org.x.A", "n", 9, "plain",
                "SURVIVED", null, 300, "pit", "PIT: SURVIVED after 4 test(s)", null, "-    9  x\n", "- INVOKEVIRTUAL\n");
        var file = new MutationKillMatrixFile("mpiverify mutate", PROVENANCE, "2026-12-06T00:00:00Z", "all",
                List.of("CONCURRENCY"), List.of(), 12, List.of(), 95, new MutationKillMatrixFile.LoadAverage(1.5, 3.25, 2), new MutationKillMatrixFile.Totals(2, 0, 1, 1, 0.5,
                        0, 0.5, 0, Map.of("JUnit", 1L)), List.of(killed, survivor));
        Path f = dir.resolve("mutate/kill-matrix.json");
        file.write(f);
        assertEquals(file, MutationKillMatrixFile.read(f));
        String text = java.nio.file.Files.readString(f);
        assertTrue(text.contains("\"class\": \"org.x.A\"") && !text.contains("class_"), text);
        assertEquals(1, text.split("\"detail\"", -1).length - 1, "only the survivor has a detail: " + text);
    }

    @Test
    void auditWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var fail = new AuditResultsFile.ScenarioCell("probe-recv-race", "probe then receive", "Hoefler et al. Fig. 1",
                "FAIL", "a thread received the message another probed", 10, Map.of("FAIL", 2, "PASS", 8),
                List.of("rank 1: stolen"), 1.25);
        var traced = new AuditResultsFile.ScenarioCell("p2p-nonblocking", "nonblocking", "MPI-3.1 3.7", "PASS", "ok", 1,
                Map.of("PASS", 1), List.of(), 0.5, new AuditResultsFile.Trace("REJECTED", 1, 3, 1, 0, 420, 2.5,
                "the first bad event", List.of("trace/rejected/p2p-nonblocking.md")));
        var file = new AuditResultsFile("mpich", "MPICH 4.0.2", PROVENANCE, false, List.of(
                new AuditResultsFile.Configuration("default", false, List.of(fail, traced)),
                new AuditResultsFile.Configuration("naive", true, List.of())));
        Path f = dir.resolve("audit/mpich.json");
        file.write(f);
        assertEquals(file, AuditResultsFile.read(f));
    }

    @Test
    void aMisspelledKeyIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> Json.read("{\"suite\": \"S\", \"run\": []}", LincheckResultsFile.class));
    }
}
