package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sync.Granularity;

/**
 * Gropp &amp; Thakur's Fig. 2 with every blocking call, not only receive: on each of two processes,
 * thread 0 makes a blocking call that can complete only once the other process's thread 1 has made
 * its call, and thread 1 makes that call only once thread 0 is blocked (or already done: the other
 * process may have released it first). A thread that blocks while
 * holding a lock its process's other threads need (the rank mutex kept while blocked) deadlocks this
 * program; the safe granularities must complete it on both engines, and the unsafe
 * {@code LOCK_AROUND_CALL} must deadlock on every call (detected by the job's deadline, with the stacks
 * of the threads waiting for the rank mutex).
 *
 * <p>For the collectives and {@code dup} the two threads of a process use two communicators in
 * opposite orders: process 0's thread 0 waits in a collective on A that process 1's thread 1 joins
 * only after process 1's thread 0 is blocked in one on B, which process 0's thread 1 joins.
 */
class Fig2EveryBlockingCallTest {
    private static final int ITERATIONS = 3;

    /** A blocking call of thread 0 and the call of the other process's thread 1 that lets it return. */
    enum Blocking {
        RECV("recv", (c, i) -> assertEquals(i, recvInt(c.w, c.other)), (c, i) -> sendInt(c.w, c.other, i)),
        PROBE("probe", (c, i) -> {
            assertEquals(1, c.w.probe(c.other, 0).count(Datatype.INT));
            assertEquals(i, recvInt(c.w, c.other));
        }, (c, i) -> sendInt(c.w, c.other, i)),
        MPROBE("mprobe", (c, i) -> {
            int[] b = new int[1];
            c.w.mprobe(c.other, 0, null).mrecv(b, 0, 1, Datatype.INT);
            assertEquals(i, b[0]);
        }, (c, i) -> sendInt(c.w, c.other, i)),
        WAIT("waitFor", (c, i) -> {
            int[] b = new int[1];
            c.w.irecv(b, 0, 1, Datatype.INT, c.other, 0).waitFor();
            assertEquals(i, b[0]);
        }, (c, i) -> sendInt(c.w, c.other, i)),
        WAIT_ANY("waitAny", (c, i) -> {
            int[] b = new int[1];
            assertEquals(0, Request.waitAny(c.w.irecv(b, 0, 1, Datatype.INT, c.other, 0)));
            assertEquals(i, b[0]);
        }, (c, i) -> sendInt(c.w, c.other, i)),
        WAIT_ALL("waitAll", (c, i) -> {
            int[] b = new int[1];
            Request.waitAll(c.w.irecv(b, 0, 1, Datatype.INT, c.other, 0), null);
            assertEquals(i, b[0]);
        }, (c, i) -> sendInt(c.w, c.other, i)),
        SENDRECV("sendrecv", (c, i) -> {
            int[] b = new int[1];
            c.w.sendrecv(new int[] {i}, 0, 1, Datatype.INT, c.other, 1, b, 0, 1, Datatype.INT, c.other, 0);
            assertEquals(i, b[0]);
        }, (c, i) -> {
            sendInt(c.w, c.other, i);
            c.w.recv(new int[1], 0, 1, Datatype.INT, c.other, 1);
        }),
        SSEND("ssend", (c, i) -> c.w.ssend(new int[] {i}, 0, 1, Datatype.INT, c.other, 0),
                (c, i) -> assertEquals(i, recvInt(c.w, c.other))),
        BARRIER("barrier", (c, i) -> c.first.barrier(), (c, i) -> c.second.barrier()),
        // The root only sends: thread 0 receives from the other process, thread 1 is the root.
        BCAST("bcast", (c, i) -> bcast(c.first, c.other, i), (c, i) -> bcast(c.second, c.w.rank(), i)),
        ALLREDUCE("allreduce", (c, i) -> allreduce(c.first, i), (c, i) -> allreduce(c.second, i)),
        ALLGATHER("allgather", (c, i) -> allgather(c.first), (c, i) -> allgather(c.second)),
        ALLTOALL("alltoall", (c, i) -> alltoall(c.first), (c, i) -> alltoall(c.second)),
        DUP("dup", (c, i) -> c.first.dup().free(), (c, i) -> c.second.dup().free());

        final String method;
        final Body blocked;
        final Body release;

