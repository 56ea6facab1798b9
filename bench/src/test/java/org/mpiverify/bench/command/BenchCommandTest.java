package org.mpiverify.bench.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.mpiverify.bench.figures.Figures;
import org.mpiverify.mpi.MatchingKind;

/** The options {@code bench} takes, checked before anything runs (a run is the figures' quick tests and the CLI's). */
class BenchCommandTest {

    @Test
    void namesAreCoreEveryFigureInOrderAndAll() {
        var names = BenchCommand.names();
        assertEquals("core", names.get(0));
        assertEquals("all", names.get(names.size() - 1));
        assertEquals(Figures.all().size() + 2, names.size());
    }

    @Test
    void aBadNameOrTrialCountIsRefusedWithTheOption() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> new BenchCommand.Options("fig9", 7, false, MatchingKind.QUEUES, null, true));
        assertEquals("bench needs a benchmark name: " + String.join("|", BenchCommand.names()) + ", not 'fig9'",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new BenchCommand.Options("core", 1, false, MatchingKind.QUEUES, null, true));
        assertEquals("--trials must be in [2, 1000], not 1", e.getMessage(), "core needs two trials for a spread");
        e = assertThrows(IllegalArgumentException.class,
                () -> new BenchCommand.Options("all", 0, false, MatchingKind.QUEUES, null, true));
        assertEquals("--trials must be in [1, 1000], not 0", e.getMessage());
        new BenchCommand.Options("core", 2, true, MatchingKind.HASH_TABLE, null, false);
    }
}
