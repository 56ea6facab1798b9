package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.NonblockingCollectivesTest.assertError;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;

/**
 * User-defined reduction operations on derived datatypes (MPI-3.1 §5.9.5): the function is given the handle the
 * reduction was given, {@code count} items of it, and buffers in the type's own layout ({@link UserOp}). The op is
 * the composition of affine maps (associative, not commutative: any order but the ranks' gives another result) on
 * two derived types: a vector of LONG with a hole in each item (the function gets {@code long[]}s) and a struct of
 * an INT and a LONG (a type of mixed elements: native-order ByteBuffers, offsets in bytes). Through allreduce,
 * reduce, iallreduce, ireduce and an IN_PLACE allreduce at 2, 3 and 4 ranks, every element of the result is checked
 * against the composition computed sequentially in rank order, and every hole of the receive buffer must keep what
 * it held. The reference-count promise of Gropp &amp; Thakur §4.1 is checked with both the op and the type freed while
 * nonblocking reductions use them; both checks are seen rejecting a twin. Every job runs under {@link Jobs#DEADLINE}.
 */
class DerivedUserOpTest {
    private static final long HOLE = -9;
    private static final int PAIRS = 3;

    /** Item k: LONGs a at element 0 and b at element 2 (extent 3 LONGs); element 1 is a hole. */
    static DerivedDatatype pairs() {
        DerivedDatatype t = DerivedDatatype.vector(2, 1, 2, Datatype.LONG);
        t.commit();
        return t;
    }

    /** Item k: an INT a at byte 0 and a LONG b at byte 8 (extent 16); bytes 4 to 8 are a hole. */
    static DerivedDatatype records() {
        DerivedDatatype t = DerivedDatatype.struct(new int[] {1, 1}, new long[] {0, 8},
                new MpiDatatype[] {Datatype.INT, Datatype.LONG});
        t.commit();
        return t;
    }

    /**
     * (a, b) stands for x -> a*x + b; inout = (in then inout): (a1*a2, a2*b1 + b2), on items of {@code p} (long[],
     * offsets in LONGs) or {@code r} (ByteBuffers, offsets in bytes). Any other type is the function's error.
     */
    static UserOp.Function affine(DerivedDatatype p, DerivedDatatype r) {
        return (in, io, inout, ioo, count, type) -> {
            if (type == p) {
                long[] x = (long[]) in, y = (long[]) inout;
                for (int k = 0; k < count; k++) {
                    int i = io + 3 * k, o = ioo + 3 * k;
                    long a1 = x[i], b1 = x[i + 2], a2 = y[o], b2 = y[o + 2];
                    y[o] = a1 * a2;
                    y[o + 2] = a2 * b1 + b2;
                }
            } else if (type == r) {
                ByteBuffer x = (ByteBuffer) in, y = (ByteBuffer) inout;
                for (int k = 0; k < count; k++) {
                    int i = io + 16 * k, o = ioo + 16 * k;
                    int a1 = x.getInt(i), a2 = y.getInt(o);
                    long b1 = x.getLong(i + 8), b2 = y.getLong(o + 8);
                    y.putInt(o, a1 * a2);
                    y.putLong(o + 8, a2 * b1 + b2);
                }
            } else {
                throw new IllegalArgumentException("the function was given " + type + ", not the reduction's type");
            }
        };
    }

    /** Rank {@code rank}'s maps as items of {@link #pairs}: holes hold HOLE. */
    static long[] pairsOf(int rank) {
        long[] m = UserOpTest.maps(rank, PAIRS);
        long[] b = new long[3 * PAIRS];
        for (int k = 0; k < PAIRS; k++) {
            b[3 * k] = m[2 * k];
            b[3 * k + 1] = HOLE;
            b[3 * k + 2] = m[2 * k + 1];
        }
        return b;
    }

