package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.coll.InMemoryChannels.SendMode;
import org.mpiverify.core.coll.TestData.Kind;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Op;

/**
 * Every collective's result on communicators of 1, 2, 3, 4, 5 and 8 ranks, with eager and with
 * synchronous standard sends, against a sequential computation of what MPI specifies. Every rank checks
 * its own result; the harness fails the test with a thread dump if any rank fails or hangs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CollectivesTest {
    static Stream<Arguments> communicators() {
        List<Arguments> out = new ArrayList<>();
        for (int n : new int[] {1, 2, 3, 4, 5, 8}) {
            for (SendMode mode : SendMode.values()) out.add(Arguments.of(n, mode));
        }
        return out.stream();
    }

    /** Small integers, so that every floating-point reduction is exact whatever the association. */
    static long value(int rank, int i) { return Math.floorMod(rank * 5 + i * 3, 7) - 3; }

    /** Distinct per (rank, index) and exact in every type (for BYTE, distinct modulo 256). */
    static long tagged(int rank, int i) { return rank * 100L + i + 1; }

    private static <T> List<T> run(int n, SendMode mode, InMemoryChannels.RankBody<T> body) {
        InMemoryChannels comm = new InMemoryChannels(n, mode);
        List<T> results = comm.run(body);
        assertEquals(0, comm.undelivered(), "every message sent was received, every receive matched");
        return results;
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void barrierReleasesNobodyBeforeEveryoneArrived(int n, SendMode mode) {
        AtomicInteger arrived = new AtomicInteger();
        run(n, mode, ch -> {
            for (int round = 1; round <= 50; round++) {
                arrived.incrementAndGet();
                Collectives.barrier(ch);
                int seen = arrived.get();
                assertTrue(seen >= n * round, "left barrier " + round + " after only " + seen + " arrivals");
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void bcastCopiesTheRootsRegionEverywhere(int n, SendMode mode) {
        run(n, mode, ch -> {
            for (Datatype type : TestData.TYPES) {
                for (Kind kind : Kind.values()) {
                    for (int root = 0; root < n; root++) {
                        int off = 2, count = 17, len = 21, rt = root;
                        Object buf = ch.rank() == root
                                ? TestData.buffer(type, kind, len, i -> tagged(rt, i))
                                : TestData.buffer(type, kind, len, i -> -5);
                        Collectives.bcast(ch, buf, off, count, type, root);
                        for (int i = 0; i < len; i++) {
                            long expected = i >= off && i < off + count || ch.rank() == root
                                    ? TestData.bitsOf(type, tagged(root, i)) : TestData.bitsOf(type, -5);
                            assertEquals(expected, TestData.bits(buf, type, i), type + " " + kind + " root " + root + " i " + i);
                        }
                    }
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void reduceAppliesEveryOpOnEveryTypeInRankOrder(int n, SendMode mode) {
        int count = 9;
        run(n, mode, ch -> {
            int r = ch.rank();
            for (Datatype type : TestData.TYPES) {
                long[][] contributions = contributions(n, type, count);
                for (Op op : Op.values()) {
                    if (!op.appliesTo(type)) continue;
                    long[] expected = SequentialOps.reduce(op, type, contributions);
                    for (int root = 0; root < n; root++) {
                        Kind kind = Kind.values()[(op.ordinal() + root) % 3];
                        boolean inPlace = r == root && (op.ordinal() + root) % 2 == 0;
                        Object recv = r == root ? TestData.fromBits(type, kind, padded(contributions[r], 1))
                                : null; // significant only at the root
                        Object send = inPlace ? Collectives.IN_PLACE : TestData.fromBits(type, kind, padded(contributions[r], 0));
                        Collectives.reduce(ch, send, 0, recv, 1, count, type, op, root);
                        if (r == root) {
                            assertArrayEquals(expected, TestData.bits(recv, type, 1, count),
                                    op + " " + type + " " + kind + " root " + root + (inPlace ? " in place" : ""));
                        }
                    }
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void allreduceAppliesEveryOpOnEveryTypeOnEveryRank(int n, SendMode mode) {
        int count = 9;
        run(n, mode, ch -> {
            int r = ch.rank();
            for (Datatype type : TestData.TYPES) {
                long[][] contributions = contributions(n, type, count);
                for (Op op : Op.values()) {
                    if (!op.appliesTo(type)) continue;
                    long[] expected = SequentialOps.reduce(op, type, contributions);
                    for (Kind kind : Kind.values()) {
                        for (boolean inPlace : new boolean[] {false, true}) {
                            Object recv = TestData.fromBits(type, kind, padded(inPlace ? contributions[r] : new long[count], 3));
                            Object send = inPlace ? Collectives.IN_PLACE : TestData.fromBits(type, kind, contributions[r]);
                            Collectives.allreduce(ch, send, 0, recv, 3, count, type, op);
                            assertArrayEquals(expected, TestData.bits(recv, type, 3, count),
                                    op + " " + type + " " + kind + (inPlace ? " in place" : ""));
                            if (!inPlace) assertArrayEquals(contributions[r], TestData.bits(send, type, 0, count));
                        }
                    }
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void allreduceGivesBitwiseIdenticalResultsOnEveryRank(int n, SendMode mode) {
        assertSameBitsOnEveryRank(n, mode, (ch, mine, sum) ->
                Collectives.allreduce(ch, mine, 0, sum, 0, mine.length, Datatype.DOUBLE, Op.SUM));
    }

    /** An allreduce of doubles with SUM, so that a known-bad twin can be put through the same check. */
    @FunctionalInterface
    interface DoubleSumAllreduce {
        void allreduce(CollectiveChannel ch, double[] mine, double[] sum);
    }

    /**
     * Sums values of wildly different magnitudes, whose floating-point sum depends on the association,
     * and fails unless every rank got the same bits.
     */
    static void assertSameBitsOnEveryRank(int n, SendMode mode, DoubleSumAllreduce impl) {
        int count = 257;
        List<double[]> results = run(n, mode, ch -> {
            SplittableRandom rnd = new SplittableRandom(1000 + ch.rank());
            double[] mine = new double[count], sum = new double[count];
            for (int i = 0; i < count; i++) mine[i] = rnd.nextDouble() * Math.pow(10, rnd.nextInt(-8, 17)) * (rnd.nextBoolean() ? 1 : -1);
            impl.allreduce(ch, mine, sum);
            return sum;
        });
        for (int r = 1; r < n; r++) assertArrayEquals(bits(results.get(0)), bits(results.get(r)), "rank " + r + " vs rank 0");
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void gatherAndScatterMoveBlocksInRankOrder(int n, SendMode mode) {
        int count = 5;
        run(n, mode, ch -> {
            int r = ch.rank();
            for (Datatype type : new Datatype[] {Datatype.INT, Datatype.DOUBLE, Datatype.SHORT, Datatype.CHAR}) {
                for (int root = 0; root < n; root++) {
                    Kind kind = Kind.values()[(root + type.ordinal()) % 3];
                    Object send = TestData.buffer(type, kind, count + 1, i -> tagged(r, i));
                    Object recv = r == root ? TestData.buffer(type, kind, n * count + 2, i -> -9) : null;
                    Collectives.gather(ch, send, 1, count, type, recv, 2, count, type, root);
                    if (r == root) {
                        for (int i = 0; i < n * count; i++) {
                            assertEquals(TestData.bitsOf(type, tagged(i / count, i % count + 1)), TestData.bits(recv, type, 2 + i));
                        }
                        assertEquals(TestData.bitsOf(type, -9), TestData.bits(recv, type, 0));
                    }

                    int rt = root;
                    Object all = r == root ? TestData.buffer(type, kind, n * count, i -> tagged(rt, i)) : null;
                    Object mine = TestData.buffer(type, kind, count, i -> -9);
                    Collectives.scatter(ch, all, 0, count, type, mine, 0, count, type, root);
                    for (int i = 0; i < count; i++) {
                        assertEquals(TestData.bitsOf(type, tagged(root, r * count + i)), TestData.bits(mine, type, i));
                    }
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void gathervAndScattervHonourIrregularCountsAndDisplacements(int n, SendMode mode) {
        // Counts 1, 0, 3, 2, 1, 0, ... (zeros included); blocks laid out in reverse rank order with a gap of 2.
        int[] counts = new int[n], displs = new int[n];
        int end = 0;
        for (int i = n - 1; i >= 0; i--) {
            counts[i] = (i * 3 + 1) % 4;
            displs[i] = end + 2;
            end = displs[i] + counts[i];
        }
        int total = end + 1;
        boolean[] covered = new boolean[total];
        for (int i = 0; i < n; i++) for (int k = 0; k < counts[i]; k++) covered[displs[i] + k] = true;

        run(n, mode, ch -> {
            int r = ch.rank();
            for (Datatype type : new Datatype[] {Datatype.LONG, Datatype.FLOAT, Datatype.BYTE}) {
                for (int root = 0; root < n; root++) {
                    Kind kind = Kind.values()[(root + r) % 3];
                    Object send = TestData.buffer(type, kind, counts[r], i -> tagged(r, i));
                    Object recv = r == root ? TestData.buffer(type, kind, total + 1, i -> -9) : null;
                    Collectives.gatherv(ch, send, 0, counts[r], type, recv, 1, counts, displs, type, root);
                    if (r == root) {
                        for (int i = 0; i < n; i++) {
                            for (int k = 0; k < counts[i]; k++) {
                                assertEquals(TestData.bitsOf(type, tagged(i, k)), TestData.bits(recv, type, 1 + displs[i] + k));
                            }
                        }
                        for (int j = 0; j < total; j++) {
                            if (!covered[j]) assertEquals(TestData.bitsOf(type, -9), TestData.bits(recv, type, 1 + j), "gap " + j);
                        }
                    }

                    int rt = root;
                    Object all = r == root ? TestData.buffer(type, kind, total, j -> tagged(rt, j)) : null;
                    Object mine = TestData.buffer(type, kind, counts[r] + 1, i -> -9);
                    Collectives.scatterv(ch, all, 0, counts, displs, type, mine, 1, counts[r], type, root);
                    for (int k = 0; k < counts[r]; k++) {
                        assertEquals(TestData.bitsOf(type, tagged(root, displs[r] + k)), TestData.bits(mine, type, 1 + k));
                    }
                    assertEquals(TestData.bitsOf(type, -9), TestData.bits(mine, type, 0));
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void allgatherAndAlltoallExchangeEveryBlock(int n, SendMode mode) {
        run(n, mode, ch -> {
            int r = ch.rank();
            for (Datatype type : new Datatype[] {Datatype.INT, Datatype.DOUBLE, Datatype.SHORT, Datatype.LONG}) {
                for (int count : new int[] {1, 4}) {
                    Kind kind = Kind.values()[(count + type.ordinal() + r) % 3];
                    Object send = TestData.buffer(type, kind, count, i -> tagged(r, i));
                    Object recv = TestData.buffer(type, kind, n * count + 1, i -> -9);
                    Collectives.allgather(ch, send, 0, count, type, recv, 1, count, type);
                    for (int i = 0; i < n * count; i++) {
                        assertEquals(TestData.bitsOf(type, tagged(i / count, i % count)), TestData.bits(recv, type, 1 + i));
                    }

                    // block j of rank r carries (r, j): rank r must receive block r of every rank i in slot i
                    Object out = TestData.buffer(type, kind, n * count, i -> tagged(r, i));
                    Object in = TestData.buffer(type, kind, n * count, i -> -9);
                    Collectives.alltoall(ch, out, 0, count, type, in, 0, count, type);
                    for (int i = 0; i < n; i++) {
                        for (int k = 0; k < count; k++) {
                            assertEquals(TestData.bitsOf(type, tagged(i, r * count + k)), TestData.bits(in, type, i * count + k));
                        }
                    }
                }
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void inPlaceGatherScatterAndAllgatherLeaveTheOwnBlockWhereItIs(int n, SendMode mode) {
        int count = 3;
        run(n, mode, ch -> {
            int r = ch.rank();
            Datatype type = Datatype.INT;
            for (int root = 0; root < n; root++) {
                Kind kind = Kind.values()[root % 3];
                int rt = root;
                // gather: the root's block is already in recv
                Object send = r == root ? Collectives.IN_PLACE : TestData.buffer(type, kind, count, i -> tagged(r, i));
                Object recv = r == root ? TestData.buffer(type, kind, n * count, i -> i / count == rt ? tagged(rt, i % count) : -9) : null;
                Collectives.gather(ch, send, 0, count, type, recv, 0, count, type, root);
                if (r == root) {
                    for (int i = 0; i < n * count; i++) assertEquals(TestData.bitsOf(type, tagged(i / count, i % count)), TestData.bits(recv, type, i));
                }

                // gatherv with one element per rank at displacement 2*i
                int[] ones = new int[n], displs = new int[n];
                for (int i = 0; i < n; i++) { ones[i] = 1; displs[i] = 2 * i; }
                Object vsend = r == root ? Collectives.IN_PLACE : TestData.buffer(type, kind, 1, i -> tagged(r, 0));
                Object vrecv = r == root ? TestData.buffer(type, kind, 2 * n, j -> j == 2 * rt ? tagged(rt, 0) : -9) : null;
                Collectives.gatherv(ch, vsend, 0, 1, type, vrecv, 0, ones, displs, type, root);
                if (r == root) {
                    for (int i = 0; i < n; i++) assertEquals(TestData.bitsOf(type, tagged(i, 0)), TestData.bits(vrecv, type, 2 * i));
                }

                // scatter and scatterv: the root keeps its block in send and receives nothing
                Object all = r == root ? TestData.buffer(type, kind, n * count, i -> tagged(rt, i)) : null;
                Object mine = r == root ? Collectives.IN_PLACE : TestData.buffer(type, kind, count, i -> -9);
                Collectives.scatter(ch, all, 0, count, type, mine, 0, count, type, root);
                if (r != root) {
                    for (int i = 0; i < count; i++) assertEquals(TestData.bitsOf(type, tagged(root, r * count + i)), TestData.bits(mine, type, i));
                }
                Object one = r == root ? Collectives.IN_PLACE : TestData.buffer(type, kind, 1, i -> -9);
                Collectives.scatterv(ch, all, 0, ones, displs, type, one, 0, 1, type, root);
                if (r != root) assertEquals(TestData.bitsOf(type, tagged(root, 2 * r)), TestData.bits(one, type, 0));
            }

            // allgather: every rank's block is already in recv
            Object recv = TestData.buffer(Datatype.DOUBLE, Kind.DIRECT, n * count, i -> i / count == r ? tagged(r, i % count) : -9);
            Collectives.allgather(ch, Collectives.IN_PLACE, 0, 0, null, recv, 0, count, Datatype.DOUBLE);
            for (int i = 0; i < n * count; i++) {
                assertEquals(TestData.bitsOf(Datatype.DOUBLE, tagged(i / count, i % count)), TestData.bits(recv, Datatype.DOUBLE, i));
            }
            return null;
        });
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void zeroCountsNeedNoBuffersAndSendNothing(int n, SendMode mode) {
        InMemoryChannels comm = new InMemoryChannels(n, mode);
        comm.run(ch -> {
            Datatype t = Datatype.INT;
            Collectives.bcast(ch, null, 0, 0, t, n - 1);
            Collectives.reduce(ch, null, 0, null, 0, 0, t, Op.SUM, 0);
            Collectives.allreduce(ch, null, 0, null, 0, 0, t, Op.MAX);
            Collectives.gather(ch, null, 0, 0, t, null, 0, 0, t, 0);
            Collectives.scatter(ch, null, 0, 0, t, null, 0, 0, t, 0);
            Collectives.allgather(ch, null, 0, 0, t, null, 0, 0, t);
            Collectives.alltoall(ch, null, 0, 0, t, null, 0, 0, t);
            int[] zeros = new int[n];
            Collectives.gatherv(ch, null, 0, 0, t, null, 0, zeros, zeros, t, 0);
            Collectives.scatterv(ch, null, 0, zeros, zeros, t, null, 0, 0, t, 0);
            return null;
        });
        for (int r = 0; r < n; r++) assertEquals(0, comm.messagesSent(r));
    }

    static long[][] contributions(int n, Datatype type, int count) {
        long[][] c = new long[n][count];
        for (int r = 0; r < n; r++) for (int i = 0; i < count; i++) c[r][i] = TestData.bitsOf(type, value(r, i));
        return c;
    }

    /** {@code bits} preceded by {@code pad} elements of -1. */
    static long[] padded(long[] bits, int pad) {
        long[] out = new long[pad + bits.length];
        java.util.Arrays.fill(out, 0, pad, -1);
        System.arraycopy(bits, 0, out, pad, bits.length);
        return out;
    }

    static long[] bits(double[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) out[i] = Double.doubleToRawLongBits(a[i]);
        return out;
    }
}
