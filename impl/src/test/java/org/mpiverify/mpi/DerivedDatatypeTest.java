package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.NonblockingCollectivesTest.assertError;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Derived datatypes ({@link DerivedDatatype}, MPI-3.1 §4.1) in point-to-point communication at 2 and 4 ranks (the
 * round trips at 4 ranks and the configurations beyond one per granularity under {@code -Pfull}):
 * vector, indexed and struct round trips over arrays and ByteBuffers, against receives of the predefined type
 * with the same signature; the reference-count promise of Gropp &amp; Thakur §4.1 (a type freed while a receive
 * is pending stays usable by that receive, which completes with the right data, and is released only after it;
 * a freed handle is never usable again), also with many threads; and every bad argument's error class, with
 * nothing changed. Every job runs under {@link Jobs#DEADLINE}.
 */
class DerivedDatatypeTest {

    /**
     * A call on a freed communicator is ERR_COMM before it takes a use of its type, for a send, a receive and a
     * nonblocking receive: the type, freed after them, is released at once, no use left behind.
     */
    @Test
    void aCallOnAFreedCommunicatorTakesNoUseOfItsType() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype pair = DerivedDatatype.contiguous(2, Datatype.INT);
            pair.commit();
            Comm c = w.dup();
            c.free();
            int[] b = new int[4];
            int other = 1 - w.rank();
            assertError(ErrorClass.ERR_COMM, () -> c.send(b, 0, 1, pair, other, 0));
            assertError(ErrorClass.ERR_COMM, () -> c.recv(b, 0, 1, pair, other, 0));
            assertError(ErrorClass.ERR_COMM, () -> c.irecv(b, 0, 1, pair, other, 0));
            pair.free();
            assertTrue(pair.isReleased(), "a refused call left a use of the type behind");
            mpi.finalizeMpi();
        });
    }

    /** 2 ranks in the quick suite, 2 and 4 under {@code -Pfull} (each pair of ranks takes the same path). */
    static java.util.stream.IntStream twoRanksQuick() {
        return Jobs.FULL ? java.util.stream.IntStream.of(2, 4) : java.util.stream.IntStream.of(2);
    }

    /** A column of a 4x4 row-major int matrix, sent to every other rank, received as INTs and as the same column. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("twoRanksQuick")
    void vectorColumnRoundTrip(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype column = DerivedDatatype.vector(4, 1, 4, Datatype.INT);
            column.commit();
            assertEquals(16, column.size());
            assertEquals(13 * 4, column.extent());
            if (w.rank() == 0) {
                int[] m = new int[16];
                for (int i = 0; i < 16; i++) m[i] = 100 + i;
                for (int r = 1; r < w.size(); r++) {
                    w.send(m, 1, 1, column, r, 1);        // column 1: m[1], m[5], m[9], m[13]
                    w.send(m, 2, 1, column, r, 2);        // column 2
                }
            } else {
                int[] flat = new int[4];
                Status s = w.recv(flat, 0, 4, Datatype.INT, 0, 1);
                assertArrayEquals(new int[] {101, 105, 109, 113}, flat);
                assertEquals(1, s.count(column));
                int[] m = new int[16];
                w.recv(m, 3, 1, column, 0, 2);           // into column 3 of this rank's matrix
                int[] expected = new int[16];
                expected[3] = 102; expected[7] = 106; expected[11] = 110; expected[15] = 114;
                assertArrayEquals(expected, m);
            }
            column.free();
            assertTrue(column.isReleased());
        });
    }

    /** Indexed blocks, two items (one extent apart), nonblocking both ways; the holes are left as they were. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("twoRanksQuick")
    void indexedRoundTrip(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype t = DerivedDatatype.indexed(new int[] {2, 1}, new int[] {0, 5}, Datatype.LONG);
            t.commit();
            assertEquals(24, t.size());
            assertEquals(48, t.extent());                // lb 0, ub 6 longs
            int next = (w.rank() + 1) % w.size(), prev = (w.rank() + w.size() - 1) % w.size();
            long[] out = new long[12];
            for (int i = 0; i < 12; i++) out[i] = w.rank() * 1000L + i;
            long[] in = new long[12];
            java.util.Arrays.fill(in, -1);
            Request r = w.irecv(in, 0, 2, t, prev, 7);
            Request s = w.isend(out, 0, 2, t, next, 7);
            Request.waitAll(r, s);
            long b = prev * 1000L;
            assertArrayEquals(new long[] {b, b + 1, -1, -1, -1, b + 5, b + 6, b + 7, -1, -1, -1, b + 11}, in);
            t.free();
        });
    }

    /** A struct of an int, a double and three bytes over ByteBuffers (padded to an extent of 24), two items. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("twoRanksQuick")
    void structOverByteBuffersRoundTrip(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype rec = DerivedDatatype.struct(new int[] {1, 1, 3}, new long[] {0, 8, 16},
                    new MpiDatatype[] {Datatype.INT, Datatype.DOUBLE, Datatype.BYTE});
            rec.commit();
            assertEquals(15, rec.size());
            assertEquals(24, rec.extent());
            assertEquals(Datatype.BYTE, rec.unit());
            if (w.rank() == 0) {
                ByteBuffer b = ByteBuffer.allocateDirect(48).order(ByteOrder.nativeOrder());
                for (int i = 0; i < 2; i++) {
                    b.putInt(24 * i, 7 + i).putDouble(24 * i + 8, 0.5 + i);
                    b.put(24 * i + 16, (byte) 1).put(24 * i + 17, (byte) 2).put(24 * i + 18, (byte) (3 + i));
                    b.put(24 * i + 4, (byte) 99);            // padding: not part of the type, not sent
                }
                for (int r = 1; r < w.size(); r++) {
                    w.send(b, 0, 2, rec, r, 0);
                    w.send(b, 0, 2, rec, r, 1);
                }
            } else {
                ByteBuffer b = ByteBuffer.allocate(48).order(ByteOrder.nativeOrder());
                Status s = w.recv(b, 0, 2, rec, 0, 0);
                assertEquals(30, s.bytes());
                assertEquals(2, s.count(rec));
                for (int i = 0; i < 2; i++) {
                    assertEquals(7 + i, b.getInt(24 * i));
                    assertEquals(0.5 + i, b.getDouble(24 * i + 8));
                    assertEquals(3 + i, b.get(24 * i + 18));
                    assertEquals(0, b.get(24 * i + 4));
                }
                byte[] packed = new byte[30];                // the same message, as the packed bytes
                w.recv(packed, 0, 30, Datatype.BYTE, 0, 1);
                ByteBuffer p = ByteBuffer.wrap(packed).order(ByteOrder.nativeOrder());
                assertEquals(8, p.getInt(15));
                assertEquals(1.5, p.getDouble(19));
            }
            rec.free();
        });
    }

    /**
     * Gropp &amp; Thakur §4.1: the type is freed while a receive that uses it is pending; the receive completes with
     * the right data; the type is released only after it; the freed handle is refused everywhere (ERR_TYPE).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void freeWhileReceivePendingThenComplete(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int last = w.size() - 1;
            if (w.rank() == last) {
                DerivedDatatype every2 = DerivedDatatype.vector(3, 1, 2, Datatype.INT);
                every2.commit();
                int[] in = new int[5];
                Request r = w.irecv(in, 0, 1, every2, 0, 3);
                every2.free();
                assertTrue(every2.isFreed());
                assertFalse(every2.isReleased(), "released while the receive still uses it");
                int[] buf = new int[6];
                assertError(ErrorClass.ERR_TYPE, () -> w.send(buf, 0, 1, every2, 0, 4));
                assertError(ErrorClass.ERR_TYPE, () -> w.irecv(buf, 0, 1, every2, 0, 4));
                assertError(ErrorClass.ERR_TYPE, every2::commit);
                assertError(ErrorClass.ERR_TYPE, every2::free);
                assertError(ErrorClass.ERR_TYPE, () -> DerivedDatatype.contiguous(2, every2));
                w.send(new int[0], 0, 0, Datatype.INT, 0, 5);    // now rank 0 may send
                r.waitFor();
                assertArrayEquals(new int[] {11, 0, 22, 0, 33}, in);
                // the receive's last reference is the delivering send's, dropped after it signalled the
                // completion that waitFor saw: the sender's next message comes after that drop
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 6);
                assertTrue(every2.isReleased(), "released once its last use completed");
            } else if (w.rank() == 0) {
                w.recv(new int[0], 0, 0, Datatype.INT, last, 5);
                w.send(new int[] {11, 22, 33}, 0, 3, Datatype.INT, last, 3);
                w.send(new int[0], 0, 0, Datatype.INT, last, 6);
            }
        });
    }

    /**
     * Every configuration under {@code -Pfull}; in the quick suite each granularity once, the matching engines
     * alternating (the use count itself takes no lock of any granularity).
     */
    static java.util.stream.Stream<JobConfig> everyGranularityAndEngine() {
        java.util.List<JobConfig> all = Jobs.configs(2).toList();
        if (Jobs.FULL) {
            return all.stream();
        }
        return java.util.stream.IntStream.range(0, 8).filter(i -> (i / 2) % 2 == i % 2).mapToObj(all::get);
    }

    /** The free-while-pending promise on every supported granularity with both matching engines, eager and rendezvous. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("everyGranularityAndEngine")
    void freeWhileReceivePendingOnEveryConfiguration(JobConfig config) {
        Jobs.ok(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int n = 5000;                                            // 20 KB of data: past the eager limit
            if (w.rank() == 1) {
                DerivedDatatype pairs = DerivedDatatype.vector(n, 1, 2, Datatype.INT);
                pairs.commit();
                int[] in = new int[2 * n];
                int[] small = new int[4];
                DerivedDatatype two = DerivedDatatype.vector(2, 1, 2, Datatype.INT);
                two.commit();
                Request big = w.irecv(in, 0, 1, pairs, 0, 1);
                Request eager = w.irecv(small, 0, 1, two, 0, 2);
                pairs.free();
                two.free();
                assertFalse(pairs.isReleased() || two.isReleased());
                w.send(new int[0], 0, 0, Datatype.INT, 0, 0);
                Request.waitAll(big, eager);
                for (int i = 0; i < n; i++) {
                    assertEquals(i + 1, in[2 * i]);
                    assertEquals(0, in[2 * i + 1]);
                }
                assertArrayEquals(new int[] {7, 0, 8, 0}, small);
                assertTrue(pairs.isReleased() && two.isReleased());
            } else {
                w.recv(new int[0], 0, 0, Datatype.INT, 1, 0);
                int[] out = new int[n];
                for (int i = 0; i < n; i++) out[i] = i + 1;
                Request r = w.isend(out, 0, n, Datatype.INT, 1, 1);
                w.send(new int[] {7, 8}, 0, 2, Datatype.INT, 1, 2);
                r.waitFor();
            }
        });
    }

    /** An isend's type may be freed at once: the send packed its data when it started. */
    @Test
    void freeRightAfterIsend() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            DerivedDatatype pair = DerivedDatatype.contiguous(2, Datatype.DOUBLE);
            pair.commit();
            if (w.rank() == 0) {
                double[] d = {1, 2, 3, 4};
                Request s = w.isend(d, 0, 2, pair, 1, 0);
                pair.free();
                assertTrue(pair.isReleased(), "a send uses the type only while it packs");
                s.waitFor();
            } else {
                double[] d = new double[4];
                w.recv(d, 0, 2, pair, 0, 0);
                assertArrayEquals(new double[] {1, 2, 3, 4}, d);
                pair.free();
            }
        });
    }

    /**
     * Many threads of one rank receive with one type while another thread frees it: every receive completes
     * with its data, and the type is released exactly when the last one is done.
     */
    @Test
    void threadsReceiveWhileTheTypeIsFreed() {
        int threads = 4, each = 25;
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                for (int i = 0; i < threads * each; i++) {
                    w.send(new int[] {i, i + 1}, 0, 2, Datatype.INT, 1, i % threads);
                }
            } else {
                DerivedDatatype ends = DerivedDatatype.indexed(new int[] {1, 1}, new int[] {0, 2}, Datatype.INT);
                ends.commit();
                CyclicBarrier posted = new CyclicBarrier(threads + 1);
                Request[][] reqs = new Request[threads][each];
                int[][][] bufs = new int[threads][each][3];
                Thread freer = Thread.ofPlatform().start(() -> {
                    try {
                        posted.await();
                        ends.free();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                });
                Jobs.threads(threads, t -> {
                    for (int i = 0; i < each; i++) {
                        if (i == each / 2) posted.await();   // half posted before the free, half raced with it
                        try {
                            reqs[t][i] = w.irecv(bufs[t][i], 0, 1, ends, 0, t);
                        } catch (MpiException e) {
                            assertEquals(ErrorClass.ERR_TYPE, e.errorClass());   // freed meanwhile: refused
                            reqs[t][i] = w.irecv(bufs[t][i], 0, 2, Datatype.INT, 0, t);
                        }
                    }
                    for (Request r : reqs[t]) r.waitFor();
                });
                freer.join(Jobs.DEADLINE.toMillis());
                assertTrue(ends.isReleased());
                for (int t = 0; t < threads; t++) {
                    for (int i = 0; i < each; i++) {
                        int v = bufs[t][i][0];
                        assertEquals(t, v % threads);
                        boolean viaType = bufs[t][i][2] == v + 1 && bufs[t][i][1] == 0;
                        boolean viaInts = bufs[t][i][1] == v + 1 && bufs[t][i][2] == 0;
                        assertTrue(viaType || viaInts, "data of message " + v);
                    }
                }
            }
        });
    }

    /** Bounds as MPI defines them, nested types, and the limits: huge dense types are one block, huge sparse ones ERR_ARG. */
    @Test
    void boundsOfNestedTypesAndLimits() {
        DerivedDatatype rec = DerivedDatatype.struct(new int[] {1, 1}, new long[] {0, 8},
                new MpiDatatype[] {Datatype.DOUBLE, Datatype.BYTE});
        assertEquals(9, rec.size());
        assertEquals(16, rec.extent());                           // padded to the double's alignment
        DerivedDatatype three = DerivedDatatype.contiguous(3, rec);
        assertEquals(27, three.size());
        assertEquals(48, three.extent());                         // copies one padded extent apart
        DerivedDatatype shifted = DerivedDatatype.indexed(new int[] {1}, new int[] {-2}, Datatype.INT);
        assertEquals(-8, shifted.lowerBound());
        assertEquals(4, shifted.extent());
        DerivedDatatype big = DerivedDatatype.contiguous(Integer.MAX_VALUE / 4, Datatype.INT);   // one block
        assertEquals(4L * (Integer.MAX_VALUE / 4), big.size());
        DerivedDatatype rows = DerivedDatatype.vector(1 << 22, 4, 4, Datatype.INT);                // touching blocks
        assertEquals(1 << 24, rows.extent() / 4);
        assertError(ErrorClass.ERR_ARG, () -> DerivedDatatype.vector(1 << 22, 1, 2, Datatype.INT)); // 4 M blocks
        assertError(ErrorClass.ERR_ARG, () -> DerivedDatatype.contiguous(3, DerivedDatatype.contiguous(Integer.MAX_VALUE, Datatype.INT)));
        assertError(ErrorClass.ERR_ARG, () -> DerivedDatatype.vector(2, 1, Integer.MAX_VALUE,
                DerivedDatatype.vector(2, 1, Integer.MAX_VALUE, DerivedDatatype.vector(2, 1, Integer.MAX_VALUE, Datatype.LONG))));
        for (DerivedDatatype t : new DerivedDatatype[] {rec, three, shifted, big, rows}) t.free();
    }

    @Test
    void badArgumentsGetTheirErrorClassAndChangeNothing() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] b = new int[8];
            assertError(ErrorClass.ERR_TYPE, Datatype.INT::free);
            assertError(ErrorClass.ERR_COUNT, () -> DerivedDatatype.vector(-1, 1, 1, Datatype.INT));
            assertError(ErrorClass.ERR_ARG, () -> DerivedDatatype.vector(2, -1, 1, Datatype.INT));
            assertError(ErrorClass.ERR_TYPE, () -> DerivedDatatype.contiguous(2, null));
            assertError(ErrorClass.ERR_ARG, () -> DerivedDatatype.indexed(new int[] {1}, new int[] {0, 1}, Datatype.INT));
            assertError(ErrorClass.ERR_ARG, () -> DerivedDatatype.struct(new int[] {1}, new long[] {0}, null));
            DerivedDatatype uncommitted = DerivedDatatype.contiguous(2, Datatype.INT);
            DerivedDatatype pair = DerivedDatatype.contiguous(2, Datatype.INT);
            pair.commit();
            DerivedDatatype mixed = DerivedDatatype.struct(new int[] {1, 1}, new long[] {0, 4},
                    new MpiDatatype[] {Datatype.INT, Datatype.FLOAT});
            mixed.commit();
            int other = 1 - w.rank();
            assertError(ErrorClass.ERR_TYPE, () -> w.send(b, 0, 1, uncommitted, other, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.irecv(b, 0, 1, uncommitted, other, 0));
            assertError(ErrorClass.ERR_BUFFER, () -> w.send(b, 0, 5, pair, other, 0));     // 10 ints of 8
            assertError(ErrorClass.ERR_BUFFER, () -> w.irecv(b, 7, 1, pair, other, 0));
            assertError(ErrorClass.ERR_COUNT, () -> w.isend(b, 0, -1, pair, other, 0));
            assertError(ErrorClass.ERR_BUFFER, () -> w.send(new long[4], 0, 1, pair, other, 0));
            assertError(ErrorClass.ERR_BUFFER, () -> w.send(b, 0, 1, mixed, other, 0));    // mixed: ByteBuffers only
            assertError(ErrorClass.ERR_RANK, () -> w.irecv(b, 0, 1, pair, 5, 0));
            assertError(ErrorClass.ERR_TAG, () -> w.send(b, 0, 1, pair, other, -3));
            assertError(ErrorClass.ERR_TYPE, () -> w.send(b, 0, 1, (MpiDatatype) null, other, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.send(b, 0, 1, new MpiDatatype() {
                public int size() { return 4; }
                public void commit() { }
                public void free() { }
            }, other, 0));
            assertEquals(0, pair.isReleased() ? 1 : 0);
            // nothing was posted or sent: one exchange of the real message still matches at once
            Status s = w.sendrecv(new int[] {w.rank()}, 0, 1, Datatype.INT, other, 9, b, 0, 1, Datatype.INT, other, 9);
            assertEquals(other, b[0]);
            assertEquals(4, s.bytes());
            uncommitted.free();
            pair.free();
            mixed.free();
            assertTrue(uncommitted.isReleased() && pair.isReleased() && mixed.isReleased());
        });
    }
}
