package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.NonblockingCollectivesTest.assertError;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;

/**
 * Derived datatypes ({@link DerivedDatatype}, MPI-3.1 §4.1) wherever a buffer goes besides the plain sends and
 * receives: every collective, blocking and nonblocking, {@code sendrecv} and its nonblocking and replacing forms, and
 * the receive of a matched message. Each family is checked against a reference written by hand from the type map
 * (which elements of the user's buffer an item covers, in which order they are packed): the elements the type covers
 * get the expected values, the holes between them keep what they held; derived and predefined types of the same
 * signature meet on the two sides. The reference-count promise of Gropp &amp; Thakur §4.1 for a nonblocking collective
 * (a type freed while an {@code ibcast} is pending stays usable by it, is released only once it has finished) is
 * checked, and seen rejecting a twin that ends its use when the schedule is built. Bad calls get the standard's
 * error class (a freed or uncommitted type ERR_TYPE, a mismatch of signatures ERR_TYPE, a predefined op on a type of
 * mixed elements or a freed user op on a derived type ERR_OP) with the buffers, the types' uses and the communicator left
 * as they were. Three ranks (not a power of two: the folding paths of the reductions and the ring of allgather run).
 */
class DerivedCollectivesTest {
    private static final int RANKS = 3;

    /** Column {@code c} of a 4x4 row-major int matrix: elements c, c+4, c+8, c+12 (extent 13 ints). */
    private static DerivedDatatype column() {
        DerivedDatatype t = DerivedDatatype.vector(4, 1, 4, Datatype.INT);
        t.commit();
        return t;
    }

    /** Two ints with a hole between them: elements 0 and 2 of each item of 3 ints (extent 12 bytes). */
    private static DerivedDatatype strided() {
        DerivedDatatype t = DerivedDatatype.vector(2, 1, 2, Datatype.INT);
        t.commit();
        return t;
    }

    /** An int at byte 0 and a double at byte 8: 12 bytes of data, a 4-byte hole, extent 16. */
    private static DerivedDatatype intDouble() {
        DerivedDatatype t = DerivedDatatype.struct(new int[] {1, 1}, new long[] {0, 8},
                new MpiDatatype[] {Datatype.INT, Datatype.DOUBLE});
        t.commit();
        return t;
    }

    /**
     * The quick suite runs each family in one form (blocking for these; the rooted family and the ibcast of the
     * reference-count check nonblocking), so both frames and every family's packing run in it; {@code -Pfull} runs
     * every family in both forms.
     */
    static Stream<Boolean> blockingQuick() {
        return Jobs.FULL ? Stream.of(false, true) : Stream.of(false);
    }

    static Stream<Boolean> nonblockingQuick() {
        return Jobs.FULL ? Stream.of(false, true) : Stream.of(true);
    }

    /** Runs the blocking form, or starts the nonblocking one and waits for it. */
    private static void collective(boolean nonblocking, Runnable blocking, Supplier<Request> start) {
        if (nonblocking) {
            start.get().waitFor();
        } else {
            blocking.run();
        }
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    /**
     * bcast, allreduce and reduce (IN_PLACE at the root) of matrix columns: the column's four elements get the
     * broadcast values or the sums and maxima of the ranks' columns, every other element keeps its value.
     */
    @ParameterizedTest(name = "nonblocking={0}")
    @MethodSource("blockingQuick")
    void columnsThroughBcastAndTheReductions(boolean nb) {
        Jobs.ok(RANKS, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int r = w.rank(), n = w.size();
            DerivedDatatype col = column();

            int[] m = filled(16, -1);
            if (r == 1) {
                for (int i = 0; i < 16; i++) m[i] = 100 + i;
            }
            collective(nb, () -> w.bcast(m, 1, 1, col, 1), () -> w.ibcast(m, 1, 1, col, 1));
            int[] expected = r == 1 ? m.clone() : filled(16, -1);
            for (int j = 0; j < 4; j++) expected[1 + 4 * j] = 101 + 4 * j;
            assertArrayEquals(expected, m, "bcast of column 1");

            int[] a = new int[16];
            for (int i = 0; i < 16; i++) a[i] = r * 100 + i;
            int[] out = filled(16, -1);
            collective(nb, () -> w.allreduce(a, 2, out, 0, 1, col, Op.SUM),
                    () -> w.iallreduce(a, 2, out, 0, 1, col, Op.SUM));
            int[] sums = filled(16, -1);
            int rankSum = 100 * n * (n - 1) / 2;
            for (int j = 0; j < 4; j++) sums[4 * j] = rankSum + n * (4 * j + 2);   // column 2 of each, into column 0
            assertArrayEquals(sums, out, "allreduce(SUM) of column 2 into column 0");

            int[] b = new int[16];
            for (int i = 0; i < 16; i++) b[i] = (r + 1) * 10 + i;
            int root = 2;
            Object send = r == root ? Collectives.IN_PLACE : b;
            collective(nb, () -> w.reduce(send, 3, b, 3, 1, col, Op.MAX, root),
                    () -> w.ireduce(send, 3, b, 3, 1, col, Op.MAX, root));
            int[] maxima = new int[16];
            for (int i = 0; i < 16; i++) maxima[i] = (r + 1) * 10 + i;
            if (r == root) {
                for (int j = 0; j < 4; j++) maxima[3 + 4 * j] = n * 10 + 3 + 4 * j;
            }
            assertArrayEquals(maxima, b, "reduce(MAX) of column 3, IN_PLACE at the root");
            col.free();
            assertTrue(col.isReleased(), "a finished collective left a use of its type");
            mpi.finalizeMpi();
        });
    }

