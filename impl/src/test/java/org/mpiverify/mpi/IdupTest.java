package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.sync.Granularity;

/**
 * {@link Comm#idup()}: the members agree on the new context id and the new communicator works (also an
 * idup of an idup'ed communicator); many outstanding idups per thread; idups of COMM_SELF and of another
 * communicator from different threads (MPICH #2069); blocking dup and idup on one parent outstanding at
 * once from two threads (MPICH #2291, #2295), and in one thread's program where only the blocking dup can
 * move the idup (the spec's ctx_nb_mut_wait_only_polled); idup interleaved with ibarrier and iallreduce;
 * exhaustion an error on every member; free of a parent with an outstanding idup an error; stress with
 * platform and virtual threads under every supported granularity. Every job runs under
 * {@link Jobs#DEADLINE}: a hang fails with every thread's stack.
 */
class IdupTest {

    /** Checks on {@code w}'s members that {@code made} got one context id everywhere and works. */
    private static void assertAgreed(Comm w, Comm made) {
        int[] ids = new int[w.size()];
        w.allgather(new int[] {made.contextId()}, 0, 1, Datatype.INT, ids, 0, 1, Datatype.INT);
        for (int id : ids) assertEquals(ids[0], id, "the members of one idup got different context ids");
        assertEquals(w.size(), made.size());
        assertEquals(w.rank(), made.rank());
        long[] s = new long[1];
        made.allreduce(new long[] {made.rank() + 1}, 0, s, 0, 1, Datatype.LONG, Op.SUM);
        assertEquals((long) made.size() * (made.size() + 1) / 2, s[0], "the new communicator works");
    }

