package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.mpiverify.core.sched.DangScheduler;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.mpi.ThreadMode;

/**
 * Dang, Snir &amp; Gropp §4.1 (thread scheduling): what it costs to wake a blocked receiver, with many
 * threads blocked at once. Their scheduler makes ThreadSignal one atomic bit-set and ThreadWait one
 * context switch, whatever the number of threads; the core's are a volatile flag plus
 * {@code LockSupport.unpark}/{@code park}, and for virtual threads the JDK's scheduler.
 *
 * <p>Both kernels run {@code pairs} pairs of threads, each pair passing a token back and forth
 * {@code roundTrips} times, every receiver blocked (parked) before its token arrives, and report the
 * wall time per handoff (wall time / handoffs, all pairs at once: the inverse of the handoff rate).
 * <ul>
 *   <li>{@link #coreNanos}: two ranks, pair {@code i} of rank 0 and pair {@code i} of rank 1 ping-pong
 *       on tag {@code i} with blocking send/recv, under a wait policy that parks at once (no spin, no
 *       yield, also for platform threads), so every receive really blocks and is woken by the sender;
 *   <li>{@link #bareNanos}: the floor, the same pairs passing a volatile turn word with
 *       {@code LockSupport.park}/{@code unpark} and nothing else;</li>
 *   <li>{@link #bareFloorNanos}: the same bare pairs on {@link MountFloor}, the JDK's mount/unmount per
 *       switch under a scheduler that does nothing else: the floor of the bit-vector scheduler's handoff.</li>
 * </ul>
 */
