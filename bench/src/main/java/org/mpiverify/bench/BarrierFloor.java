package org.mpiverify.bench;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The floor under "two threads per rank at most twice one thread" (Fig. 4's multi2 and idup series): a
 * bare collective with nothing of MPI in it. {@code members} platform threads, one per "rank", run rounds of
 * a fixed amount of CPU work followed by a barrier (each publishes its round in a slot of its own line and
 * waits until every member has published it, as an allreduce of that many ranks waits). {@code groups} such
 * collectives run at once, as the two threads per rank run on two parents: one group is the one-thread
 * series, two groups the two-thread series.
 *
 * <p>A wait spins for {@link #SPIN_NANOS}, then yields on every look: on these machines that is the best of
 * spinning, yielding at once and spinning then yielding for two pairs on two cores (median 2.16x one pair
 * with about 1.3 µs of work a round; yielding at once 2.37x; spinning 2.5x to over 1,000x, when the two
 * spinning threads of a core belong to different pairs for a whole time slice). Where one group already
 * keeps every core busy, two groups need twice the CPU time, plus a thread switch wherever a member waits
 * for one that is off its core: their ratio is then above 2 whatever runs in the rounds, and a measured
 * two-thread ratio is read beside this one. It is not a bound where one group leaves cores idle.
 *
 * <p>Every wait gives up after 60 s with an exception.
 */
public final class BarrierFloor {
    /** How long a wait spins before it yields (as the core's ungated spin). */
    static final long SPIN_NANOS = 2_000;
    private static final long DEADLINE_NANOS = 60_000_000_000L;
    /** Slots apart in the round array: 16 longs, a line and its prefetch buddy. */
    private static final int STRIDE = 16;
    private static volatile long sink;

    private BarrierFloor() {
    }

    /**
     * Nanoseconds per round as one thread sees it (its loop time over {@code rounds}, the slowest thread of
     * all groups), with {@code units} of {@link #work} a round in each thread (see {@link #workUnits}).
     */
    public static double nanosPerRound(int groups, int members, long units, int rounds)
            throws InterruptedException {
        if (groups < 1 || members < 1 || rounds < 1 || units < 0) {
            throw new IllegalArgumentException("groups, members and rounds must be positive, work not negative");
        }
        AtomicLong slowest = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        Thread[] threads = new Thread[groups * members];
        for (int g = 0; g < groups; g++) {
            AtomicLongArray round = new AtomicLongArray(members * STRIDE);
            for (int m = 0; m < members; m++) {
                int me = m;
                threads[g * members + m] = Thread.ofPlatform().daemon(true).unstarted(() -> {
                    try {
                        slowest.accumulateAndGet(member(round, me, members, units, rounds, deadline), Math::max);
                    } catch (IllegalStateException e) {
                        failures.incrementAndGet();
                    }
                });
            }
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failures.get() != 0) {
            throw new IllegalStateException("bare barrier made no progress for 60 s");
        }
        return slowest.get() / (double) rounds;
    }

    private static long member(AtomicLongArray round, int me, int members, long units, int rounds, long deadline) {
        long t0 = System.nanoTime(), s = 0;
        for (int r = 1; r <= rounds; r++) {
            s += work(units);
            round.set(me * STRIDE, r);
            for (int peer = 0; peer < members; peer++) {
                await(round, peer * STRIDE, r, deadline);
            }
        }
        sink = s;
        return System.nanoTime() - t0;
    }

    private static void await(AtomicLongArray round, int slot, long r, long deadline) {
        if (round.get(slot) >= r) {
            return;
        }
        long start = System.nanoTime();
        for (int spins = 1; round.get(slot) < r; spins++) {
            if ((spins & 15) != 0) {
                Thread.onSpinWait();
                continue;
            }
            long now = System.nanoTime();
            if (now - deadline > 0) {
                throw new IllegalStateException("bare barrier made no progress for 60 s");
            }
            if (now - start > SPIN_NANOS) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Units of {@link #work} that take about {@code nanos} on this machine: after a warm-up that gets it
     * compiled, the fastest of 100 timings of 2^16 units (about 30 ms in all), the one the host disturbed
     * least. Calibrate once per run, so that every trial does the same work.
     */
    public static long workUnits(long nanos) {
        if (nanos <= 0) {
            return 0;
        }
        for (int i = 0; i < 20_000; i++) {   // compiled (C2) before it is timed: C1's code is several times slower
            sink = work(256);
        }
        long units = 1 << 16, best = Long.MAX_VALUE;
        for (int i = 0; i < 100; i++) {
            long t0 = System.nanoTime();
            sink = work(units);
            best = Math.min(best, System.nanoTime() - t0);
        }
        return Math.max(1, units * nanos / Math.max(1, best));
    }

    /**
     * A dependent chain of xorshift steps (each needs the last). Not a linear congruential step: C2 folds
     * unrolled multiply-adds by constants into one, and such a loop ran at 0.07 ns a step.
     */
    static long work(long units) {
        long x = units | 1;
        for (long i = 0; i < units; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
