package org.mpiverify.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.request.Completion;

/** The spin gate admits at most its permits, and a gated wait still completes (it parks instead). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpinGateTest {

    /**
     * Six threads released together take and give back permits of a two-permit gate: never more than
     * two inside at once (tryEnter's CAS), and none lost or duplicated at the end (exit's decrement).
     */
    @Test
    @Timeout(60)
    void admitsAtMostItsPermitsUnderContention() throws Exception {
        SpinGate gate = new SpinGate(2);
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(6);
        Thread[] ts = new Thread[6];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = Thread.ofPlatform().start(() -> {
                try {
                    start.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int k = 0; k < 200_000; k++) {
                    if (gate.tryEnter()) {
                        int n = inside.incrementAndGet();
                        maxInside.accumulateAndGet(n, Math::max);
                        inside.decrementAndGet();
                        gate.exit();
                    }
                }
            });
        }
        for (Thread t : ts) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(t.isAlive(), "gate user still running");
        }
        assertTrue(maxInside.get() <= 2, "more spinners than permits: " + maxInside.get());
        assertEquals(0, gate.spinners(), "permits lost or duplicated");
    }

    /** As many permits as threads: every tryEnter succeeds, so exits race each other; none may be lost. */
    @Test
    @Timeout(60)
    void concurrentExitsGiveBackEveryPermit() throws Exception {
        SpinGate gate = new SpinGate(4);
        CyclicBarrier start = new CyclicBarrier(4);
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = Thread.ofPlatform().start(() -> {
                try {
                    start.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int k = 0; k < 200_000; k++) {
                    if (gate.tryEnter()) gate.exit();
                }
            });
        }
        for (Thread t : ts) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(t.isAlive(), "gate user still running");
        }
        assertEquals(0, gate.spinners(), "permits lost or duplicated by racing exits");
    }

    @Test
    @Timeout(60)
    void aWaitWithoutAPermitParksAndStillCompletes() throws Exception {
        SpinGate closed = new SpinGate(0);
        Completion c = new Completion();
        WaitPolicy policy = new WaitPolicy(10_000_000, 1_000, 0, 1_000_000);
        Thread waiter = Thread.ofPlatform().start(() -> assertTrue(c.await(() -> false, policy, closed)));
        // No sleep: signal whenever; the waiter either sees it while spinning or is unparked.
        c.signal();
        waiter.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(waiter.isAlive());
        assertEquals(0, closed.spinners());
    }
}