    /**
     * gather into a strided type from INT sends, scatter from it into INT receives, allgather of an int-double struct
     * over ByteBuffers (the holes untouched), and alltoall from a contiguous pair of longs into LONG receives.
     */
    @ParameterizedTest(name = "nonblocking={0}")
    @MethodSource("nonblockingQuick")
    void gatherScatterAllgatherAlltoall(boolean nb) {
        Jobs.ok(RANKS, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int r = w.rank(), n = w.size();
            DerivedDatatype str = strided();

            int[] mine = {r * 10, r * 10 + 1};
            int[] gathered = filled(3 * n, -1);
            collective(nb, () -> w.gather(mine, 0, 2, Datatype.INT, gathered, 0, 1, str, 0),
                    () -> w.igather(mine, 0, 2, Datatype.INT, gathered, 0, 1, str, 0));
            int[] g = filled(3 * n, -1);
            if (r == 0) {
                for (int i = 0; i < n; i++) {
                    g[3 * i] = 10 * i;
                    g[3 * i + 2] = 10 * i + 1;
                }
            }
            assertArrayEquals(g, gathered, "gather into the strided type");

            int[] source = new int[3 * n];
            for (int k = 0; k < source.length; k++) source[k] = 50 + k;
            int[] got = filled(2, -1);
            collective(nb, () -> w.scatter(source, 0, 1, str, got, 0, 2, Datatype.INT, 0),
                    () -> w.iscatter(source, 0, 1, str, got, 0, 2, Datatype.INT, 0));
            assertArrayEquals(new int[] {50 + 3 * r, 52 + 3 * r}, got, "scatter from the strided type");

            DerivedDatatype rec = intDouble();
            ByteBuffer one = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
            one.putInt(0, r).putInt(4, 0x7f7f7f7f).putDouble(8, r + 0.5);
            ByteBuffer all = ByteBuffer.allocate(16 * n).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 4 * n; i++) all.putInt(4 * i, 0x11111111);
            collective(nb, () -> w.allgather(one, 0, 1, rec, all, 0, 1, rec),
                    () -> w.iallgather(one, 0, 1, rec, all, 0, 1, rec));
            for (int i = 0; i < n; i++) {
                assertEquals(i, all.getInt(16 * i), "int of item " + i);
                assertEquals(0x11111111, all.getInt(16 * i + 4), "hole of item " + i + " was written");
                assertEquals(i + 0.5, all.getDouble(16 * i + 8), "double of item " + i);
            }

            DerivedDatatype pair = DerivedDatatype.contiguous(2, Datatype.LONG);
            pair.commit();
            long[] s = new long[2 * n];
            for (int k = 0; k < s.length; k++) s[k] = r * 100L + k;
            long[] t = new long[2 * n];
            collective(nb, () -> w.alltoall(s, 0, 1, pair, t, 0, 2, Datatype.LONG),
                    () -> w.ialltoall(s, 0, 1, pair, t, 0, 2, Datatype.LONG));
            long[] a2a = new long[2 * n];
            for (int i = 0; i < n; i++) {
                a2a[2 * i] = i * 100L + 2L * r;
                a2a[2 * i + 1] = i * 100L + 2L * r + 1;
            }
            assertArrayEquals(a2a, t, "alltoall of contiguous long pairs");
            for (DerivedDatatype d : new DerivedDatatype[] {str, rec, pair}) {
                d.free();
                assertTrue(d.isReleased(), d + " kept a use");
            }
            mpi.finalizeMpi();
        });
    }

    /**
     * gatherv and scatterv at root 1 with the strided type: rank i's i+1 items at displacement {@code displs[i]}
     * (in extents, the ranks' blocks in reverse order), against INT sends and receives of 2(i+1) elements.
     */
    @ParameterizedTest(name = "nonblocking={0}")
    @MethodSource("blockingQuick")
    void gathervAndScattervPlaceBlocksByExtent(boolean nb) {
        Jobs.ok(RANKS, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int r = w.rank(), n = w.size(), root = 1;
            DerivedDatatype str = strided();
            int[] counts = new int[n];
            int[] displs = new int[n];
            int items = 0;
            for (int i = n - 1; i >= 0; i--) {
                counts[i] = i + 1;
                displs[i] = items;
                items += counts[i];
            }
            int[] mine = new int[2 * (r + 1)];
            for (int k = 0; k < mine.length; k++) mine[k] = r * 100 + k;
            int[] gathered = filled(3 * items, -1);
            collective(nb, () -> w.gatherv(mine, 0, mine.length, Datatype.INT, gathered, 0, counts, displs, str, root),
                    () -> w.igatherv(mine, 0, mine.length, Datatype.INT, gathered, 0, counts, displs, str, root));
            int[] g = filled(3 * items, -1);
            if (r == root) {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < counts[i]; j++) {
                        int item = displs[i] + j;
                        g[3 * item] = i * 100 + 2 * j;
                        g[3 * item + 2] = i * 100 + 2 * j + 1;
                    }
                }
            }
            assertArrayEquals(g, gathered, "gatherv into the strided type");

            int[] source = new int[3 * items];
            for (int k = 0; k < source.length; k++) source[k] = 1000 + k;
            int[] got = filled(2 * (r + 1), -1);
            collective(nb, () -> w.scatterv(source, 0, counts, displs, str, got, 0, got.length, Datatype.INT, root),
                    () -> w.iscatterv(source, 0, counts, displs, str, got, 0, got.length, Datatype.INT, root));
            int[] expected = new int[got.length];
            for (int j = 0; j < counts[r]; j++) {
                int item = displs[r] + j;
                expected[2 * j] = 1000 + 3 * item;
                expected[2 * j + 1] = 1000 + 3 * item + 2;
            }
            assertArrayEquals(expected, got, "scatterv from the strided type");
            str.free();
            assertTrue(str.isReleased());
            mpi.finalizeMpi();
        });
    }

    /**
     * sendrecv, isendrecv, sendrecvReplace and isendrecvReplace around a ring with derived types on one or both
     * sides; the replace leaves the holes of its type as they were.
     */
    @Test
    void sendrecvAndReplaceAroundARing() {
        Jobs.ok(RANKS, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int r = w.rank(), n = w.size(), next = (r + 1) % n, prev = (r + n - 1) % n;
            DerivedDatatype col = column();
            int[] m = new int[16];
            for (int i = 0; i < 16; i++) m[i] = r * 100 + i;

            int[] flat = filled(4, -1);
            Status s = w.sendrecv(m, 2, 1, col, next, 1, flat, 0, 4, Datatype.INT, prev, 1);
            assertArrayEquals(new int[] {prev * 100 + 2, prev * 100 + 6, prev * 100 + 10, prev * 100 + 14}, flat);
            assertEquals(16, s.bytes());

            int[] into = filled(16, -1);
            w.isendrecv(flat, 0, 4, Datatype.INT, next, 2, into, 1, 1, col, prev, 2).waitFor();
            int pp = (prev + n - 1) % n;     // flat holds column 2 of prev's prev
            int[] e = filled(16, -1);
            for (int j = 0; j < 4; j++) e[1 + 4 * j] = pp * 100 + 2 + 4 * j;
            assertArrayEquals(e, into, "isendrecv into column 1");

            DerivedDatatype str = strided();
            int[] buf = new int[6];
            for (int k = 0; k < 6; k++) buf[k] = r * 10 + k;
            w.sendrecvReplace(buf, 0, 2, str, next, 3, prev, 3);
            assertArrayEquals(new int[] {prev * 10, r * 10 + 1, prev * 10 + 2, prev * 10 + 3, r * 10 + 4, prev * 10 + 5},
                    buf, "sendrecvReplace of two strided items");
            w.isendrecvReplace(buf, 0, 2, str, next, 4, prev, 4).waitFor();
            assertArrayEquals(new int[] {pp * 10, r * 10 + 1, pp * 10 + 2, pp * 10 + 3, r * 10 + 4, pp * 10 + 5},
                    buf, "isendrecvReplace of two strided items");
            // a receive's last reference may be its delivering sender's, dropped after the completion this rank
            // saw; every sender has returned from its send once the barrier is passed
            w.barrier();
            col.free();
            str.free();
            assertTrue(col.isReleased() && str.isReleased(), "a finished sendrecv left a use of its type");
            mpi.finalizeMpi();
        });
    }

    /** mrecv and imrecv of matched messages into a column: the column gets the message, the rest stays. */
    @Test
    void matchedReceivesUnpackIntoTheType() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype col = column();
            if (w.rank() == 0) {
                w.send(new int[] {1, 2, 3, 4}, 0, 4, Datatype.INT, 1, 5);
                w.send(new int[] {5, 6, 7, 8}, 0, 4, Datatype.INT, 1, 6);
            } else {
                int[] m = filled(16, -1);
                Status s = w.mprobe(0, 5, null).mrecv(m, 0, 1, col);
                assertEquals(1, s.count(col));
                w.mprobe(0, 6, null).imrecv(m, 3, 1, col).waitFor();
                int[] e = filled(16, -1);
                for (int j = 0; j < 4; j++) {
                    e[4 * j] = 1 + j;
                    e[3 + 4 * j] = 5 + j;
                }
                assertArrayEquals(e, m);
            }
            col.free();
            assertTrue(col.isReleased());
            mpi.finalizeMpi();
        });
    }

    /** Starts an ibcast of {@code count} items of {@code type} from {@code buf} at root 0. */
    @FunctionalInterface
    interface IbcastStart {
        Request start(Comm c, Object buf, int count, MpiDatatype type);
    }

    /**
     * Gropp &amp; Thakur §4.1 on a nonblocking collective: rank 1 starts an ibcast of two columns, frees the type and
     * only then lets the root start its side; the type is not released while the ibcast is pending (the root has not
     * even started), the ibcast completes with the root's data unpacked by the type's map, and the type is released
     * once it has finished. A use of the freed handle is ERR_TYPE. What rank 1 sees is judged after the job, which
     * runs to its end either way (so a defect fails the check, not the job).
     */
    static void typeFreedWhileAnIbcastIsPending(IbcastStart ibcast) {
        AtomicReference<String> releasedEarly = new AtomicReference<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        int[] m1 = filled(16, -1);
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype cols = DerivedDatatype.vector(4, 2, 4, Datatype.INT);   // columns c and c+1
            cols.commit();
            if (w.rank() == 0) {
                int[] m = new int[16];
                for (int i = 0; i < 16; i++) m[i] = 100 + i;
                w.recv(new int[0], 0, 0, Datatype.INT, 1, 9);       // rank 1 has freed its type
                ibcast.start(w, m, 1, cols).waitFor();
                cols.free();
            } else {
                Request q = ibcast.start(w, m1, 1, cols);
                cols.free();
                if (cols.isReleased()) {
                    releasedEarly.set(cols.toString());
                }
                assertError(ErrorClass.ERR_TYPE, () -> w.ibcast(m1, 0, 1, cols, 0));
                w.send(new int[0], 0, 0, Datatype.INT, 0, 9);
                try {
                    q.waitFor();
                } catch (MpiException e) {
                    failed.set(e);
                }
            }
            assertTrue(cols.isReleased(), "the type was not released after its last use finished");
            mpi.finalizeMpi();
        });
        assertEquals(null, releasedEarly.get(), "the type was released while an ibcast that uses it is pending");
        assertEquals(null, failed.get(), "the ibcast failed");
        int[] e = filled(16, -1);
        for (int j = 0; j < 4; j++) {
            e[4 * j] = 100 + 4 * j;
            e[4 * j + 1] = 101 + 4 * j;
        }
        assertArrayEquals(e, m1, "the ibcast's data, unpacked with the freed type's map");
    }

    @Test
    void aTypeFreedWhileAnIbcastIsPendingStaysUsableUntilItFinishes() {
        typeFreedWhileAnIbcastIsPending((c, buf, count, type) -> c.ibcast(buf, 0, count, type, 0));
    }

    /** The check above rejects a twin whose nonblocking collectives end their uses when the schedule is built. */
    @Test
    @TwinTest
    void freedWhilePendingRejectsATwinThatEndsTheUseAtTheStart() {
        Throwable e = KnownBad.assertRejected("EarlyEndDerivedCollectives", () -> typeFreedWhileAnIbcastIsPending(
                (c, buf, count, type) -> EarlyEndDerivedCollectives.ibcast(c, buf, 0, count, type, 0)));
        assertTrue(e.toString().contains("released while an ibcast"), e.toString());
    }

    /**
     * Bad calls on every rank at once, each refused before anything is sent, with the receive buffer, the types'
     * uses and the communicator as they were: an op on a struct of mixed elements and a freed user op on a derived
     * type (ERR_OP), an op not defined on the type's basic type (ERR_OP), a freed and an uncommitted type and a signature
     * mismatch between a rank's own send and receive sides (ERR_TYPE; ERR_COUNT for one basic type and different
     * counts), blocking and nonblocking; then a correct collective on the same communicator.
     */
    @Test
    void badCallsGetTheStandardsErrorClassAndChangeNothing() {
        Jobs.ok(RANKS, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int n = w.size();
            DerivedDatatype rec = intDouble();
            DerivedDatatype col = column();
            ByteBuffer in = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
            ByteBuffer out = ByteBuffer.allocate(16 * n).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 4 * n; i++) out.putInt(4 * i, 0x22222222);
            ByteBuffer before = out.duplicate();
            byte[] snapshot = new byte[out.capacity()];
            before.get(0, snapshot);

            assertError(ErrorClass.ERR_OP, () -> w.allreduce(in, 0, out, 0, 1, rec, Op.SUM));
            assertError(ErrorClass.ERR_OP, () -> w.iallreduce(in, 0, out, 0, 1, rec, Op.MAX));
            UserOp plus = Op.create((a, ao, b, bo, count, type) -> { }, true);
            plus.free();
            int[] m = new int[16];
            int[] o = filled(16, -1);
            assertError(ErrorClass.ERR_OP, () -> w.allreduce(m, 0, o, 0, 1, col, plus));
            assertError(ErrorClass.ERR_OP, () -> w.ireduce(m, 0, o, 0, 1, col, plus, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.allgather(in, 0, 1, rec, out, 0, 3, Datatype.INT));
            assertError(ErrorClass.ERR_COUNT, () -> w.allgather(m, 0, 1, col, o, 0, 3, Datatype.INT));
            DerivedDatatype doubles = DerivedDatatype.vector(2, 1, 2, Datatype.DOUBLE);
            doubles.commit();
            assertError(ErrorClass.ERR_OP, () -> w.allreduce(new double[3], 0, new double[3], 0, 1, doubles, Op.BXOR));
            doubles.free();
            assertTrue(doubles.isReleased(), "a refused reduction kept a use of its type");
            int[] columns = new int[13 * n];
            assertError(ErrorClass.ERR_TYPE, () -> w.ialltoall(columns, 0, 1, col, o, 0, 4, Datatype.LONG));

            DerivedDatatype uncommitted = DerivedDatatype.contiguous(2, Datatype.INT);
            assertError(ErrorClass.ERR_TYPE, () -> w.bcast(m, 0, 1, uncommitted, 0));
            DerivedDatatype freed = column();
            freed.free();
            assertError(ErrorClass.ERR_TYPE, () -> w.bcast(m, 0, 1, freed, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.igather(m, 0, 1, freed, o, 0, 1, col, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.sendrecv(m, 0, 1, freed, 0, 0, o, 0, 1, col, 0, 0));

            byte[] after = new byte[out.capacity()];
            out.get(0, after);
            assertArrayEquals(snapshot, after, "a refused call wrote the receive buffer");
            assertArrayEquals(filled(16, -1), o, "a refused call wrote the receive buffer");
            assertTrue(plus.isReleased(), "a refused reduction kept a use of its op");
            rec.free();
            uncommitted.free();
            int[] sums = filled(16, -1);
            int[] mine = new int[16];
            Arrays.fill(mine, 1);
            w.allreduce(mine, 0, sums, 0, 1, col, Op.SUM);          // the communicator and the type still work
            for (int j = 0; j < 4; j++) assertEquals(n, sums[4 * j]);
            col.free();
            for (DerivedDatatype d : new DerivedDatatype[] {rec, col, uncommitted, freed}) {
                assertTrue(d.isReleased(), d + ": a refused call left a use behind");
            }
            mpi.finalizeMpi();
        });
    }
}
