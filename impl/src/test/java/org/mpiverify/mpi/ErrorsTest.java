package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad input gets a specific MpiException with its error class; state stays intact; nothing hangs. */
class ErrorsTest {

    private static void expect(ErrorClass c, Executable call) {
        MpiException e = assertThrows(MpiException.class, call);
        assertEquals(c, e.errorClass(), e.getMessage());
    }

    @Test
    void everyErrorClassReachableFromBadInputAndStateStaysIntact() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] b = new int[4];
            if (w.rank() == 0) {
                expect(ErrorClass.ERR_RANK, () -> w.send(b, 0, 1, Datatype.INT, 2, 0));
                expect(ErrorClass.ERR_RANK, () -> w.send(b, 0, 1, Datatype.INT, -5, 0));
                expect(ErrorClass.ERR_RANK, () -> w.recv(b, 0, 1, Datatype.INT, 7, 0));
                expect(ErrorClass.ERR_RANK, () -> w.probe(-7, 0));
                expect(ErrorClass.ERR_TAG, () -> w.send(b, 0, 1, Datatype.INT, 1, -1));
                expect(ErrorClass.ERR_TAG, () -> w.send(b, 0, 1, Datatype.INT, 1, Mpi.TAG_UB + 1));
                expect(ErrorClass.ERR_TAG, () -> w.irecv(b, 0, 1, Datatype.INT, 1, -3));
                expect(ErrorClass.ERR_COUNT, () -> w.send(b, 0, -1, Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_BUFFER, () -> w.send(b, 0, 5, Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_BUFFER, () -> w.send(b, 3, 2, Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_BUFFER, () -> w.send(b, -1, 1, Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_BUFFER, () -> w.send(null, 0, 1, Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_BUFFER, () -> w.send(new long[1], 0, 1, Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_BUFFER, () -> w.recv(ByteBuffer.allocate(8).asReadOnlyBuffer(), 0, 1,
                        Datatype.INT, 1, 0));
                expect(ErrorClass.ERR_TYPE, () -> w.send(b, 0, 1, null, 1, 0));
                expect(ErrorClass.ERR_ROOT, () -> w.bcast(b, 0, 1, Datatype.INT, 2));
                expect(ErrorClass.ERR_OP, () -> w.allreduce(new double[1], 0, new double[1], 0, 1, Datatype.DOUBLE,
                        Op.BXOR));
                expect(ErrorClass.ERR_GROUP, () -> w.create(null));
                expect(ErrorClass.ERR_GROUP, () -> w.createGroup(w.group().incl(1), 0));
                expect(ErrorClass.ERR_TAG, () -> w.createGroup(w.group().incl(0), Mpi.CREATE_GROUP_TAG_UB + 1));
                expect(ErrorClass.ERR_RANK, () -> w.group().incl(0, 0));
                expect(ErrorClass.ERR_ARG, () -> w.split(-3, 0));
                expect(ErrorClass.ERR_ARG, () -> w.setErrorHandler(null));
                expect(ErrorClass.ERR_COMM, w::free);
            }
            // after all that, communication works and nothing was left behind (collective ERR_ARG above was
            // raised locally before any message: rank 1 did not take part)
            if (w.rank() == 0) {
                w.send(new int[] {5}, 0, 1, Datatype.INT, 1, 0);
            } else {
                w.recv(b, 0, 1, Datatype.INT, 0, 0);
                assertEquals(5, b[0]);
            }
            w.barrier();
            assertEquals(0, w.pendingMatches());
            mpi.finalizeMpi();
            expect(ErrorClass.ERR_OTHER, w::barrier);
        });
    }

    @Test
    void callsBeforeInitAndDoubleInitAreErrors() {
        Jobs.ok(1, mpi -> {
            expect(ErrorClass.ERR_OTHER, mpi::commWorld);
            assertFalse(mpi.isInitialized());
            mpi.initThread(ThreadLevel.SINGLE);
            expect(ErrorClass.ERR_OTHER, () -> mpi.initThread(ThreadLevel.SINGLE));
            expect(ErrorClass.ERR_ARG, () -> mpi.initThread(null));
            mpi.finalizeMpi();
            assertTrue(mpi.isFinalized());
        });
    }

    @Test
    void nestedFailureReachesTheHandlerOnceAtTheTop() {
        AtomicInteger handled = new AtomicInteger();
        List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            w.setErrorHandler((c, e) -> {
                handled.incrementAndGet();
                seen.add(e.errorClass().name());
            });
            if (w.rank() == 0) {
                // sendrecv calls irecv then isend (nested); isend fails on the bad destination
                expect(ErrorClass.ERR_RANK, () -> w.sendrecv(new int[1], 0, 1, Datatype.INT, 9, 0,
                        new int[1], 0, 1, Datatype.INT, 1, 0));
                assertEquals(1, handled.get(), "handler must run once, for the outermost call");
                assertEquals(0, w.pendingMatches(), "the nested irecv was cancelled: nothing left posted");
            }
            w.barrier();
            mpi.finalizeMpi();
        });
        assertEquals(List.of("ERR_RANK"), seen);
    }

    @LeavesOutstanding(value = "ERRORS_ARE_FATAL aborts the job while other ranks are blocked in receives", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    void fatalHandlerAbortsTheJobAndBlockedRanksSeeErrAborted() {
        AtomicInteger abortedCalls = new AtomicInteger();
        JobResult r = Job.run(JobConfig.of(3), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();   // ERRORS_ARE_FATAL by default
            if (w.rank() == 0) {
                w.send(new int[1], 0, 1, Datatype.INT, 3, 0);   // bad rank: fatal
            } else {
                try {
                    w.recv(new int[1], 0, 1, Datatype.INT, 0, 0);  // would wait forever
                } catch (MpiException e) {
                    if (e.errorClass() == ErrorClass.ERR_ABORTED) {
                        abortedCalls.incrementAndGet();
                    }
                    throw e;
                }
            }
        }, Duration.ofSeconds(30));
        assertTrue(r.aborted(), r.describe());
        assertFalse(r.hung(), r.describe());
        assertEquals(ErrorClass.ERR_RANK.code(), r.abortCode());
        assertEquals(2, abortedCalls.get());
    }

    @Test
    void abortEndsEveryBlockedCall() {
        JobResult r = Job.run(JobConfig.of(2), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.barrier();
                mpi.abort(17);
            } else {
                w.barrier();
                expect(ErrorClass.ERR_ABORTED, () -> w.probe(0, 0));
            }
        }, Duration.ofSeconds(30));
        assertTrue(r.aborted());
        assertEquals(17, r.abortCode());
        assertTrue(r.failures().stream().allMatch(t -> t == null), r.describe());
    }

    @LeavesOutstanding(value = "a job that hangs on purpose: the deadline aborts its blocked receive", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    void aHungJobIsReportedWithEveryThreadsStack() {
        JobResult r = Job.run(JobConfig.of(2), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            mpi.commWorld().recv(new int[1], 0, 1, Datatype.INT, Mpi.ANY_SOURCE, 0);   // nobody sends
        }, Duration.ofMillis(500));
        assertTrue(r.hung());
        assertTrue(r.threadDump().contains("mpiverify-rank-0"), r.threadDump());
        assertFalse(r.ok());
    }
}
