package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * What the core does with erroneous programs that {@code docs/errors.md} describes and no other test
 * shows: mismatched collectives, two threads waiting on one request, and a flood held back by a small
 * configured unexpected-message bound.
 */
class ErroneousProgramsTest {

    @LeavesOutstanding(value = "an erroneous program that hangs: the deadline aborts it with the two collectives' "
            + "messages posted and unexpected", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void collectivesOfDifferentKindsHangAndTheDeadlineReportsBothRanks(int n) {
        JobResult r = Job.run(JobConfig.of(n).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.bcast(new int[1], 0, 1, Datatype.INT, 1);     // waits for rank 1's bcast
            } else {
                w.barrier();                                  // waits for rank 0's barrier
            }
        }, Duration.ofMillis(n == 2 ? 1000 : 500));
        assertTrue(r.hung(), r.describe());
        assertTrue(r.threadDump().contains("Comm.bcast") && r.threadDump().contains("Comm.barrier"), r.threadDump());
    }

    @Test
    void aCollectiveWithMismatchedCountsIsErrTruncateWhereTheLongerMessageArrives() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.bcast(new int[4], 0, 4, Datatype.INT, 0);     // the root sends four
            } else {
                MpiException e = assertThrows(MpiException.class, () -> w.bcast(new int[2], 0, 2, Datatype.INT, 0));
                assertEquals(ErrorClass.ERR_TRUNCATE, e.errorClass());
            }
            w.barrier();                                      // the communicator still works
            mpi.finalizeMpi();
        });
    }

    /** The collectives whose counts must match on every rank, each blocking and nonblocking. */
    enum Counted { BCAST, REDUCE, ALLREDUCE, GATHER, GATHERV, SCATTER, SCATTERV, ALLGATHER, ALLTOALL }

    static Stream<Arguments> mismatches() {
        List<Arguments> out = new ArrayList<>();
        List<JobConfig> configs = Jobs.FULL ? Jobs.configs(1).toList() : List.of(JobConfig.of(1));
        for (JobConfig c : configs) {
            for (int n : new int[] {2, 4, 8}) {
                for (Counted k : Counted.values()) {
                    for (boolean nonblocking : new boolean[] {false, true}) {
                        for (int count : new int[] {2, 6}) out.add(Arguments.of(c, n, k, nonblocking, count));
                    }
                }
            }
        }
        return out.stream();
    }

    /**
     * A collective whose counts must match, with rank {@code n/2} (inside the trees from 0 on 4 and 8 ranks:
     * it forwards to or combines for other ranks) at another count than every other rank's 4: no rank hangs,
     * each either returns or raises ERR_TRUNCATE (a longer message than its count arrived) or ERR_COUNT (a
     * shorter one), rank n/2 gets ERR_TRUNCATE where a longer message must reach it (every collective but a
     * gather, where it only sends), someone reports the mismatch, and the communicator works afterwards.
     */
    @ParameterizedTest(name = "{1} ranks, {2}, nonblocking={3}, rank n/2 at count {4}")
    @MethodSource("mismatches")
    void mismatchedCollectiveCountsEndEverywhereWithTheirDocumentedErrors(JobConfig base, int n, Counted kind,
                                                                        boolean nonblocking, int odd) {
        AtomicReferenceArray<Object> outcome = new AtomicReferenceArray<>(n);
        JobConfig c = base.withRanks(n).withErrorHandler(ErrorHandler.ERRORS_RETURN);
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank(), k = n / 2, count = me == k ? odd : 4;
            try {
                Request q = mismatched(w, kind, nonblocking, count);
                if (q != null) q.waitFor();
                outcome.set(me, "returned");
            } catch (MpiException e) {
                outcome.set(me, e);
            }
            int[] sum = new int[1];
            w.allreduce(new int[] {1}, 0, sum, 0, 1, Datatype.INT, Op.SUM);   // the communicator still works
            assertEquals(n, sum[0]);
            w.barrier();
            mpi.finalizeMpi();
        }, Duration.ofSeconds(30));
        assertFalse(r.hung(), "a rank hangs after mismatched counts\n" + r.describe());
        assertTrue(r.ok(), r.describe());
        int errors = 0;
        for (int i = 0; i < n; i++) {
            Object o = outcome.get(i);
            if (o instanceof MpiException e) {
                assertTrue(e.errorClass() == ErrorClass.ERR_TRUNCATE || e.errorClass() == ErrorClass.ERR_COUNT,
                        "rank " + i + ": " + e);
                errors++;
            } else {
                assertEquals("returned", o, "rank " + i);
            }
        }
        assertTrue(errors > 0, "nobody reported the mismatch: " + outcome);
        boolean onlySends = kind == Counted.GATHER || kind == Counted.GATHERV || kind == Counted.REDUCE && n == 2;
        if (odd < 4 && !onlySends) {
            MpiException e = assertInstanceOf(MpiException.class, outcome.get(n / 2), "rank n/2 at count " + odd);
            assertEquals(ErrorClass.ERR_TRUNCATE, e.errorClass(), e.getMessage());
        }
    }

    /** Starts (nonblocking) or makes {@code kind} with {@code count} elements per block on this rank; root 0. */
    private static Request mismatched(Comm w, Counted kind, boolean nonblocking, int count) {
        int n = w.size(), root = 0;
        int[] send = new int[8 * n], recv = new int[8 * n];
        int[] fours = new int[n], displs = new int[n];
        for (int i = 0; i < n; i++) {
            fours[i] = 4;
            displs[i] = 8 * i;
        }
        Datatype t = Datatype.INT;
        switch (kind) {
            case BCAST -> {
                if (nonblocking) return w.ibcast(recv, 0, count, t, root);
                w.bcast(recv, 0, count, t, root);
            }
            case REDUCE -> {
                if (nonblocking) return w.ireduce(send, 0, recv, 0, count, t, Op.SUM, root);
                w.reduce(send, 0, recv, 0, count, t, Op.SUM, root);
            }
            case ALLREDUCE -> {
                if (nonblocking) return w.iallreduce(send, 0, recv, 0, count, t, Op.SUM);
                w.allreduce(send, 0, recv, 0, count, t, Op.SUM);
            }
            case GATHER -> {
                if (nonblocking) return w.igather(send, 0, count, t, recv, 0, 4, t, root);
                w.gather(send, 0, count, t, recv, 0, 4, t, root);
            }
            case GATHERV -> {
                if (nonblocking) return w.igatherv(send, 0, count, t, recv, 0, fours, displs, t, root);
                w.gatherv(send, 0, count, t, recv, 0, fours, displs, t, root);
            }
            case SCATTER -> {
                if (nonblocking) return w.iscatter(send, 0, 4, t, recv, 0, count, t, root);
                w.scatter(send, 0, 4, t, recv, 0, count, t, root);
            }
            case SCATTERV -> {
                if (nonblocking) return w.iscatterv(send, 0, fours, displs, t, recv, 0, count, t, root);
                w.scatterv(send, 0, fours, displs, t, recv, 0, count, t, root);
            }
            case ALLGATHER -> {
                if (nonblocking) return w.iallgather(send, 0, count, t, recv, 0, count, t);
                w.allgather(send, 0, count, t, recv, 0, count, t);
            }
            case ALLTOALL -> {
                if (nonblocking) return w.ialltoall(send, 0, count, t, recv, 0, count, t);
                w.alltoall(send, 0, count, t, recv, 0, count, t);
            }
        }
        return null;
    }

    @Test
    void twoThreadsWaitingOnOneRequestOneGetsTheStatusTheOtherErrRequest() {
        AtomicReferenceArray<Object> ends = new AtomicReferenceArray<>(2);
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Request r = w.irecv(new int[1], 0, 1, Datatype.INT, 1, 0);
                Thread[] waiters = new Thread[2];
                for (int i = 0; i < 2; i++) {
                    int k = i;
                    waiters[i] = Thread.ofPlatform().start(() -> {
                        try {
                            ends.set(k, r.waitFor());
                        } catch (Throwable t) {
                            ends.set(k, t);
                        }
                    });
                }
                Jobs.awaitBlockedIn(waiters[0], "waitFor");
                Jobs.awaitBlockedIn(waiters[1], "waitFor");
                w.barrier();
                for (Thread t : waiters) {
                    t.join();
                }
            } else {
                w.barrier();
                w.send(new int[] {1}, 0, 1, Datatype.INT, 0, 0);
            }
            mpi.finalizeMpi();
        });
        int statuses = 0;
        for (int i = 0; i < 2; i++) {
            if (ends.get(i) instanceof Status) {
                statuses++;
            } else {
                MpiException e = assertInstanceOf(MpiException.class, ends.get(i));
                assertEquals(ErrorClass.ERR_REQUEST, e.errorClass());
            }
        }
        assertEquals(1, statuses, "exactly one waiter completes the request: " + ends);
    }

    /** Where the loser of two waits on one request waits. */
    enum Loser { WAIT_FOR, WAIT_ANY, WAIT_ALL }

    static Stream<Arguments> twoWaiters() {
        List<Arguments> out = new ArrayList<>();
        List<JobConfig> configs = new ArrayList<>(Jobs.configs(2).toList());
        configs.add(JobConfig.of(4).withErrorHandler(ErrorHandler.ERRORS_RETURN));   // the others idle: any rank count
        configs.add(JobConfig.of(8).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        for (JobConfig c : configs) {
            for (boolean virtual : new boolean[] {false, true}) {
                for (Loser loser : Loser.values()) {
                    if (loser == Loser.WAIT_ALL && !Jobs.FULL && !(c.ranks() == 2 && c.granularity() == Granularity.LOCK_FREE
                            && c.matching() == MatchingKind.QUEUES)) {
                        continue;   // waitAll waits with waitFor: one configuration in the quick run
                    }
                    for (boolean busy : new boolean[] {false, true}) out.add(Arguments.of(c, virtual, loser, busy));
                }
            }
        }
        return out.stream();
    }

    /**
     * Two threads wait on one receive (one in waitFor, the other in {@code loser}); the winner at once posts
     * another receive from its own thread, which takes the request state the first one just gave back. The
     * loser must end with ERR_REQUEST, not wait on that new receive (nobody sends its message until both
     * waiters have ended). With {@code busy} a nonblocking collective is outstanding all along, so that every
     * wait goes through the progress engine. Rounds repeat it; each waiter must end within 10 s.
     */
    @ParameterizedTest(name = "{0} virtual={1} loser={2} busy={3}")
    @MethodSource("twoWaiters")
    void theLoserOfTwoWaitsOnOneRequestGetsErrRequestAndNeverWaitsOnTheRecycledState(JobConfig c, boolean virtual,
                                                                                   Loser loser, boolean busy) {
        boolean main = c.granularity() == Granularity.LOCK_FREE && c.matching() == MatchingKind.QUEUES && c.ranks() == 2;
        int rounds = Jobs.FULL ? 12 : main ? 6 : 3;
        if (!Jobs.FULL && !main) {
            // The loser, which found the waiter slot taken, looks again after each park slice (50 ms by default):
            // short slices keep the quick run quick; the default configuration keeps the default policy.
            c = c.withWaitPolicy(new WaitPolicy(20_000, 0, 2, 0, 5_000_000));
        }
        Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm d = w.dup();
            if (w.rank() > 1) {
                d.ibarrier().waitFor();   // completes with ranks 0 and 1 at their end
                d.free();
                return;
            }
            if (w.rank() == 1) {
                int[] x = new int[1];
                for (int i = 0; i < rounds; i++) {
                    w.recv(x, 0, 1, Datatype.INT, 0, 3);
                    w.send(new int[] {i}, 0, 1, Datatype.INT, 0, 1);     // completes the request both wait on
                    w.recv(x, 0, 1, Datatype.INT, 0, 4);
                    w.send(new int[] {-i}, 0, 1, Datatype.INT, 0, 2);    // completes the winner's next receive
                }
                d.ibarrier().waitFor();
                d.free();
                return;
            }
            Request pending = busy ? d.ibarrier() : null;   // rank 1 joins only at the end
            for (int i = 0; i < rounds; i++) {
                int[] b = new int[1];
                Request r = w.irecv(b, 0, 1, Datatype.INT, 1, 1);
                AtomicReference<Request> next = new AtomicReference<>();
                AtomicReferenceArray<Object> ends = new AtomicReferenceArray<>(2);
                Thread[] waiters = new Thread[2];
                for (int k = 0; k < 2; k++) {
                    int me = k;
                    Runnable body = () -> {
                        try {
                            Object end = me == 0 || loser == Loser.WAIT_FOR ? r.waitFor()
                                    : loser == Loser.WAIT_ANY ? (Object) Request.waitAny(r) : Request.waitAll(r);
                            next.set(w.irecv(new int[1], 0, 1, Datatype.INT, 1, 2));   // reuses r's state, as a rule
                            ends.set(me, end);
                        } catch (Throwable t) {
                            ends.set(me, t);
                        }
                    };
                    waiters[k] = virtual ? Thread.ofVirtual().start(body) : Thread.ofPlatform().daemon(true).start(body);
                }
                // Parked in the progress rule's wait (ProgressEngine.await, awaitAny), past the look at the handle's
                // state: under GLOBAL a thread may still be waiting for the rank mutex in the call's entry.
                Jobs.awaitBlockedIn(waiters[0], "await");
                Jobs.awaitBlockedIn(waiters[1], loser == Loser.WAIT_ANY ? "awaitAny" : "await");
                w.send(new int[1], 0, 1, Datatype.INT, 1, 3);
                for (int k = 0; k < 2; k++) {
                    if (!waiters[k].join(Duration.ofSeconds(10))) {
                        throw new AssertionError("round " + i + ": waiter " + k + " still waits after the request "
                                + "completed (on the recycled state's next receive?)\n" + Job.threadDump());
                    }
                }
                int wins = 0;
                for (int k = 0; k < 2; k++) {
                    Object e = ends.get(k);
                    if (e instanceof Status || e instanceof Integer || e instanceof Status[]) {
                        wins++;
                    } else {
                        MpiException m = assertInstanceOf(MpiException.class, e, "round " + i + ", waiter " + k);
                        if (m.errorClass() == ErrorClass.ERR_IN_STATUS) {   // waitAll reports its request's error
                            assertTrue(k == 1 && loser == Loser.WAIT_ALL && m.getMessage().contains("another thread"),
                                    m.getMessage());
                        } else {
                            assertEquals(ErrorClass.ERR_REQUEST, m.errorClass(), m.getMessage());
                        }
                    }
                }
                assertEquals(1, wins, "round " + i + ": exactly one waiter completes the request: " + ends);
                assertEquals(i, b[0]);
                w.send(new int[1], 0, 1, Datatype.INT, 1, 4);
                next.get().waitFor();
            }
            if (pending != null) pending.waitFor(); else d.ibarrier().waitFor();
            d.free();
        }, Duration.ofSeconds(120)).orThrow();
    }

    /**
     * A cancel racing another thread's wait on the same receive (erroneous): the waiter completes the handle and
     * at once posts a new receive, which takes the recycled state; the cancel must never cancel that new
     * receive (it cancels the old one, or nothing, or is ERR_REQUEST). Many rounds, each new receive must get
     * its message.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aCancelRacingAnotherThreadsWaitNeverCancelsTheRecycledStatesNextReceive(boolean virtual) {
        int rounds = Jobs.FULL ? 5_000 : 150;
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] x = new int[1];
            if (w.rank() == 1) {
                for (int i = 0; i < rounds; i++) {
                    w.send(new int[] {i}, 0, 1, Datatype.INT, 0, 1);
                    w.recv(x, 0, 1, Datatype.INT, 0, 3);
                    w.send(new int[] {-i}, 0, 1, Datatype.INT, 0, 2);
                }
                return;
            }
            for (int i = 0; i < rounds; i++) {
                int[] b = new int[1], c = new int[1];
                Request r = w.irecv(b, 0, 1, Datatype.INT, 1, 1);
                AtomicReference<Request> next = new AtomicReference<>();
                Runnable waiter = () -> {
                    try {
                        r.waitFor();
                    } catch (MpiException e) {
                        // the cancel got there first: the handle may be complete already, or cancelled
                    }
                    next.set(w.irecv(c, 0, 1, Datatype.INT, 1, 2));
                };
                Thread t = virtual ? Thread.ofVirtual().start(waiter) : Thread.ofPlatform().start(waiter);
                while (t.isAlive()) {
                    try {
                        r.cancel();
                    } catch (MpiException e) {
                        assertEquals(ErrorClass.ERR_REQUEST, e.errorClass(), e.getMessage());
                    }
                }
                t.join();
                if (!r.isInactive() || r.status() != null && r.status().isCancelled()) {
                    // the first receive was cancelled before its message matched: take the message here
                    w.recv(b, 0, 1, Datatype.INT, 1, 1);
                }
                w.send(x, 0, 1, Datatype.INT, 1, 3);
                Status s = next.get().waitFor();
                assertFalse(s.isCancelled(), "round " + i + ": the cancel of the old receive cancelled the new one");
                assertEquals(-i, c[0], "round " + i);
            }
        });
    }

    /**
     * {@code Comm.free} while another thread of rank 0 is blocked in a broadcast on it, at 2, 4 and 8 ranks: the
     * blocked call goes on and completes with its data once the root answers; a dup made meanwhile gets another
     * context id (the blocked call keeps its id reserved); further calls on the freed handle are ERR_COMM.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void freeWhileBlockedLetsTheCallCompleteAndKeepsItsIdReserved(int n) {
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm c = w.dup();
            int me = w.rank(), root = n - 1;
            if (me == 0) {
                int[] got = new int[1];
                AtomicReference<Throwable> failed = new AtomicReference<>();
                Thread t = Thread.ofPlatform().start(() -> {
                    try {
                        c.bcast(got, 0, 1, Datatype.INT, root);
                    } catch (Throwable e) {
                        failed.set(e);
                    }
                });
                Jobs.awaitBlockedIn(t, "bcast");
                c.free();                                      // erroneous: t is blocked on it
                Comm other = w.dup();
                assertTrue(other.contextId() != c.contextId(), "the blocked call's id was reused");
                w.send(new int[1], 0, 1, Datatype.INT, root, 9);   // now the root broadcasts
                assertTrue(t.join(Duration.ofSeconds(30)), "the blocked broadcast did not complete\n" + Job.threadDump());
                assertEquals(null, failed.get());
                assertEquals(77, got[0]);
                NonblockingCollectivesTest.assertError(ErrorClass.ERR_COMM, c::barrier);
                other.free();
            } else {
                Comm other = w.dup();
                int[] v = {me == root ? 77 : -1};
                if (me == root) w.recv(new int[1], 0, 1, Datatype.INT, 0, 9);
                c.bcast(v, 0, 1, Datatype.INT, root);
                assertEquals(77, v[0]);
                c.free();
                other.free();
            }
            w.barrier();
            mpi.finalizeMpi();
        });
    }

    /**
     * {@code Comm.free} with nonblocking operations pending, at 2, 4 and 8 ranks: a receive, a send and a
     * nonblocking collective started on the communicator complete normally after the free, and its context id
     * comes back only after them (the free ids are what they were at the end).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void freeWithOperationsPendingCompletesThemAndReturnsTheIdAfter(int n) {
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int free = mpi.freeContextIds();
            Comm c = w.dup();
            int me = w.rank();
            int[] in = new int[1];
            long[] sum = new long[1];
            Request[] rs = {c.irecv(in, 0, 1, Datatype.INT, (me + n - 1) % n, 3),
                    c.iallreduce(new long[] {me + 1}, 0, sum, 0, 1, Datatype.LONG, Op.SUM),
                    c.isend(new int[] {me}, 0, 1, Datatype.INT, (me + 1) % n, 3)};
            c.free();
            Request.waitAll(rs);
            assertEquals((me + n - 1) % n, in[0]);
            assertEquals((long) n * (n + 1) / 2, sum[0]);
            w.barrier();
            assertEquals(free, mpi.freeContextIds(), "the id did not come back after the pending operations");
            mpi.finalizeMpi();
        });
    }

    /**
     * A rank main that throws aborts the job at 2, 4 and 8 ranks: every other rank's blocked call (a receive
     * nobody answers, or the barrier before it if the thrower left the barrier first) ends with ERR_ABORTED, and the
     * job ends without a hang.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    @LeavesOutstanding(value = "the abort ends the receives nobody answers: they stay posted with their requests and "
            + "communicator references; at 8 ranks the barrier's last messages may still be unexpected when it comes",
            invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, COMMUNICATORS})
    void aRankMainThatThrowsAbortsEveryBlockedCall(int n) {
        AtomicReferenceArray<Object> outcome = new AtomicReferenceArray<>(n);
        JobResult r = Job.run(JobConfig.of(n).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            if (me == n - 1) {
                w.barrier();   // the others are about to block
                throw new IllegalStateException("rank main fails");
            }
            try {
                // the thrower may leave the barrier while this rank still waits in it: then the barrier is the
                // blocked call the abort must end
                w.barrier();
                w.recv(new int[1], 0, 1, Datatype.INT, n - 1, 0);
                outcome.set(me, "returned");
            } catch (MpiException e) {
                outcome.set(me, e);
            }
        }, Duration.ofSeconds(30));
        assertFalse(r.hung(), r.describe());
        assertTrue(r.aborted(), r.describe());
        for (int i = 0; i < n - 1; i++) {
            MpiException e = assertInstanceOf(MpiException.class, outcome.get(i), "rank " + i);
            assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
        }
    }

    /**
     * The erroneous programs about requests and thread levels at 2, 4 and 8 ranks: requests of two ranks in one
     * waitAll, waitAny, testAll, testAny are ERR_REQUEST before any changes (the requests then complete
     * normally); a call from a thread other than the main one at FUNNELED is ERR_OTHER (at 4 and 8 ranks here).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void requestsOfAnotherRankAndThreadLevelMisuseAreErrorsAtEverySize(int n) throws Exception {
        Job job = Job.create(JobConfig.of(n).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        try {
            Mpi zero = job.mpi(0), last = job.mpi(n - 1);
            Thread[] mains = new Thread[n];
            AtomicReferenceArray<Throwable> failed = new AtomicReferenceArray<>(n);
            for (int i = 0; i < n; i++) {
                Mpi mpi = job.mpi(i);
                int me = i;
                mains[i] = Thread.ofPlatform().start(() -> {
                    try {
                        mpi.initThread(me == 1 && n > 2 ? ThreadLevel.FUNNELED : ThreadLevel.MULTIPLE);
                        mpi.commWorld().barrier();
                    } catch (Throwable t) {
                        failed.set(me, t);
                    }
                });
            }
            for (Thread t : mains) assertTrue(t.join(Duration.ofSeconds(30)), "init\n" + Job.threadDump());
            for (int i = 0; i < n; i++) assertEquals(null, failed.get(i), "rank " + i);
            int[] a = new int[1], b = new int[1];
            Request r0 = zero.commWorld().irecv(a, 0, 1, Datatype.INT, n - 1, 1);
            Request r1 = last.commWorld().irecv(b, 0, 1, Datatype.INT, 0, 1);
            NonblockingCollectivesTest.assertError(ErrorClass.ERR_REQUEST, () -> Request.waitAll(r0, r1));
            NonblockingCollectivesTest.assertError(ErrorClass.ERR_REQUEST, () -> Request.waitAny(r0, r1));
            NonblockingCollectivesTest.assertError(ErrorClass.ERR_REQUEST, () -> Request.testAll(r0, r1));
            NonblockingCollectivesTest.assertError(ErrorClass.ERR_REQUEST, () -> Request.testAny(r0, r1));
            assertTrue(!r0.isInactive() && !r1.isInactive(), "a rejected call changed a request");
            last.commWorld().send(new int[] {5}, 0, 1, Datatype.INT, 0, 1);
            zero.commWorld().send(new int[] {6}, 0, 1, Datatype.INT, n - 1, 1);
            r0.waitFor();
            r1.waitFor();
            assertEquals(5, a[0]);
            assertEquals(6, b[0]);
            if (n > 2) {   // rank 1 is FUNNELED: this thread is not its main thread (at 2 ranks: ThreadLevelTest)
                NonblockingCollectivesTest.assertError(ErrorClass.ERR_OTHER, () -> job.mpi(1).commWorld().iprobe(0, 0));
            }
        } finally {
            job.shutdown();
        }
    }

    @Test
    void aFloodPastASmallBoundHoldsItsSenderBackAndLosesNothing() {
        int messages = 200;
        int ints = 1024;                                       // 4 KiB, eager under the default 16 KiB limit
        long bound = 32 * 1024;
        AtomicReference<Thread> sender = new AtomicReference<>();
        Jobs.ok(JobConfig.of(2).withUnexpectedLimit(bound).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 1) {
                sender.set(Thread.currentThread());
                w.barrier();
                int[] msg = new int[ints];
                for (int i = 0; i < messages; i++) {
                    msg[0] = i;
                    w.send(msg, 0, ints, Datatype.INT, 0, 0);
                }
            } else {
                w.barrier();
                Jobs.awaitBlockedIn(sender.get(), "send");     // held back: its message waits to be matched
                int queued = w.pendingMatches();
                // 32 KiB hold at most 8 of these (4 KiB packets) plus the one past the bound, and the blocked one.
                assertTrue(queued <= 10, queued + " messages queued past a bound of " + bound + " bytes");
                int[] b = new int[ints];
                for (int i = 0; i < messages; i++) {
                    w.recv(b, 0, ints, Datatype.INT, 1, 0);
                    assertEquals(i, b[0], "misordered or lost");
                }
            }
            mpi.finalizeMpi();
        });
    }
}
