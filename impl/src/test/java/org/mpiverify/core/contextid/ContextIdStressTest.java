package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Free-running stress of {@link MultithreadedContextIdAllocator}: 4 processes, 9 communicators with
 * overlapping and cyclic memberships plus concurrent createGroup calls on one parent, 3–5 threads per
 * process, a small id space (so exhaustion happens under contention too) and a full one, thousands of
 * allocations.
 * The ledger checks agreement and uniqueness on every call; every thread must finish by the deadline.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class ContextIdStressTest {

    /**
     * Platform threads (virtual ones: {@link MultithreadedContextIdAllocatorTest#virtualThreadCallersUnderContentionMakeProgress}).
     */
    @ParameterizedTest(name = "capacity {0}")
    @ValueSource(ints = {14, 1024})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void manyThreadsManyCommsPlatformThreads(int capacity) {
        stress(capacity, false);
    }

    static void stress(int capacity, boolean virtual) {
        SimWorld w = new SimWorld(4, () -> new MultithreadedContextIdAllocator(capacity, true), Duration.ofSeconds(10));
        int parent = w.allocateOnAll(w.comm("P", 0, 1, 2, 3), 0, -1);
        record Spec(SimComm comm, int parentCtx, int tag) {}
        List<Spec> specs = new ArrayList<>();
        int[][] dupComms = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 2, 3}};
        for (int i = 0; i < dupComms.length; i++) {
            SimComm c = w.comm("D" + i, dupComms[i]);
            specs.add(new Spec(c, w.allocateOnAll(c, parent, 100 + i), -1));
        }
        int[][] groups = {{0, 1, 2}, {0, 1, 2}, {1, 3}};
        for (int g = 0; g < groups.length; g++) specs.add(new Spec(w.comm("G" + g, groups[g]), parent, g));

        int calls = 400;
        List<Runnable> tasks = new ArrayList<>();
        for (Spec s : specs) {
            for (int p : s.comm().members) {
                MaskAllreduce ar = s.comm().at(p);
                tasks.add(() -> {
                    ArrayDeque<Integer> window = new ArrayDeque<>();
                    // The same seed on every member: they must keep the same number of ids live, or one member's
                    // exhaustion would differ from another's for reasons outside the allocator.
                    java.util.Random r = new java.util.Random(s.comm().name.hashCode());
                    for (long call = 0; call < calls; call++) {
                        try {
                            int id = w.proc(p).allocate(s.parentCtx(), s.tag(), ar);
                            w.took(s.comm(), call, p, id);
                            window.add(id);
                        } catch (MpiException e) {
                            assertEquals(ErrorClass.ERR_OTHER, e.errorClass());
                            w.exhausted(s.comm(), call, p);
                        }
                        int keep = r.nextInt(6);    // up to 5 live per thread: capacity 14 runs out
                        while (window.size() > keep) w.free(p, window.poll());
                        if (ThreadLocalRandom.current().nextInt(8) == 0) Thread.yield();
                    }
                    while (!window.isEmpty()) w.free(p, window.poll());
                });
            }
        }
        long t0 = System.nanoTime();
        SimWorld.Workers.runAll("stress", tasks, Duration.ofSeconds(25), w, virtual);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        w.assertConsistent();
        assertEquals(specs.size() * calls, w.calls());
        int dupIds = dupComms.length;
        int[] live = new int[4];                 // P's context plus the D comms' contexts stay live
        for (int p = 0; p < 4; p++) live[p] = 1;
        for (int[] m : dupComms) for (int p : m) live[p]++;
        for (int p = 0; p < 4; p++) assertEquals(capacity - 2 - live[p], w.proc(p).freeCount(), "ids leaked on process " + p);
        ContextIdStats s0 = w.proc(1).stats();
        System.out.printf("stress (capacity %d, virtual=%b): %d threads, %d calls in %d ms; process 1: %d ids, %d exhausted, "
                        + "%.2f allreduce rounds and %.2f lock acquisitions per call, max %d rounds%n",
                capacity, virtual, tasks.size(), specs.size() * calls, ms, s0.allocations(), s0.exhausted(),
                s0.roundsPerCall(), s0.locksPerCall(), s0.maxRoundsPerCall());
        assertTrue(s0.roundsPerCall() > 1.0, "no contention at all: the stress did not stress");
        long exhausted = w.procs.stream().mapToLong(a -> a.stats().exhausted()).sum();
        if (capacity <= 14) assertTrue(exhausted > 0, "capacity " + capacity + " should run out sometimes");
        assertTrue(dupIds > 0);
    }
}
