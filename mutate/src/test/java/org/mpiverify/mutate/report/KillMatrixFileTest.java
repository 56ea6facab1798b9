package org.mpiverify.mutate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.MutationKillMatrixFile;
import org.mpiverify.results.Provenance;

/** The kill matrix as {@code kill-matrix.json} holds it: its figures and mutants read back as the run had them. */
class KillMatrixFileTest {
    private static KillMatrix.Entry entry(String key, String status, String suite) {
        return new KillMatrix.Entry(key, "core.request", "REMOVE_LOCK", "org.x.A", "m", 3, "removed the lock", status,
                suite, suite == null ? null : "ATest.t", 10, "pit", suite == null ? "PIT: SURVIVED" : null,
                status.equals("EQUIVALENT") ? "argued" : null, "-  3 lock()\n", null);
    }

    @Test
    void whatTheRunWritesReadsBackTheSame(@TempDir Path dir) throws Exception {
        KillMatrix k = new KillMatrix(List.of(entry("a", "KILLED", "JUnit"), entry("b", "SURVIVED", null),
                entry("c", "EQUIVALENT", null), entry("d", "TIMED_OUT", "Lincheck")));
        MutationKillMatrixFile.Totals t = k.totals();
        assertEquals(4, t.mutants());
        assertEquals(1, t.equivalent());
        assertEquals(2, t.detected());
        assertEquals(0.6667, t.killRate(), 1e-9, "two of three non-equivalent, rounded to four decimals");
        assertEquals(Map.of("JUnit", 1L, "Lincheck", 1L, "jcstress", 0L, "race detector", 0L), t.bySuite());
        assertNull(k.entries().get(1).killedBy(), "a survivor has no killer");
        var file = new MutationKillMatrixFile("mpiverify mutate", new Provenance("2026-12-06T00:00:00Z", "abc", false,
                "25", "Linux", "h", 2, Map.of()), "2026-12-06T00:00:00Z", "all", List.of("CONCURRENCY"), List.of(), 3,
                List.of(), 95, null, t, k.entries());
        Path f = dir.resolve("kill-matrix.json");
        file.write(f);
        assertEquals(file, MutationKillMatrixFile.read(f));
    }
}
