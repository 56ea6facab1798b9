package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The steady state of a run of many ping-pong pairs: the time of its middle half. The pairs count their
 * round trips here ({@link #roundTrip()}, one striped add); one timing thread, right after it lets them go,
 * reads the count and the clock now and then and times the stretch from the first reading at or past a
 * quarter of all round trips to the first at or past three quarters. What lies outside (the start gate
 * waking 10^5 threads one after another, the last pairs finishing alone) is start-up and tail, not the
 * rate at which that many threads communicate; with a few round trips per pair it was most of the wall
 * time (10^5 pairs, 4 round trips each: 1.6 times the per-message time of 40 round trips each).
 *
 * <p>The count and the clock are read together at both ends, so when the readings fall moves the window,
 * not the rate measured in it. The timing thread sleeps between readings (it must not take a core from the
 * pairs it times): a quarter of the time the count needs to reach its next mark at the rate so far, from
 * 20 µs to 1 ms, so that a run of a few milliseconds is read often enough and a long one about once a
 * millisecond. If both marks pass between two readings (a short run, or a timing thread kept off its core),
 * the window starts at the reading before them, or at the gate: wider, never empty.
 */
final class SteadyWindow {
    static final double FROM = 0.25, TO = 0.75;
    private static final long MIN_SLEEP_NANOS = 20_000, MAX_SLEEP_NANOS = 1_000_000;

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
     * round trip) in the window; {@code gateNanos} is when the pairs were let go. Throws
     * IllegalStateException if {@code deadline} passes first (a hung run is then ended by its job's own
     * deadline).
     */
    double nanosPerMessage(long gateNanos, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        long from = (long) Math.ceil(total * FROM), to = (long) Math.ceil(total * TO);
        long prevT = gateNanos, prevC = 0, t0 = 0, c0 = -1;
        for (;;) {
            long c = done.sum(), t = System.nanoTime();
            if (c0 < 0 && c >= from) {
                if (c >= to) {          // both marks passed since the last reading: start there
                    t0 = prevT;
                    c0 = prevC;
                } else {
                    t0 = t;
                    c0 = c;
                }
            }
            if (c >= to) {
                return (t - t0) / (2.0 * (c - c0));
            }
            if (t - end > 0) {
                throw new IllegalStateException("steady window: " + c + " of " + total
                        + " round trips done at the deadline, waiting for " + (c0 < 0 ? from : to));
            }
            long next = c0 < 0 ? from : to;
            long sleep = c == 0 ? MIN_SLEEP_NANOS : (long) ((next - c) * (double) (t - gateNanos) / c / 4);
            LockSupport.parkNanos(Math.max(MIN_SLEEP_NANOS, Math.min(MAX_SLEEP_NANOS, sleep)));
            prevT = t;
            prevC = c;
        }
    }
}
