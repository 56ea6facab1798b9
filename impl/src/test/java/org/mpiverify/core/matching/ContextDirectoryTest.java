package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.HandoffLock;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@link ContextDirectory}'s invariant under racing first uses: the state installed for an id is the only one
 * ever returned for it, whichever install grows the array. Two first uses are queued behind a held
 * {@link HandoffLock} in a chosen order (both orders, alternately), so a thread queued for the lock gets in
 * between the halves of an install split in two every time: a check of the slot and the store into it in two
 * sections (two states for one id), or a growth decided on an array another install has replaced meanwhile (a
 * copy without that install's state, or a state stored into an array no longer published).
 */
@ExtendWith(ThreadDumpOnFailure.class)
class ContextDirectoryTest {
    private static final int ROUNDS = 50;
    private static final long BOUND_MILLIS = 10_000;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void racingFirstUsesOfOneIdGetOneState() throws InterruptedException {
        race(5, 5);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void racingFirstUsesThatBothGrowTheArrayKeepBothStates() throws InterruptedException {
        race(40, 100);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFirstUseRacingAGrowthKeepsItsState() throws InterruptedException {
        race(3, 100);
    }

    /** First uses of {@code a} and {@code b} on a fresh directory of 16 slots, queued in both orders. */
    private static void race(int a, int b) throws InterruptedException {
        for (int round = 0; round < ROUNDS; round++) {
            HandoffLock lock = new HandoffLock();
            ContextDirectory<Object> d = new ContextDirectory<>(id -> new Object(), lock);
            Object[] got = new Object[2];
            Runnable first = () -> got[0] = d.get(a), second = () -> got[1] = d.get(b);
            if (round % 2 == 0) lock.runQueued(BOUND_MILLIS, first, second);
            else lock.runQueued(BOUND_MILLIS, second, first);
            String where = "round " + round + " (get(" + a + ") queued " + (round % 2 == 0 ? "first" : "second") + ")";
            assertNotNull(got[0], where);
            assertSame(got[0], d.getIfPresent(a), where + ": the state returned for " + a + " is not the one installed");
            assertSame(got[1], d.getIfPresent(b), where + ": the state returned for " + b + " is not the one installed");
            if (a == b) assertSame(got[0], got[1], where + ": two states for one id");
        }
    }
}
