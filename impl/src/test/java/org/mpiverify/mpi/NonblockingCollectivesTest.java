package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.core.sync.Granularity;

/**
 * {@link Comm#ibarrier}, {@link Comm#ibcast}, {@link Comm#ireduce}, {@link Comm#iallreduce}, and the data
 * movers {@link Comm#igather}, {@link Comm#igatherv}, {@link Comm#iscatter}, {@link Comm#iscatterv},
 * {@link Comm#iallgather}, {@link Comm#ialltoall}: the results of the blocking versions, through every completion call; progress without a progress thread (a blocking
 * call of another kind moves them); their tags apart from blocking collectives on the same communicator;
 * many outstanding at once, completed in any order; many threads on many communicators, platform and
 * virtual; bad arguments rejected with the blocking versions' error classes, changing nothing. Every job
 * runs under {@link Jobs#DEADLINE}: a hang fails with every thread's stack.
 */
class NonblockingCollectivesTest {

    /**
     * Every slot's tags fit every matching engine: the hash engine keys tags on 22 bits, and the slots' tags
     * once lay above 2^22, so every nonblocking collective and idup failed on HASH_TABLE with ERR_INTERN
     * ("IllegalArgumentException: tag 4194496"; found by the audit's coll-nonblocking-distinct-comms). All
     * SLOTS slots are taken at once: ibarriers, then an idup and an iallreduce in the last two.
     */
    @ParameterizedTest
    @EnumSource(MatchingKind.class)
    void everySlotWorksOnEveryMatchingEngine(MatchingKind engine) {
        Jobs.ok(JobConfig.of(2).withMatching(engine), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Request[] barriers = new Request[NonblockingStarts.SLOTS - 2];
            for (int i = 0; i < barriers.length; i++) barriers[i] = w.ibarrier();
            Request idup = w.idup();
            int[] sum = new int[1];
            Request allreduce = w.iallreduce(new int[] {w.rank() + 1}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            Request.waitAll(barriers);
            allreduce.waitFor();
            idup.waitFor();
            assertEquals(3, sum[0]);
            Comm c = idup.communicator();
            int[] size = new int[1];
            c.allreduce(new int[] {1}, 0, size, 0, 1, Datatype.INT, Op.SUM);
            assertEquals(2, size[0]);
            c.free();
        });
    }

    static Stream<JobConfig> configsAt248() {
        return Stream.of(2, 4, 8).flatMap(Jobs::configs);
    }

    static Stream<JobConfig> configsAt4() {
        return Jobs.configsBothSchedulers(4);
    }

    static Stream<Arguments> limitRounds() {
        return Jobs.configs(1).map(c -> Arguments.of(c,
                Jobs.FULL || c.granularity() == Granularity.LOCK_FREE && c.matching() == MatchingKind.QUEUES ? 12 : 2));
    }