    /** Rank {@code rank}'s maps as items of {@link #records}: hole bytes hold HOLE's low bytes. */
    static ByteBuffer recordsOf(int rank) {
        long[] m = rank < 0 ? null : UserOpTest.maps(rank, PAIRS);
        ByteBuffer b = ByteBuffer.allocate(16 * PAIRS).order(ByteOrder.nativeOrder());
        for (int k = 0; k < PAIRS; k++) {
            b.putInt(16 * k, m == null ? (int) HOLE : (int) m[2 * k]);
            b.putInt(16 * k + 4, (int) HOLE);
            b.putLong(16 * k + 8, m == null ? HOLE : m[2 * k + 1]);
        }
        return b;
    }

    static long[] holes() {
        long[] b = new long[3 * PAIRS];
        Arrays.fill(b, HOLE);
        return b;
    }

    /** Every item of {@code got} is the expected composition; every hole kept HOLE. */
    static void assertPairs(long[] expected, long[] got, String what) {
        for (int k = 0; k < PAIRS; k++) {
            assertEquals(expected[2 * k], got[3 * k], what + ": a of item " + k);
            assertEquals(HOLE, got[3 * k + 1], what + ": the hole of item " + k + " was written");
            assertEquals(expected[2 * k + 1], got[3 * k + 2], what + ": b of item " + k);
        }
    }

    static void assertRecords(long[] expected, ByteBuffer got, String what) {
        for (int k = 0; k < PAIRS; k++) {
            assertEquals((int) expected[2 * k], got.getInt(16 * k), what + ": a of item " + k);
            assertEquals((int) HOLE, got.getInt(16 * k + 4), what + ": the hole of item " + k + " was written");
            assertEquals(expected[2 * k + 1], got.getLong(16 * k + 8), what + ": b of item " + k);
        }
    }

    /** A blocking allreduce, the real one or a twin's. */
    @FunctionalInterface
    interface Allreduce {
        void run(Comm c, Object send, Object recv, int count, MpiDatatype type, MpiOp op);
    }

