package org.mpiverify.trace.matching;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.trace.spi.WorkloadThreads;

/**
 * The matching workload of trace validation: every rank sends to the next rank and receives from the
 * previous one, with {@code threads} sending and {@code threads} receiving threads, {@code rounds} rounds
 * each. A round of receiving thread t (its peer sending thread t runs the mirror image):
 * <ol>
 *   <li>posts {@code irecv(peer, t)} and sends READY: the peer's first message finds it posted;</li>
 *   <li>waits for DONE, sent after the peer's second message: that one arrived unexpected, and is
 *       received with {@code (ANY_SOURCE, t)} every fourth round (the context goes wild in the hash
 *       engine, and back to fast after its linger), else exactly;</li>
 *   <li>receives two messages on a second communicator whose receives are all wildcards
 *       ({@code (peer, ANY_TAG)} and {@code (ANY_SOURCE, ANY_TAG)}), so any of them may take any message
 *       there, and every other round takes one of them by {@code mprobe} + {@code mrecv};</li>
 *   <li>posts a receive nobody sends to and cancels it.</li>
 * </ol>
 * When every thread is done, each rank receives from itself exactly, as many times as the hash engine's
 * linger ({@link #exactTail}), so the run always ends with the switch back to fast mode.
 * Wildcards never match another thread's messages on the first communicator (one tag per thread), and
 * every receive on the second matches every message there, so every receive is matched and the run ends.
 *
 * <p>Two more workloads drive the known-bad twins ({@link MatchingTwins}) into their defects:
 * {@link #race} (posts, arrivals and mode switches at once) and {@link #drain} (unexpected messages of
 * several tags, then wildcard receives).
 */
public final class MatchingWorkload {
    private static final int READY = 1000;
    private static final int DONE = 2000;
    private static final int NOBODY = 3000;
    private static final int WILD_TAG = 4000;
    private static final int TAIL = 5000;
    private static final int TAIL_ROUNDS = HashMatchingEngine.DEFAULT_WILDCARD_LINGER;
    /**
     * Messages a racing sender may send ahead of its receiver: keeps the queues short, so that receives
     * are often posted just as their messages arrive (and the trace stays quick to check).
     */
    private static final int CREDIT = 8;

    private MatchingWorkload() {}

