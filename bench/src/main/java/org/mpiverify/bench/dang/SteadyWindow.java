package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The steady state of a run of many ping-pong pairs: the time of its middle half. The pairs count their
 * round trips here ({@link #roundTrip()}, one striped add); one timing thread, right after it lets them go,
 * reads the count about once a millisecond and times the stretch from the first reading at or past a
 * quarter of all round trips to the first at or past three quarters. What lies outside (the start gate
 * waking 10^5 threads one after another, the last pairs finishing alone) is start-up and tail, not the
 * rate at which that many threads communicate; with a few round trips per pair it was most of the wall
 * time (10^5 pairs, 4 round trips each: 1.6 times the per-message time of 40 round trips each).
 *
 * <p>The count and the clock are read together at both ends, so the granularity of the polling moves the
 * window, not the rate measured in it. The timing thread sleeps between readings (it must not take a core
 * from the pairs it times).
 */
final class SteadyWindow {
    static final double FROM = 0.25, TO = 0.75;
    private static final long POLL_NANOS = 1_000_000;

    private final LongAdder done = new LongAdder();
    private final long total;

    /** A window over {@code total} round trips, all pairs together. */
    SteadyWindow(long total) {
        if (total < 4) {
            throw new IllegalArgumentException("a window needs at least 4 round trips, not " + total);
        }
        this.total = total;
    }

    /** One round trip done (by one side of a pair). */
    void roundTrip() {
        done.increment();
    }

    /**
     * Waits until {@link #TO} of the round trips are done and returns the nanoseconds per message (two per
     * round trip) in the window; throws IllegalStateException if {@code deadline} passes first (a hung run
     * is then ended by its job's own deadline).
     */
    double nanosPerMessage(Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        long from = (long) Math.ceil(total * FROM), to = (long) Math.ceil(total * TO);
        long c0 = awaitCount(from, end), t0 = System.nanoTime();
        long c1 = awaitCount(to, end), t1 = System.nanoTime();
        if (c1 <= c0) {
            throw new IllegalStateException("empty window: " + c0 + " round trips at its start, " + c1 + " at its end");
        }
        return (t1 - t0) / (2.0 * (c1 - c0));
    }

    private long awaitCount(long target, long end) {
        for (;;) {
            long c = done.sum();
            if (c >= target) {
                return c;
            }
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException("steady window: " + c + " of " + total
                        + " round trips done at the deadline, waiting for " + target);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