final class WakeUps {
    /** Park at once, for platform and virtual threads: every wait is a blocked-and-woken wait. */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 50_000_000);

    private WakeUps() {
    }

    /** Wall ns per handoff of {@code pairs} core ping-pong pairs whose receivers always park. */
    static double coreNanos(int pairs, boolean virtual, int roundTrips, Duration deadline) {
        return coreNanos(pairs, virtual, ThreadMode.JDK_VIRTUAL_THREADS, roundTrips, deadline);
    }

    /**
     * As {@link #coreNanos(int, boolean, int, Duration)} on the bit-vector scheduler (Dang, Snir &amp; Gropp §3.1):
     * the ranks' threads, and the pairs' virtual threads they start, run on each rank's {@code DangScheduler}.
     */
    static double coreSchedulerNanos(int pairs, int roundTrips, Duration deadline) {
        return coreNanos(pairs, true, schedulerFor(2 * pairs), roundTrips, deadline);
    }

    /** One worker per rank, holding every thread of a rank (rounded up to a multiple of 512). */
    static ThreadMode schedulerFor(int threads) {
        int perWorker = DangScheduler.DEFAULT_THREADS_PER_WORKER;
        int workers = Math.max(1, (threads + 1 + perWorker - 1) / perWorker);
        return ThreadMode.dang(workers, perWorker);
    }

    private static double coreNanos(int pairs, boolean virtual, ThreadMode mode, int roundTrips, Duration deadline) {
        JobConfig c = JobConfig.of(2).withMatching(MatchingKind.HASH_TABLE).withWaitPolicy(PARK_AT_ONCE)
                .withThreads(mode);
        AtomicLong nanos = new AtomicLong();
        DangJobs.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            w.barrier();
            long t0 = System.nanoTime();
            DangJobs.onThreads(pairs, virtual, i -> {
                int[] b = new int[1];
                for (int k = 0; k < roundTrips; k++) {
                    if (me == 0) {
                        w.send(b, 0, 1, Datatype.INT, 1, i);
                        w.recv(b, 0, 1, Datatype.INT, 1, i);
                    } else {
                        w.recv(b, 0, 1, Datatype.INT, 0, i);
                        w.send(b, 0, 1, Datatype.INT, 0, i);
                    }
                }
            });
            w.barrier();
            if (me == 0) {
                nanos.set(System.nanoTime() - t0);
            }
            mpi.finalizeMpi();
        }, deadline);
        return nanos.get() / (2.0 * pairs * roundTrips);
    }

    /** Wall ns per handoff of {@code pairs} bare park/unpark pairs. */
    static double bareNanos(int pairs, boolean virtual, int roundTrips, Duration deadline) throws Exception {
        return bareNanos(pairs, builder(virtual), roundTrips, deadline);
    }

    /**
     * Wall ns per handoff of {@code pairs} bare park/unpark pairs on a bit-vector scheduler of one worker (more
     * if the threads do not fit one): ThreadSignal and ThreadWait with nothing else, the §4.1 floor of that
     * scheduler, beside {@link #bareNanos(int, boolean, int, Duration)}'s JDK scheduler.
     */
    static double bareSchedulerNanos(int pairs, int roundTrips, Duration deadline) throws Exception {
        ThreadMode m = schedulerFor(2 * pairs);
        try (DangScheduler s = new DangScheduler("bench-wakeups", m.workers(), m.threadsPerWorker())) {
            return bareNanos(pairs, s.threads(), roundTrips, deadline);
        }
    }

    /**
     * Wall ns per handoff of {@code pairs} bare park/unpark pairs on {@link MountFloor}, a one-worker scheduler of
     * virtual threads that only runs what it is handed: the JDK's mount/unmount and a queue pass per switch, the
     * floor under {@link #bareSchedulerNanos} and any other scheduler of virtual threads at that count.
     */
    static double bareFloorNanos(int pairs, int roundTrips, Duration deadline) throws Exception {
        try (MountFloor floor = new MountFloor()) {
            return bareNanos(pairs, floor.threads(), roundTrips, deadline);
        }
    }

    private static Thread.Builder builder(boolean virtual) {
        return virtual ? Thread.ofVirtual() : Thread.ofPlatform().daemon(true);
    }

    private static double bareNanos(int pairs, Thread.Builder builder, int roundTrips, Duration deadline) throws Exception {
        List<Thread> all = turnPairs(pairs, builder, roundTrips, null, () -> { });
        long t0 = System.nanoTime();
        for (Thread t : all) {
            t.start();
        }
        DangJobs.joinAll(all, deadline);
        return (System.nanoTime() - t0) / (2.0 * pairs * roundTrips);
    }

    /**
     * As {@link #bareNanos}, in the steady middle of the run ({@link SteadyWindow}): every thread is started
     * and waits at a gate, the gate opens, and the window times the middle half of the round trips. The floor
     * of §4.4, timed as the core's pairs are ({@link PairedPingPong#steady}).
     */
    static double bareSteadyNanos(int pairs, boolean virtual, int roundTrips, Duration deadline) throws Exception {
        SteadyWindow window = new SteadyWindow((long) pairs * roundTrips);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> all = turnPairs(pairs, builder(virtual), roundTrips, go, window::roundTrip);
        for (Thread t : all) {
            t.start();
        }
        long gate = System.nanoTime();
        go.countDown();
        double nanos = window.nanosPerMessage(gate, deadline);
        DangJobs.joinAll(all, deadline);
        return nanos;
    }

    /**
     * The unstarted threads of {@code pairs} pairs passing a {@link Turn} back and forth {@code roundTrips}
     * times, each first waiting at {@code gate} if there is one; side 0 runs {@code onRoundTrip} after each.
     */
    private static List<Thread> turnPairs(int pairs, Thread.Builder builder, int roundTrips, CountDownLatch gate,
                                          Runnable onRoundTrip) {
        List<Thread> all = new ArrayList<>(2 * pairs);
        for (int i = 0; i < pairs; i++) {
            Turn turn = new Turn();
            for (int side = 0; side < 2; side++) {
                int mine = side;
                Runnable body = () -> {
                    if (gate != null) {
                        try {
                            gate.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                    for (int k = 0; k < roundTrips; k++) {
                        if (mine == 0) {
                            turn.pass(1);
                            turn.await(0);
                            onRoundTrip.run();
                        } else {
                            turn.await(1);
                            turn.pass(0);
                        }
                    }
                };
                Thread t = builder.unstarted(body);
                turn.threads[side] = t;         // both known before either starts: no start-up handshake
                all.add(t);
            }
        }
        return all;
    }

    /** A token passed between two threads: the turn word, then an unpark of the other; the other parks until it sees it. */
    static final class Turn {
        volatile int turn;
        final Thread[] threads = new Thread[2];

        void pass(int to) {
            turn = to;                       // volatile write, then unpark: the waiter re-reads after park
            LockSupport.unpark(threads[to]);
        }

        void await(int me) {
            while (turn != me) {
                LockSupport.park(this);      // untimed: the other's unpark follows its turn write
            }
        }
    }
}
