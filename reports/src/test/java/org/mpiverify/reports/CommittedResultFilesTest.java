package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.TlcResultsFile;
import org.mpiverify.results.TlcTraceFile;

/**
 * The result files committed as the dashboard's fixtures (written by real runs) read through the same records their
 * producers write them with: a key a record lacks, or a value of another type, fails here before it reaches a page.
 */
class CommittedResultFilesTest {
    private static final Path REAL = FixtureRepo.FIXTURES.resolve("real");

    @Test
    void tlcResultsAndTheirCounterexamples() throws Exception {
        Path dir = REAL.resolve("tlc");
        TlcResultsFile file = TlcResultsFile.read(dir.resolve("results.json"));
        assertFalse(file.models().isEmpty());
        int counterexamples = 0;
        for (TlcResultsFile.Model m : file.models()) {
            assertTrue(m.provenance() != null && m.provenance().commit() != null, m.name());
            if (m.counterexample() == null) continue;
            TlcTraceFile trace = TlcTraceFile.read(dir.resolve(m.counterexample().json()));
            assertEquals(m.name(), trace.model());
            assertEquals(m.counterexample().steps(), trace.steps().size(), m.name());
            counterexamples++;
        }
        assertEquals(10, counterexamples, "the fixture's ten counterexamples");
    }
}