        Blocking(String method, Body blocked, Body release) {
            this.method = method;
            this.blocked = blocked;
            this.release = release;
        }
    }

    interface Body {
        void run(Calls c, int iteration) throws Exception;
    }

    /** What a process's two threads call on: world, its peer, and the two communicators in its order. */
    record Calls(Comm w, int other, Comm first, Comm second) {
    }

    static Stream<Arguments> safeConfigs() {
        return Jobs.configs(2).flatMap(c -> Stream.of(Blocking.values()).map(b -> Arguments.of(c, b)));
    }

    /** Every call on the QUEUES engine; under {@code -Pfull} on both engines. */
    static Stream<Arguments> lockAroundCall() {
        return Stream.of(MatchingKind.values()).filter(m -> Jobs.FULL || m == MatchingKind.QUEUES).flatMap(m -> Stream.of(Blocking.values()).map(b -> Arguments.of(
                JobConfig.of(2).withExperimental(true).withGranularity(Granularity.LOCK_AROUND_CALL).withMatching(m)
                        .withErrorHandler(ErrorHandler.ERRORS_RETURN), b)));
    }

    @ParameterizedTest
    @MethodSource("safeConfigs")
    void completesWhenNoLockIsHeldWhileBlocked(JobConfig c, Blocking call) {
        JobResult r = Job.run(c, fig2(call), Duration.ofSeconds(30));
        assertTrue(r.ok(), call + " on " + c + ": " + r.describe());
    }

    @ParameterizedTest
    @MethodSource("lockAroundCall")
    void deadlocksWhenTheRankMutexIsKeptWhileBlocked(JobConfig c, Blocking call) {
        // Both processes' threads are blocked within milliseconds; one second is ample to call it a deadlock.
        JobResult r = Job.run(c, fig2(call), Duration.ofSeconds(1));
        assertTrue(r.hung(), call + " under LOCK_AROUND_CALL must deadlock: " + r.describe());
        assertTrue(r.threadDump().contains("CriticalSections.enterCall"),
                "the dump shows a thread waiting for the rank mutex:\n" + r.threadDump());
    }

    private static RankMain fig2(Blocking call) {
        return mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm a = w.dup();
            Comm b = w.dup();
            int other = 1 - w.rank();
            Calls calls = w.rank() == 0 ? new Calls(w, other, a, b) : new Calls(w, other, b, a);
            for (int i = 0; i < ITERATIONS; i++) {
                int iteration = i;
                List<Throwable> failed = new ArrayList<>();
                Thread t0 = Thread.ofPlatform().name("fig2-thread-0-" + call).start(() -> {
                    try {
                        call.blocked.run(calls, iteration);
                    } catch (Throwable e) {
                        failed.add(e);
                    }
                });
                Jobs.awaitBlockedInOrEnded(t0, call.method); // thread 1 calls once thread 0 is blocked (or done)
                call.release.run(calls, iteration);
                t0.join();
                if (!failed.isEmpty()) {
                    throw new AssertionError("thread 0 failed in " + call, failed.get(0));
                }
            }
            a.free();
            b.free();
            mpi.finalizeMpi();
        };
    }

    private static void sendInt(Comm w, int to, int value) {
        w.send(new int[] {value}, 0, 1, Datatype.INT, to, 0);
    }

    private static int recvInt(Comm w, int from) {
        int[] b = new int[1];
        w.recv(b, 0, 1, Datatype.INT, from, 0);
        return b[0];
    }

    private static void bcast(Comm c, int root, int i) {
        int[] v = {c.rank() == root ? i : -1};
        c.bcast(v, 0, 1, Datatype.INT, root);
        assertEquals(i, v[0]);
    }

    private static void allreduce(Comm c, int i) {
        int[] sum = new int[1];
        c.allreduce(new int[] {i}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
        assertEquals(2 * i, sum[0]);
    }

    private static void allgather(Comm c) {
        int[] all = new int[2];
        c.allgather(new int[] {c.rank()}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT);
        assertEquals(1, all[1]);
    }

    private static void alltoall(Comm c) {
        int[] in = new int[2];
        c.alltoall(new int[] {10 * c.rank(), 10 * c.rank() + 1}, 0, 1, Datatype.INT, in, 0, 1, Datatype.INT);
        assertEquals(c.rank(), in[0]);
    }
}