    static void inRankOrder(int ranks, Allreduce allreduce) {
        long[] expected = UserOpTest.inRankOrder(ranks, PAIRS);
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            DerivedDatatype p = pairs();
            DerivedDatatype r = records();
            UserOp op = Op.create(affine(p, r), false);

            long[] all = holes();
            allreduce.run(w, pairsOf(me), all, PAIRS, p, op);
            assertPairs(expected, all, "allreduce on a vector");
            ByteBuffer recs = recordsOf(-1);
            allreduce.run(w, recordsOf(me), recs, PAIRS, r, op);
            assertRecords(expected, recs, "allreduce on a struct");

            int root = ranks - 1;
            long[] atRoot = holes();
            w.reduce(pairsOf(me), 0, atRoot, 0, PAIRS, p, op, root);
            if (me == root) assertPairs(expected, atRoot, "reduce");
            else assertEquals(HOLE, atRoot[0], "reduce wrote a non-root's receive buffer");
            ByteBuffer nb = recordsOf(-1);
            w.iallreduce(recordsOf(me), 0, nb, 0, PAIRS, r, op).waitFor();
            assertRecords(expected, nb, "iallreduce");
            long[] nbRoot = holes();
            w.ireduce(pairsOf(me), 0, nbRoot, 0, PAIRS, p, op, 0).waitFor();
            if (me == 0) assertPairs(expected, nbRoot, "ireduce");
            ByteBuffer inPlace = recordsOf(me);
            w.allreduce(Collectives.IN_PLACE, 0, inPlace, 0, PAIRS, r, op);
            assertRecords(expected, inPlace, "allreduce IN_PLACE");

            op.free();
            p.free();
            r.free();
            assertTrue(op.isReleased() && p.isReleased() && r.isReleased(), "a completed reduction kept a use");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void aNonCommutativeOpOnDerivedTypesCombinesItemsInRankOrder(int ranks) {
        long[] expected = UserOpTest.inRankOrder(3, PAIRS);
        long[] reversed = UserOpTest.maps(2, PAIRS);
        for (int r = 1; r >= 0; r--) {
            long[] next = UserOpTest.maps(r, PAIRS);
            UserOpTest.AFFINE_THEN.apply(reversed, 0, next, 0, next.length, Datatype.LONG);
            reversed = next;
        }
        assertFalse(Arrays.equals(expected, reversed), "the op must not commute on these operands");
        inRankOrder(ranks, (c, send, recv, count, type, op) -> c.allreduce(send, 0, recv, 0, count, type, op));
    }

    /** The check above rejects a twin that hands the function its operands swapped. */
    @Test
    @TwinTest
    void rankOrderRejectsATwinThatSwapsTheOperands() {
        Throwable e = KnownBad.assertRejected("SwappedOperandsDerivedCollectives", () -> inRankOrder(3,
                (c, send, recv, count, type, op) -> SwappedOperandsDerivedCollectives.allreduce(c, send, 0, recv, 0,
                        count, type, op)));
        assertTrue(e.toString().contains("allreduce on a vector"), e.toString());
    }

    /** A nonblocking allreduce, the real one or a twin's. */
    @FunctionalInterface
    interface Iallreduce {
        Request start(Comm c, Object send, Object recv, int count, MpiDatatype type, MpiOp op);
    }

    /**
     * Gropp &amp; Thakur §4.1: rank 0 starts two nonblocking reductions with a user op on derived types and frees the op
     * and both types before the other ranks have started theirs; new calls with the freed handles are refused
     * (ERR_OP, ERR_TYPE), the pending ones complete with the right items, and op and types are released only once
     * the last of them has finished.
     */
    static void freedWhilePending(int ranks, Iallreduce iallreduce) {
        long[] expected = UserOpTest.inRankOrder(ranks, PAIRS);
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            DerivedDatatype p = pairs();
            DerivedDatatype r = records();
            UserOp op = Op.create(affine(p, r), false);
            long[] all = holes();
            ByteBuffer recs = recordsOf(-1);
            if (me == 0) {
                Request a = iallreduce.start(w, pairsOf(me), all, PAIRS, p, op);
                Request b = w.ireduce(recordsOf(me), 0, recs, 0, PAIRS, r, op, 0);
                op.free();
                p.free();
                r.free();
                boolean early = op.isReleased() || p.isReleased() || r.isReleased();
                DerivedDatatype live = pairs();
                assertError(ErrorClass.ERR_OP, () -> w.allreduce(pairsOf(me), 0, holes(), 0, PAIRS, live, op));
                UserOp liveOp = Op.create(affine(live, r), false);
                assertError(ErrorClass.ERR_TYPE, () -> w.iallreduce(pairsOf(me), 0, holes(), 0, PAIRS, p, liveOp));
                assertEquals(0, live.pendingUses() + liveOp.pendingUses(), "a refused call kept a use");
                live.free();
                liveOp.free();
                for (int q = 1; q < w.size(); q++) w.send(new int[0], 0, 0, Datatype.INT, q, 0);   // now the others
                b.waitFor();
                a.waitFor();
                assertFalse(early, "released while nonblocking reductions still use them");
                assertRecords(expected, recs, "ireduce");
                assertTrue(op.isReleased() && p.isReleased() && r.isReleased(),
                        "released once the last reduction finished");
            } else {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                Request a = iallreduce.start(w, pairsOf(me), all, PAIRS, p, op);
                w.ireduce(recordsOf(me), 0, recs, 0, PAIRS, r, op, 0).waitFor();
                a.waitFor();
                op.free();
                p.free();
                r.free();
            }
            assertPairs(expected, all, "iallreduce");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void opAndTypesFreedWhileNonblockingReductionsArePendingServeThemThenGo(int ranks) {
        freedWhilePending(ranks, (c, send, recv, count, type, op) -> c.iallreduce(send, 0, recv, 0, count, type, op));
    }

    /** The check above rejects a twin whose nonblocking collectives end their uses when the schedule is built. */
    @Test
    @TwinTest
    @LeavesOutstanding("the twin fails rank 0's reduction in its schedule, which the job then leaves behind")
    void freedWhilePendingRejectsATwinThatEndsTheUsesAtTheStart() {
        Throwable e = KnownBad.assertRejected("EarlyEndDerivedCollectives", () -> freedWhilePending(2,
                (c, send, recv, count, type, op) -> EarlyEndDerivedCollectives.iallreduce(c, send, 0, recv, 0, count,
                        type, op)));
        assertTrue(e.toString().contains("released while nonblocking reductions")
                || e.toString().contains("after it was released"), e.toString());
    }
}
