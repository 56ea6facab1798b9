package org.mpiverify.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** EventCount, SerializedCallDetector and CriticalSections. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SyncTest {
    private static final WaitPolicy NO_SPIN = new WaitPolicy(0, 0, 0, 50_000_000);

    /**
     * A signal between the waiter's ticket and its await ends the await on its first look at the count, before it
     * asks its abort condition (which here says "abort", so a wait that missed the signal returns false instead of
     * parking). A signal that comes later, between the wait's look and its park, is {@code EventCountTest}'s
     * (deterministic, through the abort check); a race of the two threads cannot show a lost wake-up here, since a
     * wait without a registry parks in 50 ms slices and looks again.
     */
    @Test
    void eventCountDoesNotMissASignalBetweenTicketAndAwait() {
        for (WaitPolicy policy : new WaitPolicy[] {NO_SPIN, WaitPolicy.DEFAULT}) {
            EventCount ec = new EventCount();
            long ticket = ec.ticket();
            ec.signal();
            assertTrue(ec.await(ticket, () -> true, policy), "the await missed the signal made after its ticket");
        }
    }

    @Test
    void eventCountAwaitEndsOnAbort() {
        EventCount ec = new EventCount();
        assertFalse(ec.await(ec.ticket(), () -> true, NO_SPIN));
    }

    @Test
    void serializedDetectorReportsOverlapAndNothingElse() throws Exception {
        SerializedCallDetector d = new SerializedCallDetector();
        assertNull(d.enter());
        assertNull(d.enter(), "a nested call of the same thread is no overlap");
        Thread[] other = new Thread[1];
        Thread t = Thread.ofPlatform().start(() -> other[0] = d.enter());
        t.join();
        assertSame(Thread.currentThread(), other[0], "the overlapping thread learns who is inside");
        d.exit();
        Thread t2 = Thread.ofPlatform().start(() -> {
            other[0] = d.enter();
            d.exit();
        });
        t2.join();
        assertNull(other[0], "calls ordered one after the other are not reported");
    }

    @Test
    void globalHoldsTheRankMutexPerCallAndReleasesItWhileBlocked() throws Exception {
        CriticalSections cs = CriticalSections.forMultiple(Granularity.GLOBAL, true);
        cs.enterCall(() -> false);
        cs.beforeBlocking();
        boolean[] entered = new boolean[1];
        Thread t = Thread.ofPlatform().start(() -> {
            cs.enterCall(() -> false);
            entered[0] = true;
            cs.exitCall();
        });
        t.join();
        assertTrue(entered[0], "another thread enters while this one is blocked");
        cs.afterBlocking(() -> false);
        cs.exitCall();
        assertEquals(3, cs.acquisitions());
    }

    @Test
    void namedSectionsFollowTheGranularity() {
        var brief = CriticalSections.forMultiple(Granularity.BRIEF_GLOBAL, true);
        brief.section(Section.CONTEXT_ID).lock();
        brief.section(Section.CONTEXT_ID).unlock();
        brief.enterCall(() -> false);
        brief.exitCall();
        assertEquals(1, brief.acquisitions(), "BRIEF_GLOBAL: named sections lock, calls do not");
        var global = CriticalSections.forMultiple(Granularity.GLOBAL, true);
        global.section(Section.CONTEXT_ID).lock();
        global.section(Section.CONTEXT_ID).unlock();
        assertEquals(0, global.acquisitions(), "GLOBAL: named sections are empty (the call holds the mutex)");
        assertFalse(CriticalSections.unlocked().isLocking());
    }
}
