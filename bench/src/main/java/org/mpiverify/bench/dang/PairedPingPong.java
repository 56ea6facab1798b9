package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.mpi.ThreadMode;

/**
 * The multithreaded ping-pong of Dang, Snir &amp; Gropp §4.4 and Figs. 3–4: two ranks, {@code pairs}
 * threads per rank; thread {@code i} of rank 0 and thread {@code i} of rank 1 ping-pong
 * {@code bytes}-byte messages on tag {@code i}, all pairs at once, with blocking send and receive and the
 * core's default wait policy (platform threads spin briefly, virtual threads park at once).
 *
 * <p>Every thread first does {@value #WARM_UP} round trips, then waits at a start gate; the ranks meet in
 * a barrier, the gate opens, and the clock runs until every thread has done {@code roundTrips} more. So
 * thread creation, the first mounts and the table's growth are outside the measured time; the gate's
 * opening and the last pairs' finish are inside it. {@link #steady} times only the middle half of the
 * round trips instead ({@link SteadyWindow}): the rate at which that many threads communicate once they
 * all do. Every reply is checked (its first int).
 */
final class PairedPingPong {
    static final int WARM_UP = 2;

    /** What one run measured; {@code steadyNanosPerMessage} is NaN unless a {@link SteadyWindow} timed it. */
    record Result(long wallNanos, long messages, int roundTrips, double steadyNanosPerMessage) {
        /** Messages per second, all pairs together. */
        double rate() {
            return messages / (wallNanos / 1e9);
        }

        /** Half round trip of one pair, while all pairs run at once. */
        double halfRoundTripNanos() {
            return wallNanos / (2.0 * roundTrips);
        }
    }

    private PairedPingPong() {
    }

    /**
     * Nanoseconds per message, all pairs together, in the steady middle of a run ({@link SteadyWindow}:
     * from a quarter to three quarters of all round trips).
     */
    static double steady(int pairs, boolean virtual, int bytes, int roundTrips, Duration deadline) {
        return run(pairs, virtual, bytes, roundTrips, deadline, new SteadyWindow((long) pairs * roundTrips))
                .steadyNanosPerMessage();
    }

    /**
     * As {@link #steady}, with virtual threads on the bit-vector scheduler (Dang, Snir &amp; Gropp §3.1): each
     * rank's main thread and its pairs run on the rank's {@code DangScheduler}.
     */
    static double steadyOnScheduler(int pairs, int bytes, int roundTrips, Duration deadline) {
        return run(pairs, true, WakeUps.schedulerFor(pairs), bytes, roundTrips, deadline,
                new SteadyWindow((long) pairs * roundTrips)).steadyNanosPerMessage();
    }

    static Result run(int pairs, boolean virtual, int bytes, int roundTrips, Duration deadline) {
        return run(pairs, virtual, bytes, roundTrips, deadline, null);
    }

    private static Result run(int pairs, boolean virtual, int bytes, int roundTrips, Duration deadline,
                              SteadyWindow window) {
        return run(pairs, virtual, ThreadMode.JDK_VIRTUAL_THREADS, bytes, roundTrips, deadline, window);
    }

    private static Result run(int pairs, boolean virtual, ThreadMode mode, int bytes, int roundTrips,
                              Duration deadline, SteadyWindow window) {
        AtomicLong nanos = new AtomicLong();
        AtomicReference<Double> steady = new AtomicReference<>(Double.NaN);
        AtomicReference<String> wrong = new AtomicReference<>();
        JobConfig c = JobConfig.of(2).withMatching(MatchingKind.HASH_TABLE).withThreads(mode);
        DangJobs.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            CountDownLatch ready = new CountDownLatch(pairs);
            CountDownLatch go = new CountDownLatch(1);
            AtomicReference<Throwable> failed = new AtomicReference<>();
            List<Thread> ts = new ArrayList<>(pairs);
            for (int i = 0; i < pairs; i++) {
                int tag = i;
                Runnable body = () -> {
                    try {
                        int n = Math.max(1, bytes / 4);
                        int[] b = new int[n];
                        pingPong(w, me, tag, b, WARM_UP, wrong, null);
                        ready.countDown();
                        go.await();
                        pingPong(w, me, tag, b, roundTrips, wrong, me == 0 ? window : null);
                    } catch (Throwable e) {
                        failed.compareAndSet(null, e);
                        ready.countDown();
                    }
                };
                ts.add(virtual ? Thread.ofVirtual().start(body) : Thread.ofPlatform().daemon(true).start(body));
            }
            ready.await();
            w.barrier();
            long t0 = System.nanoTime();
            go.countDown();
            if (window != null && me == 0) {
                steady.set(window.nanosPerMessage(t0, deadline));
            }
            for (Thread t : ts) {
                t.join();                           // the job's deadline aborts a hung call
            }
            w.barrier();
            if (me == 0) {
                nanos.set(System.nanoTime() - t0);
            }
            if (failed.get() != null) {
                throw new IllegalStateException("a ping-pong thread failed", failed.get());
            }
            mpi.finalizeMpi();
        }, deadline);
        if (wrong.get() != null) {
            throw new IllegalStateException(wrong.get());
        }
        return new Result(nanos.get(), 2L * pairs * roundTrips, roundTrips, steady.get());
    }

    private static void pingPong(Comm w, int me, int tag, int[] b, int roundTrips, AtomicReference<String> wrong,
                                 SteadyWindow window) {
        int n = b.length;
        for (int k = 0; k < roundTrips; k++) {
            if (me == 0) {
                b[0] = 2 * k;
                w.send(b, 0, n, Datatype.INT, 1, tag);
                w.recv(b, 0, n, Datatype.INT, 1, tag);
                if (b[0] != 2 * k + 1) {
                    wrong.compareAndSet(null, "pair " + tag + " round " + k + ": reply " + b[0]);
                }
                if (window != null) {
                    window.roundTrip();
                }
            } else {
                w.recv(b, 0, n, Datatype.INT, 0, tag);
                b[0]++;
                w.send(b, 0, n, Datatype.INT, 0, tag);
            }
        }
    }
}
