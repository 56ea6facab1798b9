package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.NonblockingCollectivesTest.assertError;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * User-defined reduction operations ({@link Op#create}, MPI-3.1 §5.9.5) at 2, 3 and 4 ranks (the rank-order sweep
 * at 3 in the quick suite): a commutative one
 * and a non-commutative one (composition of affine maps, associative but not commutative, so any other order
 * than the ranks' gives another result) through reduce, allreduce, ireduce and iallreduce; the reference-count
 * promise of Gropp &amp; Thakur §4.1 (an op freed while a nonblocking reduction uses it still serves that
 * reduction, is released only once it finished, and is refused afterwards with ERR_OP); and the error classes
 * of bad ops, with nothing changed. Every job runs under {@link Jobs#DEADLINE}.
 */
class UserOpTest {

    /** inout = in + inout on INTs, by a user function. */
    static final UserOp.Function INT_SUM = (in, io, inout, ioo, count, type) -> {
        int[] a = (int[]) in, b = (int[]) inout;
        for (int i = 0; i < count; i++) b[ioo + i] += a[io + i];
    };

    /**
     * Pairs (a, b) of LONGs stand for x -> a*x + b; inout = inout o in (apply the lower ranks' map first):
     * (a1, b1) then (a2, b2) is (a1*a2, a2*b1 + b2). Associative, not commutative.
     */
    static final UserOp.Function AFFINE_THEN = (in, io, inout, ioo, count, type) -> {
        long[] x = (long[]) in, y = (long[]) inout;
        for (int i = 0; i + 1 < count; i += 2) {
            long a1 = x[io + i], b1 = x[io + i + 1], a2 = y[ioo + i], b2 = y[ioo + i + 1];
            y[ioo + i] = a1 * a2;
            y[ioo + i + 1] = a2 * b1 + b2;
        }
    };

    /** Rank r's pairs: (r + 2 + k, r + 1 - k) for pair k. */
    static long[] maps(int rank, int pairs) {
        long[] m = new long[2 * pairs];
        for (int k = 0; k < pairs; k++) {
            m[2 * k] = rank + 2 + k;
            m[2 * k + 1] = rank + 1 - k;
        }
        return m;
    }

    /** The composition in rank order, computed sequentially. */
    static long[] inRankOrder(int ranks, int pairs) {
        long[] acc = maps(0, pairs);
        for (int r = 1; r < ranks; r++) {
            long[] next = maps(r, pairs);
            AFFINE_THEN.apply(acc, 0, next, 0, next.length, Datatype.LONG);
            acc = next;
        }
        return acc;
    }

    /** 3 ranks in the quick suite (the folding path of a size that is not a power of two), 2, 3 and 4 under {@code -Pfull}. */
    static java.util.stream.IntStream rankOrderSizes() {
        return Jobs.FULL ? java.util.stream.IntStream.of(2, 3, 4) : java.util.stream.IntStream.of(3);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("rankOrderSizes")
    void commutativeAndNonCommutativeOpsReduceInRankOrder(int ranks) {
        int pairs = 3;
        long[] expected = inRankOrder(ranks, pairs);
        long[] reversed = maps(ranks - 1, pairs);       // the other order gives another result: the test can fail
        for (int r = ranks - 2; r >= 0; r--) {
            long[] next = maps(r, pairs);
            AFFINE_THEN.apply(reversed, 0, next, 0, next.length, Datatype.LONG);
            reversed = next;
        }
        assertFalse(java.util.Arrays.equals(expected, reversed), "the op must not commute on these operands");
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            UserOp sum = Op.create(INT_SUM, true);
            UserOp affine = Op.create(AFFINE_THEN, false);
            assertTrue(sum.isCommutative());
            assertFalse(affine.isCommutative());
            int[] s = new int[2];
            w.allreduce(new int[] {w.rank(), 1}, 0, s, 0, 2, Datatype.INT, sum);
            assertArrayEquals(new int[] {ranks * (ranks - 1) / 2, ranks}, s);

            long[] mine = maps(w.rank(), pairs);
            long[] all = new long[2 * pairs];
            w.allreduce(mine, 0, all, 0, all.length, Datatype.LONG, affine);
            assertArrayEquals(expected, all, "allreduce");
            long[] atRoot = new long[2 * pairs];
            int root = ranks - 1;
            w.reduce(mine, 0, atRoot, 0, atRoot.length, Datatype.LONG, affine, root);
            if (w.rank() == root) assertArrayEquals(expected, atRoot, "reduce");
            long[] nb = new long[2 * pairs];
            w.iallreduce(mine, 0, nb, 0, nb.length, Datatype.LONG, affine).waitFor();
            assertArrayEquals(expected, nb, "iallreduce");
            long[] nbRoot = new long[2 * pairs];
            w.ireduce(mine, 0, nbRoot, 0, nbRoot.length, Datatype.LONG, affine, 0).waitFor();
            if (w.rank() == 0) assertArrayEquals(expected, nbRoot, "ireduce");
            sum.free();
            affine.free();
            assertTrue(sum.isReleased() && affine.isReleased());
        });
    }

    /**
     * Gropp &amp; Thakur §4.1: rank 0 frees its op right after starting an iallreduce with it, before the other
     * ranks have even started theirs; the reduction completes with the right result, the op is released only
     * once it has finished, and every later use of the handle is ERR_OP.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void freeWhileNonblockingReductionPendingThenComplete(int ranks) {
        int pairs = 2;
        long[] expected = inRankOrder(ranks, pairs);
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            UserOp affine = Op.create(AFFINE_THEN, false);
            long[] mine = maps(w.rank(), pairs);
            long[] all = new long[2 * pairs];
            long[] atRoot = new long[2 * pairs];
            if (w.rank() == 0) {
                Request r = w.iallreduce(mine, 0, all, 0, all.length, Datatype.LONG, affine);
                Request q = w.ireduce(mine, 0, atRoot, 0, atRoot.length, Datatype.LONG, affine, 0);
                affine.free();
                assertTrue(affine.isFreed());
                assertFalse(affine.isReleased(), "released while two reductions still use it");
                assertError(ErrorClass.ERR_OP, () -> w.allreduce(mine, 0, all, 0, all.length, Datatype.LONG, affine));
                assertError(ErrorClass.ERR_OP, () -> w.iallreduce(mine, 0, all, 0, all.length, Datatype.LONG, affine));
                assertError(ErrorClass.ERR_OP, affine::free);
                for (int p = 1; p < w.size(); p++) w.send(new int[0], 0, 0, Datatype.INT, p, 0);   // now the others start
                r.waitFor();
                q.waitFor();
                assertArrayEquals(expected, atRoot, "ireduce");
                assertTrue(affine.isReleased(), "released once its last reduction finished");
            } else {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                Request r = w.iallreduce(mine, 0, all, 0, all.length, Datatype.LONG, affine);
                w.ireduce(mine, 0, atRoot, 0, atRoot.length, Datatype.LONG, affine, 0).waitFor();
                r.waitFor();
                affine.free();
            }
            assertArrayEquals(expected, all, "iallreduce");
        });
    }

    @Test
    void badOpsGetErrOpAndChangeNothing() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            assertError(ErrorClass.ERR_OP, Op.SUM::free);
            assertError(ErrorClass.ERR_ARG, () -> Op.create(null, true));
            UserOp sum = Op.create(INT_SUM, true);
            sum.free();
            int[] in = {w.rank() + 1}, out = new int[1];
            assertError(ErrorClass.ERR_OP, () -> w.allreduce(in, 0, out, 0, 1, Datatype.INT, sum));
            assertError(ErrorClass.ERR_OP, () -> w.reduce(in, 0, out, 0, 1, Datatype.INT, sum, 0));
            assertError(ErrorClass.ERR_OP, () -> w.ireduce(in, 0, out, 0, 1, Datatype.INT, sum, 0));
            assertError(ErrorClass.ERR_OP, () -> w.iallreduce(in, 0, out, 0, 1, Datatype.INT, sum));
            assertError(ErrorClass.ERR_OP, () -> w.allreduce(in, 0, out, 0, 1, Datatype.INT, new MpiOp() {
                public boolean isCommutative() { return true; }
                public void free() { }
            }));
            UserOp live = Op.create(INT_SUM, true);
            assertError(ErrorClass.ERR_BUFFER, () -> w.iallreduce(null, 0, out, 0, 1, Datatype.INT, live));
            assertFalse(live.isReleased());
            live.free();
            assertTrue(live.isReleased(), "a start refused on its arguments holds no use");
            // nothing was started: the next collective on the communicator is the first of both ranks
            w.allreduce(in, 0, out, 0, 1, Datatype.INT, Op.SUM);
            assertEquals(3, out[0]);
            int[] again = new int[1];
            w.iallreduce(in, 0, again, 0, 1, Datatype.INT, Op.SUM).waitFor();
            assertEquals(3, again[0]);
        });
    }
}
