package org.mpiverify.testkit;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Rounds of a two-thread race, started together: the two actions of a round run on two long-lived
 * threads that wait for the round's start flag spinning, so they start within about a hundred
 * nanoseconds of each other (a latch and fresh threads would start them microseconds apart, and a
 * check-then-act window of a few lock acquisitions would almost never be hit). Every wait is bounded: a
 * round that does not end within its bound fails with every thread's stack.
 */
public final class Races {
    /** Spins before a waiting thread yields the processor (2 cores: the other side may need it). */
    private static final int SPINS = 1 << 12;

    private Races() {}

    /**
     * For each round r: {@code setup(r)} on the calling thread, then {@code a(r)} and {@code b(r)} at once
     * on two threads, then {@code check(r)} on the calling thread once both have returned.
     */
    public static void race(int rounds, Duration roundBound, IntConsumer setup, IntConsumer a, IntConsumer b,
                            IntConsumer check) {
        AtomicInteger start = new AtomicInteger(-1);
        AtomicInteger finished = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread ta = worker("race-a", rounds, start, finished, failure, a);
        Thread tb = worker("race-b", rounds, start, finished, failure, b);
        try {
            for (int r = 0; r < rounds; r++) {
                setup.accept(r);
                start.set(r);
                long deadline = System.nanoTime() + roundBound.toNanos();
                int target = 2 * (r + 1);
                for (int spins = 0; finished.get() < target && failure.get() == null; spins++) {
                    if (System.nanoTime() - deadline > 0) {
                        String dump = ThreadDumps.dump("race round " + r + " still running after " + roundBound);
                        System.err.println(dump);
                        throw new AssertionError("race round " + r + " did not end within " + roundBound
                                + " (thread dump on stderr)");
                    }
                    pause(spins);
                }
                if (failure.get() != null) throw new AssertionError("round " + r + ": " + failure.get(), failure.get());
                check.accept(r);
            }
        } finally {
            start.set(Integer.MAX_VALUE);
            ta.interrupt();
            tb.interrupt();
        }
    }

    private static Thread worker(String name, int rounds, AtomicInteger start, AtomicInteger finished,
                                 AtomicReference<Throwable> failure, IntConsumer action) {
        Thread t = new Thread(() -> {
            for (int r = 0; r < rounds; r++) {
                for (int spins = 0; start.get() < r; spins++) {
                    if (Thread.currentThread().isInterrupted()) return;
                    pause(spins);
                }
                if (start.get() == Integer.MAX_VALUE) return;
                try {
                    action.accept(r);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    return;
                } finally {
                    finished.incrementAndGet();
                }
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Spin, then yield, then park briefly: a bounded busy wait that leaves the processor when it waits long. */
    static void pause(int spins) {
        if (spins < SPINS) {
            Thread.onSpinWait();
        } else if (spins < 2 * SPINS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(10_000);
        }
    }
}