    private static Comm waitForComm(Request r) {
        r.waitFor();
        return r.communicator();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5})
    void membersAgreeAndTheNewCommunicatorWorks(int n) {
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm c = waitForComm(w.idup());
            assertAgreed(w, c);
            assertNotEquals(w.contextId(), c.contextId());
            Comm chained = waitForComm(c.idup());
            assertAgreed(w, chained);
            assertNotEquals(c.contextId(), chained.contextId());
            chained.free();
            c.free();
            Request barrier = w.ibarrier();
            NonblockingCollectivesTest.assertError(ErrorClass.ERR_REQUEST, barrier::communicator);
            barrier.waitFor();   // a program completes every request it starts
        });
    }

    @Test
    void manyOutstandingIdupsPerThreadGetDistinctAgreedIds() {
        int threads = 3;
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm[] parents = new Comm[threads];
            for (int t = 0; t < threads; t++) parents[t] = w.dup();
            Jobs.threads(threads, t -> {
                Comm p = parents[t];
                for (int round = 0; round < 4; round++) {
                    Request[] rs = new Request[8];
                    for (int i = 0; i < rs.length; i++) rs[i] = p.idup();
                    if (round % 2 == 0) Request.waitAll(rs); else for (int i = rs.length - 1; i >= 0; i--) rs[i].waitFor();
                    Set<Integer> ids = new HashSet<>();
                    for (Request r : rs) {
                        assertAgreed(p, r.communicator());
                        assertTrue(ids.add(r.communicator().contextId()), "an id was handed out twice");
                    }
                    for (Request r : rs) r.communicator().free();
                }
            });
            for (Comm p : parents) p.free();
        });
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void idupOfSelfAndOfAnotherCommunicatorFromDifferentThreads(boolean virtual) {
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm other = w.dup();
            Jobs.threads(2, virtual, t -> {
                for (int i = 0; i < 40; i++) {
                    if (t == 0) {
                        Comm s = waitForComm(mpi.commSelf().idup());
                        assertEquals(1, s.size());
                        s.free();
                    } else {
                        Comm c = waitForComm(other.idup());
                        assertAgreed(other, c);
                        c.free();
                    }
                }
            });
            other.free();
        });
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void blockingDupAndIdupOnOneParentFromTwoThreads(boolean virtual) {
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm parent = w.dup();
            Comm check = w.dup();   // the idup thread's agreement checks run here, not on the busy parent
            Jobs.threads(2, virtual, t -> {
                for (int i = 0; i < 30; i++) {
                    if (t == 0) {
                        Comm d = parent.dup();
                        d.free();
                    } else {
                        Comm c = waitForComm(parent.idup());
                        assertAgreed(check, c);
                        c.free();
                    }
                }
            });
            check.free();
            parent.free();
        });
    }

    /**
     * Rank 0: idup, then a blocking dup, then the wait; the others start their idup only once rank 0's has
     * returned, and wait on it before their dup. Their idups need rank 0's second allreduce step, which only
     * rank 0's blocked dup can make: blocking calls must poll the outstanding requests.
     */
    @Test
    void aBlockingDupMovesTheIdupItsThreadStartedBefore() {
        Jobs.ok(4, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm parent = w.dup();
            int[] token = new int[1];
            Request i;
            Comm d;
            if (w.rank() == 0) {
                i = parent.idup();
                for (int r = 1; r < 4; r++) w.send(token, 0, 1, Datatype.INT, r, 3);
                d = w.dup();
                i.waitFor();
            } else {
                w.recv(token, 0, 1, Datatype.INT, 0, 3);
                i = parent.idup();
                i.waitFor();
                d = w.dup();
            }
            assertAgreed(w, i.communicator());
            assertAgreed(w, d);
            i.communicator().free();
            d.free();
            parent.free();
        });
    }

    @Test
    void idupInterleavedWithIbarrierAndIallreduce() {
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm[] parents = {w.dup(), w.dup()};
            Jobs.threads(2, t -> {
                Comm p = parents[t];
                for (int k = 0; k < 15; k++) {
                    long[] sum = new long[1];
                    Request a = p.idup();
                    Request b = p.iallreduce(new long[] {p.rank() + k}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
                    Request c = p.ibarrier();
                    Request e = p.idup();
                    Request.waitAll(e, c, b, a);
                    assertEquals(3 + 3L * k, sum[0]);
                    assertAgreed(p, a.communicator());
                    assertAgreed(p, e.communicator());
                    assertNotEquals(a.communicator().contextId(), e.communicator().contextId());
                    a.communicator().free();
                    e.communicator().free();
                }
            });
            for (Comm p : parents) p.free();
        });
    }

    /** 8 dynamic ids: the ninth idup fails with ERR_OTHER on every member, none hangs; freeing gives ids back. */
    @Test
    void exhaustionIsAnErrorOnEveryMember() {
        JobConfig c = JobConfig.of(3).withContextIdCapacity(10).withErrorHandler(ErrorHandler.ERRORS_RETURN);
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            List<Comm> made = new ArrayList<>();
            ErrorClass failed = null;
            while (failed == null && made.size() < 20) {
                Request r = w.idup();
                try {
                    made.add(waitForComm(r));
                } catch (MpiException e) {
                    failed = e.errorClass();
                    assertTrue(r.isInactive(), "a failed idup's request completes");
                }
            }
            assertEquals(ErrorClass.ERR_OTHER, failed);
            int[] counts = new int[3];
            w.allgather(new int[] {made.size()}, 0, 1, Datatype.INT, counts, 0, 1, Datatype.INT);
            assertArrayEquals(new int[] {8, 8, 8}, counts, "every member failed at the same idup");
            for (Comm m : made) m.free();
            Comm again = waitForComm(w.idup());
            assertAgreed(w, again);
            again.free();
        });
    }

    /**
     * Rank 0 tries to free a parent whose idup cannot have finished (rank 1 starts its own only afterwards):
     * ERR_COMM, and the parent still works; once the idup completed, both free normally.
     */
    @Test
    void freeOfAParentWithAnOutstandingIdupIsAnError() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm parent = w.dup();
            int[] token = new int[1];
            Request r;
            if (w.rank() == 0) {
                r = parent.idup();
                NonblockingCollectivesTest.assertError(ErrorClass.ERR_COMM, parent::free);
                assertTrue(!parent.isFreed(), "a refused free changes nothing");
                w.send(token, 0, 1, Datatype.INT, 1, 4);
            } else {
                w.recv(token, 0, 1, Datatype.INT, 0, 4);
                r = parent.idup();
            }
            Comm c = waitForComm(r);
            assertAgreed(parent, c);
            c.free();
            parent.free();
        });
    }

    /**
     * {@code Request.free} of an idup's request before a wait or test completed it (erroneous in MPI: the
     * restrictions of nonblocking collectives apply to idup, and the new communicator would be out of reach):
     * ERR_REQUEST, and nothing changes: the request still completes, its communicator works, and freeing that
     * gives the context id back (the rank's free ids are what they were). On every configuration.
     */
    @ParameterizedTest
    @MethodSource("configs")
    void freeOfAPendingIdupRequestIsAnErrorAndLosesNoContextId(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int free = mpi.freeContextIds();
            int[] token = new int[1];
            Request r;
            if (w.rank() == 0) {
                r = w.idup();   // cannot finish before rank 1 starts its own, after the token
                NonblockingCollectivesTest.assertError(ErrorClass.ERR_REQUEST, r::free);
                assertTrue(!r.isInactive(), "a refused free changes nothing");
                w.send(token, 0, 1, Datatype.INT, 1, 4);
            } else {
                w.recv(token, 0, 1, Datatype.INT, 0, 4);
                r = w.idup();
            }
            Comm made = waitForComm(r);
            assertAgreed(w, made);
            made.free();
            r.free();      // a completed request frees normally
            w.barrier();
            assertEquals(free, mpi.freeContextIds(), "a context id was lost");
        });
    }

    static Stream<JobConfig> configs() {
        return Jobs.configs(2);
    }

    static Stream<Arguments> stressCases() {
        Stream<Granularity> gs = Stream.of(Granularity.values()).filter(g -> !g.isExperimental());
        return gs.flatMap(g -> Stream.of(Arguments.of(g, false), Arguments.of(g, true)));
    }

    /**
     * Four threads per rank, each on its own communicator: idups, blocking dups, COMM_SELF idups and
     * iallreduces outstanding together, completed with waitAll, waitAny or test loops.
     */
    @ParameterizedTest
    @MethodSource("stressCases")
    void stress(Granularity g, boolean virtual) {
        int threads = 4, iterations = Jobs.FULL ? 200 : 25;
        JobConfig c = JobConfig.of(3).withGranularity(g).withErrorHandler(ErrorHandler.ERRORS_RETURN);
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm[] comms = new Comm[threads];
            for (int t = 0; t < threads; t++) comms[t] = w.dup();
            Jobs.threads(threads, virtual, t -> {
                Comm p = comms[t];
                for (int i = 0; i < iterations; i++) {
                    long[] sum = new long[1];
                    Request a = p.idup();
                    Comm d = p.dup();
                    Request s = mpi.commSelf().idup();
                    Request b = p.iallreduce(new long[] {1}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
                    Request[] rs = {a, s, b};
                    switch (i % 3) {
                        case 0 -> Request.waitAll(rs);
                        case 1 -> { while (Request.waitAny(rs) != Mpi.UNDEFINED) { } }
                        default -> { while (Request.testAll(rs) == null) Thread.yield(); }   // a test loop: yield, or a virtual thread keeps its carrier
                    }
                    assertEquals(3, sum[0]);
                    assertAgreed(p, a.communicator());
                    assertAgreed(p, d);
                    a.communicator().free();
                    s.communicator().free();
                    d.free();
                }
            });
            for (Comm p : comms) p.free();
        });
    }
}
