package org.mpiverify.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The bare barrier runs its rounds with one and several groups, calibrates its work, and refuses bad sizes. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class BarrierFloorTest {

    @Test
    void oneAndTwoGroupsCompleteTheirRounds() throws Exception {
        long units = BarrierFloor.workUnits(500);
        assertTrue(units > 0, "units " + units);
        for (int groups = 1; groups <= 2; groups++) {
            for (int members = 1; members <= 3; members++) {
                double ns = BarrierFloor.nanosPerRound(groups, members, units, 2_000);
                assertTrue(ns > 0 && Double.isFinite(ns), groups + " x " + members + ": " + ns);
            }
        }
    }

    @Test
    void calibratedWorkScalesWithTheTimeAskedFor() {
        assertEquals(0, BarrierFloor.workUnits(0));
        long small = BarrierFloor.workUnits(1_000), large = BarrierFloor.workUnits(100_000);
        assertTrue(large > 20 * small, small + " units for 1 µs, " + large + " for 100 µs");
    }

    @Test
    void badSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> BarrierFloor.nanosPerRound(0, 2, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BarrierFloor.nanosPerRound(1, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BarrierFloor.nanosPerRound(1, 2, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> BarrierFloor.nanosPerRound(1, 2, 1, 0));
    }
}