    /**
     * The limit of {@link NonblockingStarts#SLOTS} outstanding nonblocking operations per communicator is exact under
     * contention: 16 threads each start 200 iallreduces on COMM_SELF without completing any; exactly
     * SLOTS start (so no two outstanding operations share a slot, and so a tag range or an idup's
     * context-id key), every other start is ERR_OTHER, every started one completes with its result, and
     * then SLOTS start again (nothing was left counted).
     */
    @ParameterizedTest
    @MethodSource("limitRounds")
    void theLimitOfOutstandingOperationsHoldsUnderContention(JobConfig c, int rounds) {
        int threads = 16, each = 200;
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm self = mpi.commSelf();
            for (int round = 0; round < rounds; round++) {
                Queue<Request> started = new ConcurrentLinkedQueue<>();
                Queue<int[][]> results = new ConcurrentLinkedQueue<>();   // {expected}, the output
                AtomicInteger refused = new AtomicInteger();
                CyclicBarrier go = new CyclicBarrier(threads);
                Jobs.threads(threads, t -> {
                    go.await(30, TimeUnit.SECONDS);
                    for (int i = 0; i < each; i++) {
                        int[] out = new int[1];
                        try {
                            started.add(self.iallreduce(new int[] {t * each + i}, 0, out, 0, 1, Datatype.INT, Op.SUM));
                            results.add(new int[][] {{t * each + i}, out});
                        } catch (MpiException e) {
                            assertEquals(ErrorClass.ERR_OTHER, e.errorClass(), e.getMessage());
                            refused.incrementAndGet();
                        }
                    }
                });
                assertEquals(NonblockingStarts.SLOTS, started.size(), "round " + round + ": operations outstanding at once");
                assertEquals(threads * each - NonblockingStarts.SLOTS, refused.get(), "round " + round);
                Request.waitAll(started.toArray(Request[]::new));
                for (int[][] r : results) assertEquals(r[0][0], r[1][0], "round " + round);
            }
            Request[] again = new Request[NonblockingStarts.SLOTS];
            for (int i = 0; i < again.length; i++) again[i] = self.ibarrier();
            Request.waitAll(again);
        });
    }

    /**
     * Two outstanding operations never share a slot, even when they complete out of order: with the first of a
     * communicator's operations still outstanding and the next SLOTS - 1 completed, the one after them, whose
     * slot is the first's, is refused (ERR_OTHER, nothing started); once the first completed, it starts. Only a
     * count of outstanding operations would have let it start in the first's slot, its tags and (for an idup) its
     * context-id key.
     */
    @Test
    void anOperationWhoseSlotAnOutstandingOneHoldsIsRefused() {
        Jobs.ok(1, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm self = mpi.commSelf();
            Request first = self.ibarrier();
            for (int i = 1; i < NonblockingStarts.SLOTS; i++) self.ibarrier().waitFor();
            assertError(ErrorClass.ERR_OTHER, self::ibarrier);
            assertError(ErrorClass.ERR_OTHER, self::ibarrier);   // refused again: the sequence did not move
            first.waitFor();
            self.ibarrier().waitFor();
            Request.waitAll(self.ibarrier(), self.ibarrier());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void eachGivesTheBlockingResultForEverySize(int n) {
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            for (int root = 0; root < n; root++) {
                long[] mine = {me + 1, 10L * me, -me, me * me};
                long[] sum = new long[4], blockingSum = new long[4];
                w.iallreduce(mine, 0, sum, 0, 4, Datatype.LONG, Op.SUM).waitFor();
                w.allreduce(mine, 0, blockingSum, 0, 4, Datatype.LONG, Op.SUM);
                assertArrayEquals(blockingSum, sum);

                long[] red = new long[4], blockingRed = new long[4];
                Request r = w.ireduce(mine, 0, red, 0, 4, Datatype.LONG, Op.MAX, root);
                while (r.test() == null) {
                    Thread.onSpinWait();   // MPI_Test polls: the loop makes progress itself
                }
                w.reduce(mine, 0, blockingRed, 0, 4, Datatype.LONG, Op.MAX, root);
                if (me == root) assertArrayEquals(blockingRed, red);

                int[] b = me == root ? new int[] {7, root, 9} : new int[3];
                assertEquals(0, Request.waitAny(w.ibcast(b, 0, 3, Datatype.INT, root)));
                assertArrayEquals(new int[] {7, root, 9}, b);

                Request.waitAll(w.ibarrier());
            }
            // In place.
            int[] inPlace = {me, 1};
            w.iallreduce(Collectives.IN_PLACE, 0, inPlace, 0, 2, Datatype.INT, Op.SUM).waitFor();
            assertArrayEquals(new int[] {n * (n - 1) / 2, n}, inPlace);
        });
    }

    /**
     * Every data-moving nonblocking collective against its blocking version and against the values it must
     * produce, at every root, for sizes that take both allgather algorithms (recursive doubling at 2, 4, 8;
     * the ring at 3, 5, 6), with IN_PLACE where MPI allows it. The requests of one round are all
     * outstanding together and completed in reverse order.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 8})
    void theDataCollectivesGiveTheBlockingResultForEverySize(int n) {
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank(), b = 2;
            int[] mine = {100 * me, 100 * me + 1};
            int[] expectedAll = new int[n * b];
            for (int i = 0; i < n; i++) {
                expectedAll[b * i] = 100 * i;
                expectedAll[b * i + 1] = 100 * i + 1;
            }
            int[] counts = new int[n], displs = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++) {
                counts[i] = i % 3;                       // 0, 1, 2, 0, ...: empty contributions too
                displs[i] = total + 1;                   // a gap before each block
                total += counts[i] + 1;
            }
            for (int root = 0; root < n; root++) {
                int[] gathered = new int[n * b], gatheredV = new int[total + 1], scattered = new int[b];
                int[] scatteredV = new int[2], all = new int[n * b], toAll = new int[n * b];
                int[] rootData = new int[n * b];
                for (int i = 0; i < n * b; i++) rootData[i] = 1000 * root + i;
                int[] v = {7 * me, 7 * me + 1};
                int[] sendToAll = new int[n * b];
                for (int i = 0; i < n * b; i++) sendToAll[i] = 10_000 * me + i;
                Request[] rs = {
                    w.igather(mine, 0, b, Datatype.INT, gathered, 0, b, Datatype.INT, root),
                    w.igatherv(v, 0, counts[me], Datatype.INT, gatheredV, 0, counts, displs, Datatype.INT, root),
                    w.iscatter(rootData, 0, b, Datatype.INT, scattered, 0, b, Datatype.INT, root),
                    w.iscatterv(rootData, 0, counts, displs, Datatype.INT, scatteredV, 0, counts[me], Datatype.INT,
                            root),
                    w.iallgather(mine, 0, b, Datatype.INT, all, 0, b, Datatype.INT),
                    w.ialltoall(sendToAll, 0, b, Datatype.INT, toAll, 0, b, Datatype.INT)};
                for (int i = rs.length - 1; i >= 0; i--) rs[i].waitFor();

                int[] bGathered = new int[n * b], bGatheredV = new int[total + 1], bScattered = new int[b];
                int[] bScatteredV = new int[2], bAll = new int[n * b], bToAll = new int[n * b];
                w.gather(mine, 0, b, Datatype.INT, bGathered, 0, b, Datatype.INT, root);
                w.gatherv(v, 0, counts[me], Datatype.INT, bGatheredV, 0, counts, displs, Datatype.INT, root);
                w.scatter(rootData, 0, b, Datatype.INT, bScattered, 0, b, Datatype.INT, root);
                w.scatterv(rootData, 0, counts, displs, Datatype.INT, bScatteredV, 0, counts[me], Datatype.INT, root);
                w.allgather(mine, 0, b, Datatype.INT, bAll, 0, b, Datatype.INT);
                w.alltoall(sendToAll, 0, b, Datatype.INT, bToAll, 0, b, Datatype.INT);

                String at = "size " + n + ", root " + root + ", rank " + me;
                if (me == root) {
                    assertArrayEquals(expectedAll, gathered, "igather, " + at);
                    assertArrayEquals(bGathered, gathered, "igather vs gather, " + at);
                    int[] expectedV = new int[total + 1];
                    for (int i = 0; i < n; i++) {
                        for (int k = 0; k < counts[i]; k++) expectedV[displs[i] + k] = 7 * i + k;
                    }
                    assertArrayEquals(expectedV, gatheredV, "igatherv, " + at);
                    assertArrayEquals(bGatheredV, gatheredV, "igatherv vs gatherv, " + at);
                }
                assertArrayEquals(new int[] {1000 * root + b * me, 1000 * root + b * me + 1}, scattered,
                        "iscatter, " + at);
                assertArrayEquals(bScattered, scattered, "iscatter vs scatter, " + at);
                for (int k = 0; k < counts[me]; k++) {
                    assertEquals(1000 * root + displs[me] + k, scatteredV[k], "iscatterv element " + k + ", " + at);
                }
                assertArrayEquals(bScatteredV, scatteredV, "iscatterv vs scatterv, " + at);
                assertArrayEquals(expectedAll, all, "iallgather, " + at);
                assertArrayEquals(bAll, all, "iallgather vs allgather, " + at);
                int[] expectedToAll = new int[n * b];
                for (int i = 0; i < n; i++) {
                    for (int k = 0; k < b; k++) expectedToAll[b * i + k] = 10_000 * i + b * me + k;
                }
                assertArrayEquals(expectedToAll, toAll, "ialltoall, " + at);
                assertArrayEquals(bToAll, toAll, "ialltoall vs alltoall, " + at);

                // In place: the root's own block of igather and iscatter, every rank's of iallgather.
                int[] inPlaceGather = new int[n * b];
                if (me == root) System.arraycopy(mine, 0, inPlaceGather, b * me, b);
                int[] inPlaceAll = new int[n * b];
                System.arraycopy(mine, 0, inPlaceAll, b * me, b);
                int[] scatterIn = new int[b];
                Request.waitAll(
                        w.igather(me == root ? Collectives.IN_PLACE : mine, 0, b, Datatype.INT, inPlaceGather, 0, b,
                                Datatype.INT, root),
                        w.iscatter(rootData, 0, b, Datatype.INT, me == root ? Collectives.IN_PLACE : scatterIn, 0, b,
                                Datatype.INT, root),
                        w.iallgather(Collectives.IN_PLACE, 0, 0, null, inPlaceAll, 0, b, Datatype.INT));
                if (me == root) assertArrayEquals(expectedAll, inPlaceGather, "igather IN_PLACE, " + at);
                if (me != root) {
                    assertArrayEquals(new int[] {1000 * root + b * me, 1000 * root + b * me + 1}, scatterIn,
                            "iscatter IN_PLACE, " + at);
                }
                assertArrayEquals(expectedAll, inPlaceAll, "iallgather IN_PLACE, " + at);
            }
        });
    }

    /**
     * Threads on communicators of their own, each with an igather, iscatter, iallgather and ialltoall
     * outstanding together, completed by waitAll or waitAny, the root rotating: every result checked.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theDataCollectivesFromManyThreadsOnManyCommunicators(boolean virtual) {
        int threads = 4, iterations = 40, n = 3;
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm[] comms = new Comm[threads];
            for (int t = 0; t < threads; t++) comms[t] = w.dup();
            Jobs.threads(threads, virtual, t -> {
                Comm c = comms[t];
                int me = c.rank();
                for (int i = 0; i < iterations; i++) {
                    int root = i % n, base = 1000 * t + 10 * i;
                    int[] gathered = new int[n], scattered = new int[1], all = new int[n], toAll = new int[n];
                    int[] rootData = {base, base + 1, base + 2};
                    int[] sendToAll = {base + 3 * me, base + 3 * me + 1, base + 3 * me + 2};
                    Request[] rs = {
                        c.igather(new int[] {base + me}, 0, 1, Datatype.INT, gathered, 0, 1, Datatype.INT, root),
                        c.iscatter(rootData, 0, 1, Datatype.INT, scattered, 0, 1, Datatype.INT, root),
                        c.iallgather(new int[] {base + me}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT),
                        c.ialltoall(sendToAll, 0, 1, Datatype.INT, toAll, 0, 1, Datatype.INT)};
                    if ((i & 1) == 0) Request.waitAll(rs); else while (Request.waitAny(rs) != Mpi.UNDEFINED) { }
                    if (me == root) assertArrayEquals(new int[] {base, base + 1, base + 2}, gathered);
                    assertEquals(base + me, scattered[0]);
                    assertArrayEquals(new int[] {base, base + 1, base + 2}, all);
                    assertArrayEquals(new int[] {base + me, base + 3 + me, base + 6 + me}, toAll);
                }
            });
            for (Comm c : comms) c.free();
        });
    }

    @Test
    void manyOutstandingOnOneCommunicatorCompleteInAnyOrder() {
        Jobs.ok(4, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank(), k = 40;
            Request[] rs = new Request[k];
            long[][] out = new long[k][1];
            for (int i = 0; i < k; i++) {
                rs[i] = switch (i % 3) {
                    case 0 -> w.iallreduce(new long[] {me + i}, 0, out[i], 0, 1, Datatype.LONG, Op.SUM);
                    case 1 -> w.ibarrier();
                    default -> {
                        if (me == i % 4) out[i][0] = 1000 + i;
                        yield w.ibcast(out[i], 0, 1, Datatype.LONG, i % 4);
                    }
                };
            }
            for (int i = k - 1; i >= 0; i--) {   // the last started first: nothing waits for an earlier one's waiter
                rs[i].waitFor();
            }
            for (int i = 0; i < k; i++) {
                if (i % 3 == 0) assertEquals(6 + 4L * i, out[i][0], "iallreduce " + i);
                if (i % 3 == 2) assertEquals(1000 + i, out[i][0], "ibcast " + i);
            }
        });
    }

    /**
     * Rank 0 starts an ibarrier and then blocks in a receive that rank 2 answers only after its own ibarrier
     * completed, which needs rank 0's second round: only rank 0's blocked receive can make it (MPI's
     * progress rule; there is no progress thread).
     */
    @Test
    void aBlockedReceiveMovesTheOutstandingCollectives() {
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int[] x = new int[1];
            if (me == 0) {
                Request b = w.ibarrier();
                w.recv(x, 0, 1, Datatype.INT, 2, 5);
                b.waitFor();
                assertEquals(42, x[0]);
            } else {
                w.ibarrier().waitFor();
                if (me == 2) w.send(new int[] {42}, 0, 1, Datatype.INT, 0, 5);
            }
        });
    }

    /**
     * A blocking allreduce runs on the same communicator while an iallreduce is outstanding: their messages
     * have the same kind and steps but must never match each other (separate tag ranges).
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 6})
    void blockingAndNonblockingCollectivesOnOneCommunicatorDoNotMix(int n) {
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            for (int i = 0; i < 20; i++) {
                long[] nb = new long[2], bl = new long[2];
                Request r = w.iallreduce(new long[] {me, 1}, 0, nb, 0, 2, Datatype.LONG, Op.SUM);
                w.allreduce(new long[] {100L * me, 1000}, 0, bl, 0, 2, Datatype.LONG, Op.SUM);
                r.waitFor();
                long ranks = (long) n * (n - 1) / 2;
                assertArrayEquals(new long[] {ranks, n}, nb, "iallreduce, iteration " + i);
                assertArrayEquals(new long[] {100 * ranks, 1000L * n}, bl, "allreduce, iteration " + i);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void manyThreadsOnManyCommunicators(boolean virtual) {
        int threads = 6, iterations = 60;
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            Comm[] comms = new Comm[threads];
            for (int t = 0; t < threads; t++) comms[t] = w.dup();
            Jobs.threads(threads, virtual, t -> {
                Comm c = comms[t];
                for (int i = 0; i < iterations; i++) {
                    long[] s = new long[1];
                    int[] b = new int[] {c.rank() == i % 3 ? i : -1};
                    Request[] rs = {c.iallreduce(new long[] {me + t}, 0, s, 0, 1, Datatype.LONG, Op.SUM),
                            c.ibcast(b, 0, 1, Datatype.INT, i % 3), c.ibarrier()};
                    if ((i & 1) == 0) Request.waitAll(rs); else while (Request.waitAny(rs) != Mpi.UNDEFINED) { }
                    assertEquals(3 + 3L * t, s[0]);
                    assertEquals(i, b[0]);
                }
            });
            for (Comm c : comms) c.free();
        });
    }

    @Test
    void badArgumentsGetTheBlockingVersionsErrorsAndChangeNothing() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            long[] a = new long[2];
            assertError(ErrorClass.ERR_BUFFER, () -> w.iallreduce(null, 0, a, 0, 2, Datatype.LONG, Op.SUM));
            assertError(ErrorClass.ERR_COUNT, () -> w.iallreduce(a, 0, a.clone(), 0, -1, Datatype.LONG, Op.SUM));
            assertError(ErrorClass.ERR_OP, () -> w.iallreduce(a, 0, a.clone(), 0, 2, Datatype.LONG, null));
            assertError(ErrorClass.ERR_ROOT, () -> w.ibcast(a, 0, 2, Datatype.LONG, 2));
            assertError(ErrorClass.ERR_ROOT, () -> w.ireduce(a, 0, a.clone(), 0, 2, Datatype.LONG, Op.SUM, -1));
            assertError(ErrorClass.ERR_TYPE, () -> w.ibcast(a, 0, 2, null, 0));
            assertError(ErrorClass.ERR_BUFFER, () -> w.ibcast(a, 1, 2, Datatype.LONG, 0));
            int[] x = new int[4];
            assertError(ErrorClass.ERR_ROOT, () -> w.igather(x, 0, 1, Datatype.INT, x, 0, 1, Datatype.INT, 2));
            assertError(ErrorClass.ERR_COUNT, () -> w.iscatter(x, 0, -1, Datatype.INT, x, 0, -1, Datatype.INT, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.iallgather(x, 0, 1, null, x, 0, 1, Datatype.INT));
            assertError(ErrorClass.ERR_BUFFER, () -> w.ialltoall(x, 0, 3, Datatype.INT, x.clone(), 0, 3, Datatype.INT));
            assertError(ErrorClass.ERR_ARG, () -> w.igatherv(x, 0, 1, Datatype.INT, x, 0, new int[] {1}, new int[] {0},
                    Datatype.INT, w.rank()));
            assertError(ErrorClass.ERR_BUFFER, () -> w.iallgather(Collectives.IN_PLACE, 0, 0, null, new int[1], 0, 1,
                    Datatype.INT));
            Comm d = w.dup();
            d.free();
            assertError(ErrorClass.ERR_COMM, d::ibarrier);
            assertError(ErrorClass.ERR_COMM, () -> d.ialltoall(x, 0, 1, Datatype.INT, x.clone(), 0, 1, Datatype.INT));
            assertError(ErrorClass.ERR_COMM, d::idup);
            // Nothing was started by the bad calls: the next collectives still pair up across ranks.
            int[] everyone = new int[2];
            w.iallgather(new int[] {w.rank() + 5}, 0, 1, Datatype.INT, everyone, 0, 1, Datatype.INT).waitFor();
            assertArrayEquals(new int[] {5, 6}, everyone);
            long[] s = new long[1];
            w.iallreduce(new long[] {w.rank() + 1}, 0, s, 0, 1, Datatype.LONG, Op.SUM).waitFor();
            assertEquals(3, s[0]);
            Request r = w.ibarrier();
            assertNotNull(r.waitFor());
            assertEquals(Status.EMPTY, r.waitFor(), "a completed request is inactive");
        });
    }

    /**
     * Rank 0's thread waits (as the poller) on an ibarrier and another on an iallreduce (on standby) that
     * rank 1 never joins; rank 1 aborts: both waits end with ERR_ABORTED, an interrupt before that does not
     * end them, and the job ends without a hang.
     */
    @LeavesOutstanding(value = "rank 1 aborts while rank 0 waits on an ibarrier and an iallreduce rank 1 never joins: their "
            + "transfers, schedules and references are left; the waiters must still have left every registry", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    void anAbortEndsWaitsOnNonblockingCollectives() throws Exception {
        AtomicReferenceArray<Object> outcome = new AtomicReferenceArray<>(2);
        AtomicReferenceArray<Thread> started = new AtomicReferenceArray<>(2);
        JobResult r = Job.run(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 1) {
                Comm other = w.dup();   // a second communicator, as rank 0's
                other.barrier();       // rank 0 has started both operations and waits on them
                mpi.abort(9);
                return;
            }
            Comm other = w.dup();
            Request b = w.ibarrier();
            Request a = other.iallreduce(new int[] {1}, 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
            Thread[] waiters = new Thread[2];
            for (int i = 0; i < 2; i++) {
                Request mine = i == 0 ? b : a;
                int slot = i;
                waiters[i] = Thread.ofPlatform().start(() -> {
                    try {
                        mine.waitFor();
                        outcome.set(slot, "returned");
                    } catch (Throwable e) {
                        outcome.set(slot, e);
                    }
                });
                started.set(i, waiters[i]);
            }
            Jobs.awaitBlockedIn(waiters[0], "waitFor");
            Jobs.awaitBlockedIn(waiters[1], "waitFor");
            waiters[0].interrupt();          // does not end an MPI wait
            other.barrier();                 // lets rank 1 abort; an abort ends this barrier too
        }, Duration.ofSeconds(30));
        assertFalse(r.hung(), r.describe());
        assertEquals(9, r.abortCode(), r.describe());
        for (int i = 0; i < 2; i++) {
            assertTrue(started.get(i).join(Duration.ofSeconds(10)), "waiter " + i + " still waits after the abort\n"
                    + Job.threadDump());
            Object o = outcome.get(i);
            MpiException e = assertInstanceOf(MpiException.class, o, "waiter " + i + ": " + o);
            assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
        }
    }

    /**
     * Every rank finalizes with nonblocking collectives and an idup it never waited on (erroneous in MPI):
     * finalize completes them first, so every rank's operations have completed when it returns (the interior
     * ranks of the broadcast forwarded, the allreduce has its sum) and no rank hangs. Repeated: whether a
     * rank's finalize barrier happened to poll after its operation's last message is a matter of timing. On
     * every configuration.
     */
    @ParameterizedTest
    @MethodSource("configsAt248")
    @LeavesOutstanding(value = ProgressRuleTest.FINALIZED_UNWAITED, invariants = Quiescence.Invariant.COMMUNICATORS)
    void finalizeCompletesTheOperationsARankNeverWaitedOn(JobConfig c) {
        int n = c.ranks();
        for (int round = 0; round < 10; round++) {
            Jobs.ok(c, mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm w = mpi.commWorld();
                int me = w.rank();
                int[] b = {me == 1 ? 77 : -1};
                long[] sum = new long[1];
                Request[] rs = {w.ibarrier(), w.ibcast(b, 0, 1, Datatype.INT, 1),
                        w.iallreduce(new long[] {me + 1}, 0, sum, 0, 1, Datatype.LONG, Op.SUM), w.idup()};
                mpi.finalizeMpi();
                for (int i = 0; i < rs.length; i++) {
                    assertTrue(rs[i].isOperationComplete(), "operation " + i + " incomplete after finalize on rank " + me);
                }
                assertEquals(77, b[0]);
                assertEquals((long) n * (n + 1) / 2, sum[0]);
            });
        }
    }

    /**
     * {@code Request.free} of a nonblocking collective's pending request (erroneous in MPI; the core lets it
     * complete as MPICH does): the other ranks' operations complete, its buffers get their results through
     * this rank's later waits, and finalize completes it at the latest. On every configuration.
     */
    @ParameterizedTest
    @MethodSource("configsAt4")
    void aFreedNonblockingCollectiveStillCompletes(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            long[] sum = new long[1];
            Request r = w.iallreduce(new long[] {me + 1}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
            if (me == 0) {
                r.free();
                assertError(ErrorClass.ERR_REQUEST, r::waitFor);
                w.barrier();                 // waits here progress the freed operation
            } else {
                r.waitFor();
                w.barrier();
            }
            mpi.finalizeMpi();
            assertEquals(10, sum[0], "rank " + me);
        });
    }

    static void assertError(ErrorClass expected, Runnable call) {
        try {
            call.run();
        } catch (MpiException e) {
            assertEquals(expected, e.errorClass(), e.getMessage());
            return;
        }
        throw new AssertionError("expected " + expected + ", nothing was raised");
    }
}
