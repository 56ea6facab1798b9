package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.mutate.pit.JsonOut;
import org.mpiverify.mutate.pit.MutantRecord;
import org.mpiverify.mutate.report.KillMatrix;

/**
 * A component's run that stops midway (the last record run of core.request lost its shell after PIT's minion had
 * timed out twice, with nothing written) resumes: what PIT recorded and each verdict decided stay, and only the
 * same code and options resume; a finished run, or a changed one, starts afresh.
 */
class ComponentRunTest {
    private static final String KEY = "org.mpiverify.core.request.Completion#signal()/VOID_METHOD_CALLS/removed call#1";

    @Test
    void anInterruptedRunResumesWithWhatItRecorded(@TempDir Path work) throws Exception {
        Path dir = work.resolve("core.request");
        ComponentRun first = ComponentRun.open(dir, "code and options 1");
        assertFalse(first.resumed());
        Files.writeString(dir.resolve(ComponentRun.RESULTS), JsonOut.record(new MutantRecord(KEY, "id", "C", "signal", "()V",
                113, "m", "VOID_METHOD_CALLS", "removed call", "SURVIVED", null, List.of(), 6, 1200)) + "\n");
        first.markPitFinished();
        first.decide(entry("SURVIVED"), null);
        // the run stops here, before its end

        ComponentRun second = ComponentRun.open(dir, "code and options 1");
        assertTrue(second.resumed(), "the same code and options resume an unfinished run");
        assertEquals(Set.of(KEY), second.pitDone(), "PIT's record of the interrupted run is kept, so PIT leaves it out");
        assertTrue(second.pitFinished());
        assertNotNull(second.decided(KEY, null), "a verdict decided before is not decided again");
        assertNull(second.decided(KEY, "EQUIVALENT: a new claim"), "a claim added since re-decides the mutant");
        second.finish();

        ComponentRun third = ComponentRun.open(dir, "code and options 1");
        assertFalse(third.resumed(), "a finished run is not resumed");
        assertFalse(Files.exists(dir.resolve(ComponentRun.RESULTS)));

        Files.writeString(dir.resolve(ComponentRun.RESULTS), "{}\n");
        ComponentRun changed = ComponentRun.open(dir, "code and options 2");
        assertFalse(changed.resumed(), "changed code or options start afresh");
        assertEquals(Set.of(), changed.pitDone());
        assertFalse(Files.exists(dir.resolve(ComponentRun.RESULTS)));
    }

    private static KillMatrix.Entry entry(String status) {
        return new KillMatrix.Entry(KEY, "core.request", "VOID_METHOD_CALLS", "C", "signal", 113, "removed call", status,
                null, null, 1200, "t", "d", null, null, null);
    }
}
