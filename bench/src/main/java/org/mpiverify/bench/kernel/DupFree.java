package org.mpiverify.bench.kernel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * Gropp &amp; Thakur Fig. 4's kernel, for the core's series ({@code DupFigure}, {@code CoreBench}) and
 * every native one ({@code DupScenario}): each of a rank's threads dups its own parent communicator and
 * frees the copy {@code iterations} times. The value is per call as one thread sees it: the slowest
 * thread's loop time over its iterations. Each copy's size is checked against the parent's.
 */
public final class DupFree {
    private DupFree() {
    }

    /** One parent per thread, dup'ed from {@code world} before the threads start. */
    public static KernelComm[] parents(KernelComm world, int threads) {
        KernelComm[] p = new KernelComm[threads];
        for (int t = 0; t < threads; t++) {
            p[t] = world.dup();
        }
        return p;
    }

    /**
     * A barrier on {@code world}, then thread {@code t} of {@code parents.length} dups and frees
     * {@code parents[t]} {@code iterations} times; returns the slowest thread's nanoseconds. A copy of
     * the wrong size counts in {@code bad}.
     */
    public static long slowestThreadNanos(KernelComm world, KernelComm[] parents, int iterations, AtomicInteger bad)
            throws Exception {
        return slowestThreadNanos(world, parents, iterations, bad, KernelComm::dup);
    }

    /**
     * As {@link #slowestThreadNanos(KernelComm, KernelComm[], int, AtomicInteger)}, each copy made by
     * {@code copy} ({@link KernelComm#idupAndWait}: the nonblocking series).
     */
    public static long slowestThreadNanos(KernelComm world, KernelComm[] parents, int iterations, AtomicInteger bad,
                                          UnaryOperator<KernelComm> copy) throws Exception {
        int size = world.size();
        AtomicLong slowest = new AtomicLong();
        world.barrier();
        Threads.run("dup", parents.length, t -> {
            long t0 = System.nanoTime();
            for (int i = 0; i < iterations; i++) {
                KernelComm c = copy.apply(parents[t]);
                if (c.size() != size) {
                    bad.incrementAndGet();
                }
                c.free();
            }
            slowest.accumulateAndGet(System.nanoTime() - t0, Math::max);
        });
        return slowest.get();
    }

    public static void free(KernelComm[] parents) {
        for (KernelComm p : parents) {
            p.free();
        }
    }
}