    /** Runs the workload on {@code config}'s ranks (at least 2); returns the job's result (check {@code ok()}). */
    public static JobResult run(JobConfig config, int threads, int rounds, Duration deadline) {
        if (config.ranks() < 2) throw new IllegalArgumentException("the matching workload needs 2 ranks or more");
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            Comm wild = world.dup();
            int n = world.size();
            int next = (world.rank() + 1) % n;
            int prev = (world.rank() + n - 1) % n;
            WorkloadThreads workers = new WorkloadThreads("a workload thread");
            for (int t = 0; t < threads; t++) {
                int tag = t;
                workers.start("send-r" + world.rank() + "-t" + t,
                        () -> sender(world, wild, next, tag, rounds));
                workers.start("recv-r" + world.rank() + "-t" + t,
                        () -> receiver(world, wild, prev, tag, rounds));
            }
            workers.join();
            exactTail(world);
            wild.free();
            mpi.finalizeMpi();
        }, deadline);
    }

    /**
     * After the threads: {@value #TAIL_ROUNDS} exact receives from this rank itself, each posted before its
     * message, on a context with no wildcard posted any more (every thread's receives completed or were
     * cancelled). That is two exact operations a round, more than the hash engine's default linger
     * ({@link HashMatchingEngine#DEFAULT_WILDCARD_LINGER}), so a context left in wild mode by the last
     * wildcard round always switches back to fast before the run ends, however the threads interleaved
     * (without the tail it did only when the wildcard rounds ended early enough, a matter of timing).
     */
    private static void exactTail(Comm world) {
        int[] buf = new int[1];
        int self = world.rank();
        for (int i = 0; i < TAIL_ROUNDS; i++) {
            Request r = world.irecv(buf, 0, 1, Datatype.INT, self, TAIL);
            world.send(new int[] {i}, 0, 1, Datatype.INT, self, TAIL);
            r.waitFor();
        }
    }

    /** Rounds of {@link #run} for about {@code events} matching events in all (measured: 14 per round, thread, rank). */
    public static int roundsFor(int events, int ranks, int threads) {
        return Math.max(1, events / (14 * ranks * threads));
    }

    /**
     * The workload of {@code trace --workload} for about {@code events} events in all: {@link #run} for the
     * core's engines; for a twin the workload that drives it into its defect: {@link #drain} for
     * {@code UnsortedDrainHashEngine}, {@link #race} for the others (measured: about 2.2 events per message
     * and rank in a race, 23 per round and rank in a drain of 8 tags).
     */
    public static JobResult forTrace(JobConfig config, int threads, int events, Duration deadline) {
        String twin = config.overrides() == null || config.overrides().matching() == null ? null
                : config.overrides().name();
        if (twin == null) return run(config, threads, roundsFor(events, config.ranks(), threads), deadline);
        if (twin.equals("UnsortedDrainHashEngine")) {
            return drain(config, 8, Math.max(1, events / (23 * config.ranks())), deadline);
        }
        return race(config, threads, Math.max(1, 10 * events / (22 * config.ranks() * threads)), deadline);
    }

    private static void sender(Comm world, Comm wild, int dest, int tag, int rounds) {
        int[] buf = new int[1];
        for (int i = 0; i < rounds; i++) {
            buf[0] = i;
            world.recv(new int[1], 0, 1, Datatype.INT, dest, READY + tag);
            world.send(buf, 0, 1, Datatype.INT, dest, tag);              // finds its receive posted
            world.send(buf, 0, 1, Datatype.INT, dest, tag);              // arrives unexpected
            world.send(buf, 0, 1, Datatype.INT, dest, DONE + tag);
            wild.send(buf, 0, 1, Datatype.INT, dest, WILD_TAG + tag);
            wild.send(buf, 0, 1, Datatype.INT, dest, WILD_TAG + 100 + tag);
        }
    }

    private static void receiver(Comm world, Comm wild, int source, int tag, int rounds) {
        int[] buf = new int[1];
        for (int i = 0; i < rounds; i++) {
            Request first = world.irecv(buf, 0, 1, Datatype.INT, source, tag);
            world.send(buf, 0, 1, Datatype.INT, source, READY + tag);
            world.recv(new int[1], 0, 1, Datatype.INT, source, DONE + tag);
            first.waitFor();
            world.recv(buf, 0, 1, Datatype.INT, i % 4 == 1 ? Mpi.ANY_SOURCE : source, tag);
            if (i % 2 == 0) {
                Status[] st = new Status[1];
                Message m = wild.mprobe(source, Mpi.ANY_TAG, st);
                m.mrecv(buf, 0, 1, Datatype.INT);
            } else {
                wild.recv(buf, 0, 1, Datatype.INT, source, Mpi.ANY_TAG);
            }
            wild.recv(buf, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
            Request never = world.irecv(buf, 0, 1, Datatype.INT, source, NOBODY + tag);
            never.cancel();
            never.waitFor();
        }
    }

    /**
     * Posts, arrivals and mode switches at once: on every rank {@code threads} threads send {@code rounds}
     * messages each (tag t) to the next rank, {@code threads} threads receive them exactly as they come,
     * a sender at most {@value #CREDIT} messages ahead of its receiver, and one thread polls {@code iprobe(ANY_SOURCE, ANY_TAG)} meanwhile, which in the
     * hash engine switches the context to wild mode each time (and the next exact operation back, with a
     * linger of 1). The race of a check-then-act arrival, or of a mode word read outside the bucket lock,
     * leaves a matching receive and message both pending: a receiving thread then waits until the
     * deadline (the job reports a hang); the trace shows the wrong step.
     */
    public static JobResult race(JobConfig config, int threads, int rounds, Duration deadline) {
        if (config.ranks() < 2) throw new IllegalArgumentException("the race workload needs 2 ranks or more");
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            int n = world.size();
            int next = (world.rank() + 1) % n;
            int prev = (world.rank() + n - 1) % n;
            AtomicInteger receiving = new AtomicInteger(threads);
            WorkloadThreads workers = new WorkloadThreads("a workload thread");
            for (int t = 0; t < threads; t++) {
                int tag = t;
                workers.start("send-r" + world.rank() + "-t" + t, () -> {
                    int[] buf = new int[1];
                    for (int i = 0; i < rounds; i++) {
                        world.send(buf, 0, 1, Datatype.INT, next, tag);
                        if (i % CREDIT == CREDIT - 1) world.recv(buf, 0, 1, Datatype.INT, next, READY + tag);
                    }
                });
                workers.start("recv-r" + world.rank() + "-t" + t, () -> {
                    int[] buf = new int[1];
                    for (int i = 0; i < rounds; i++) {
                        world.recv(buf, 0, 1, Datatype.INT, prev, tag);
                        if (i % CREDIT == CREDIT - 1) world.send(buf, 0, 1, Datatype.INT, prev, READY + tag);
                    }
                    receiving.decrementAndGet();
                });
            }
            workers.start("probe-r" + world.rank(), () -> {
                // Bounded: at most a few probes per message, and none once every receiver is done.
                for (long i = 0, bound = 8L * threads * rounds; i < bound && receiving.get() > 0; i++) {
                    world.iprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                }
            });
            workers.join();
            mpi.finalizeMpi();
        }, deadline);
    }

    /**
     * Unexpected messages of several tags, then wildcard receives: on every rank one thread sends
     * {@code tags} messages (tags 0 .. tags-1) to the next rank, then a token on a second communicator;
     * one thread waits for the token and receives the messages with {@code (source, ANY_TAG)}: MPI's
     * order gives them in send order. In the hash engine the first wildcard receive moves the messages
     * from the table to the wild-mode queues, which must keep their arrival order.
     */
    public static JobResult drain(JobConfig config, int tags, int rounds, Duration deadline) {
        if (config.ranks() < 2) throw new IllegalArgumentException("the drain workload needs 2 ranks or more");
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            Comm tokens = world.dup();
            int n = world.size();
            int next = (world.rank() + 1) % n;
            int prev = (world.rank() + n - 1) % n;
            WorkloadThreads workers = new WorkloadThreads("a workload thread");
            workers.start("send-r" + world.rank(), () -> {
                int[] buf = new int[1];
                for (int i = 0; i < rounds; i++) {
                    for (int tag = 0; tag < tags; tag++) {
                        buf[0] = tag;
                        world.send(buf, 0, 1, Datatype.INT, next, tag);
                    }
                    tokens.send(buf, 0, 1, Datatype.INT, next, 0);
                    tokens.recv(buf, 0, 1, Datatype.INT, next, 1);   // the receiver's round is over
                }
            });
            workers.start("recv-r" + world.rank(), () -> {
                int[] buf = new int[1];
                for (int i = 0; i < rounds; i++) {
                    tokens.recv(buf, 0, 1, Datatype.INT, prev, 0);
                    for (int k = 0; k < tags; k++) world.recv(buf, 0, 1, Datatype.INT, prev, Mpi.ANY_TAG);
                    world.iprobe(prev, 0);   // an exact operation: the context may go back to fast mode
                    tokens.send(buf, 0, 1, Datatype.INT, prev, 1);
                }
            });
            workers.join();
            tokens.free();
            mpi.finalizeMpi();
        }, deadline);
    }
}
