package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** MPI point-to-point semantics (MPI-3.1 §3), on every granularity and matching engine. */
class PointToPointTest {
    static Stream<JobConfig> configs() {
        return Jobs.configsBothSchedulers(3);
    }

    @ParameterizedTest
    @MethodSource("configs")
    void messagesFromOneSenderAreNonOvertaking(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int n = 500;
            if (w.rank() == 0) {
                for (int i = 0; i < n; i++) {
                    w.send(new int[] {i}, 0, 1, Datatype.INT, 1, i % 3);       // mixed tags
                }
            } else if (w.rank() == 1) {
                int[] b = new int[1];
                for (int i = 0; i < n; i++) {
                    Status s = w.recv(b, 0, 1, Datatype.INT, 0, Mpi.ANY_TAG);
                    assertEquals(i, b[0], "message " + i + " overtaken");
                    assertEquals(i % 3, s.tag());
                }
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void wildcardsMatchInArrivalOrderAndReportSourceAndTag(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] b = new int[1];
            if (w.rank() == 1) {
                w.send(new int[] {10}, 0, 1, Datatype.INT, 0, 5);
                w.barrier();
            } else if (w.rank() == 2) {
                w.barrier();
                w.send(new int[] {20}, 0, 1, Datatype.INT, 0, 6);
            } else {
                // rank 1's message has arrived before the barrier completes; rank 2's after it.
                w.barrier();
                Status s2 = w.probe(2, 6);
                assertEquals(2, s2.source());
                Status s = w.recv(b, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                assertEquals(10, b[0], "earliest arrival first");
                assertEquals(1, s.source());
                assertEquals(5, s.tag());
                s = w.recv(b, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, 6);
                assertEquals(20, b[0]);
                assertEquals(2, s.source());
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void postedReceivesMatchInPostingOrderAcrossExactAndWildcard(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                int[] a = new int[1];
                int[] b = new int[1];
                int[] d = new int[1];
                Request r1 = w.irecv(a, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, 1);
                Request r2 = w.irecv(b, 0, 1, Datatype.INT, 1, 1);
                Request r3 = w.irecv(d, 0, 1, Datatype.INT, 1, Mpi.ANY_TAG);
                w.barrier();
                Request.waitAll(r1, r2, r3);
                assertEquals(100, a[0], "first posted receive gets the first message");
                assertEquals(101, b[0]);
                assertEquals(102, d[0]);
            } else {
                w.barrier();
                if (w.rank() == 1) {
                    for (int i = 0; i < 3; i++) {
                        w.send(new int[] {100 + i}, 0, 1, Datatype.INT, 0, 1);
                    }
                }
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void truncatedMessageIsConsumedAndReported(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.send(new int[] {1, 2, 3, 4}, 0, 4, Datatype.INT, 1, 0);
                w.send(new int[] {9}, 0, 1, Datatype.INT, 1, 0);
                w.send(new long[100_000], 0, 100_000, Datatype.LONG, 1, 1);   // rendezvous
            } else if (w.rank() == 1) {
                int[] b = new int[2];
                MpiException e = assertThrows(MpiException.class, () -> w.recv(b, 0, 2, Datatype.INT, 0, 0));
                assertEquals(ErrorClass.ERR_TRUNCATE, e.errorClass());
                assertArrayEquals(new int[] {1, 2}, b, "the buffer is filled with what fits");
                w.recv(b, 0, 1, Datatype.INT, 0, 0);
                assertEquals(9, b[0], "the truncated message was consumed, the next one is intact");
                Request r = w.irecv(new long[10], 0, 10, Datatype.LONG, 0, 1);
                assertEquals(ErrorClass.ERR_TRUNCATE, assertThrows(MpiException.class, r::waitFor).errorClass());
                assertEquals(ErrorClass.ERR_TRUNCATE, r.status().error());
                assertEquals(0, w.pendingMatches());
            }
            mpi.finalizeMpi();
        });
    }

    static Stream<JobConfig> jdkConfigs() {
        return Jobs.configs(2);
    }

    /**
     * As above with the receive certainly posted before the message arrives: the sender waits until the receiving
     * thread has parked in its wait, so the sender matches the posted receive and completes it (for a blocking
     * receive of at most 8 bytes, with the payload inline in its state). MPI-3.1 §3.2.2: the buffer holds what
     * fits, the message is consumed, the error is ERR_TRUNCATE.
     */
    @ParameterizedTest
    @MethodSource("jdkConfigs")
    void aSmallBlockingReceivePostedFirstIsTruncatedByALongerMessage(JobConfig c) {
        java.util.concurrent.atomic.AtomicReference<Thread> receiver = new java.util.concurrent.atomic.AtomicReference<>();
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                long end = System.nanoTime() + 10_000_000_000L;
                Thread t;
                while ((t = receiver.get()) == null || !(t.getState() == Thread.State.WAITING
                        || t.getState() == Thread.State.TIMED_WAITING)) {
                    assertTrue(System.nanoTime() - end < 0, "the receiver did not park in its receive within 10 s");
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
                }
                w.send(new int[] {1, 2, 3, 4}, 0, 4, Datatype.INT, 1, 0);
                w.send(new int[] {9, 10}, 0, 2, Datatype.INT, 1, 0);
            } else {
                int[] b = new int[2];
                receiver.set(Thread.currentThread());
                MpiException e = assertThrows(MpiException.class, () -> w.recv(b, 0, 2, Datatype.INT, 0, 0));
                assertEquals(ErrorClass.ERR_TRUNCATE, e.errorClass());
                assertArrayEquals(new int[] {1, 2}, b, "the buffer is filled with what fits");
                Status s = w.recv(b, 0, 2, Datatype.INT, 0, 0);
                assertArrayEquals(new int[] {9, 10}, b, "the truncated message was consumed, the next one is intact");
                assertEquals(8, s.count(Datatype.BYTE));
                assertEquals(0, w.pendingMatches());
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void procNullCompletesAtOnce(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] b = {7};
            w.send(b, 0, 1, Datatype.INT, Mpi.PROC_NULL, 0);
            Status s = w.recv(b, 0, 1, Datatype.INT, Mpi.PROC_NULL, 0);
            assertEquals(Mpi.PROC_NULL, s.source());
            assertEquals(0, s.count(Datatype.INT));
            assertEquals(7, b[0]);
            assertEquals(Mpi.PROC_NULL, w.probe(Mpi.PROC_NULL, 3).source());
            assertTrue(w.mprobe(Mpi.PROC_NULL, 0, null).isNoProc());
            assertNotNull(w.isend(b, 0, 1, Datatype.INT, Mpi.PROC_NULL, 0).test());
            assertEquals(Mpi.PROC_NULL, w.irecv(b, 0, 1, Datatype.INT, Mpi.PROC_NULL, 0).waitFor().source());
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void ssendCompletesOnlyOnceMatched(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Request r = w.issend(new int[] {5}, 0, 1, Datatype.INT, 1, 0);
                Request eager = w.isend(new int[] {6}, 0, 1, Datatype.INT, 1, 1);
                assertNotNull(eager.test(), "a small standard send completes eagerly");
                assertNull(r.test(), "ssend must not complete before the receive is posted");
                w.send(new int[0], 0, 0, Datatype.INT, 1, 2);  // tells rank 1 to post its receive
                r.waitFor();
            } else if (w.rank() == 1) {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 2);
                int[] b = new int[1];
                w.recv(b, 0, 1, Datatype.INT, 0, 0);
                assertEquals(5, b[0]);
                w.recv(b, 0, 1, Datatype.INT, 0, 1);
                assertEquals(6, b[0]);
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void requestsWaitTestAnyAllCancelFree(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                int[] a = new int[1];
                int[] b = new int[1];
                Request ra = w.irecv(a, 0, 1, Datatype.INT, 1, 1);
                Request rb = w.irecv(b, 0, 1, Datatype.INT, 1, 2);
                assertNull(Request.testAll(ra, rb));
                assertEquals(Mpi.UNDEFINED, Request.testAny(ra, rb));
                w.send(new int[0], 0, 0, Datatype.INT, 1, 0);          // go
                int first = Request.waitAny(ra, rb);
                assertEquals(1, first, "only tag 2 is sent first");
                assertEquals(2, rb.status().tag());
                w.send(new int[0], 0, 0, Datatype.INT, 1, 0);          // go again
                Status sa = ra.waitFor();
                assertEquals(11, a[0]);
                assertEquals(22, b[0]);
                assertEquals(1, sa.tag());
                assertEquals(Status.EMPTY, ra.waitFor(), "a completed request is like REQUEST_NULL");
                assertEquals(Mpi.UNDEFINED, Request.waitAny(ra, rb), "no active request");

                // cancel: an unmatched receive completes as cancelled, and nothing is lost.
                Request rc = w.irecv(new int[1], 0, 1, Datatype.INT, 1, 9);
                rc.cancel();
                assertTrue(rc.waitFor().isCancelled());
                // free an active receive: it still fills its buffer when the message comes.
                int[] f = new int[1];
                Request rf = w.irecv(f, 0, 1, Datatype.INT, 1, 3);
                rf.free();
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, rf::waitFor).errorClass());
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, rf::free).errorClass());
                w.send(new int[0], 0, 0, Datatype.INT, 1, 0);          // let rank 1 send tag 3
                w.recv(new int[0], 0, 0, Datatype.INT, 1, 4);          // rank 1 says: tag 3 was matched
                assertEquals(33, f[0]);
                // a matched receive cannot be cancelled
                int[] m = new int[1];
                Request rm = w.irecv(m, 0, 1, Datatype.INT, 1, 5);
                w.send(new int[0], 0, 0, Datatype.INT, 1, 0);
                w.barrier();
                rm.cancel();
                Status sm = rm.waitFor();
                assertFalse(sm.isCancelled());
                assertEquals(55, m[0]);
                assertEquals(0, w.pendingMatches());
            } else if (w.rank() == 1) {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                w.send(new int[] {22}, 0, 1, Datatype.INT, 0, 2);
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                w.send(new int[] {11}, 0, 1, Datatype.INT, 0, 1);
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                w.ssend(new int[] {33}, 0, 1, Datatype.INT, 0, 3);
                w.send(new int[0], 0, 0, Datatype.INT, 0, 4);
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                w.ssend(new int[] {55}, 0, 1, Datatype.INT, 0, 5);
                w.barrier();
            } else {
                w.barrier();
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void everyDatatypeOnArraysAndBuffersBothProtocols(JobConfig c) {
        Jobs.ok(c.withEagerLimit(256), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            for (int n : new int[] {3, 1000}) {  // eager and rendezvous
                if (w.rank() == 0) {
                    w.send(seq(new byte[n]), 0, n, Datatype.BYTE, 1, 1);
                    w.send(seq(new int[n]), 0, n, Datatype.INT, 1, 2);
                    w.send(seq(new long[n]), 0, n, Datatype.LONG, 1, 3);
                    w.send(seq(new float[n]), 0, n, Datatype.FLOAT, 1, 4);
                    w.send(seq(new double[n]), 0, n, Datatype.DOUBLE, 1, 5);
                    ByteBuffer direct = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
                    for (int i = 0; i < n; i++) {
                        direct.putDouble(8 * i, i);
                    }
                    w.send(direct, 0, n, Datatype.DOUBLE, 1, 6);
                    w.send(seq(new int[n + 2]), 2, n, Datatype.INT, 1, 7);   // offset
                } else if (w.rank() == 1) {
                    byte[] b = new byte[n];
                    w.recv(b, 0, n, Datatype.BYTE, 0, 1);
                    assertArrayEquals(seq(new byte[n]), b);
                    int[] i4 = new int[n];
                    w.recv(i4, 0, n, Datatype.INT, 0, 2);
                    assertArrayEquals(seq(new int[n]), i4);
                    long[] l = new long[n];
                    w.recv(l, 0, n, Datatype.LONG, 0, 3);
                    assertArrayEquals(seq(new long[n]), l);
                    ByteBuffer heap = ByteBuffer.allocate(4 * n).order(ByteOrder.nativeOrder());
                    Status s = w.recv(heap, 0, n, Datatype.FLOAT, 0, 4);
                    assertEquals(n, s.count(Datatype.FLOAT));
                    for (int i = 0; i < n; i++) {
                        assertEquals((float) i, heap.getFloat(4 * i));
                    }
                    double[] d = new double[n];
                    w.recv(d, 0, n, Datatype.DOUBLE, 0, 5);
                    assertArrayEquals(seq(new double[n]), d);
                    double[] d2 = new double[n];
                    w.recv(d2, 0, n, Datatype.DOUBLE, 0, 6);
                    assertArrayEquals(seq(new double[n]), d2);
                    int[] off = new int[n + 1];
                    w.recv(off, 1, n, Datatype.INT, 0, 7);
                    assertEquals(2, off[1]);
                    assertEquals(n + 1, off[n]);
                }
            }
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void sendrecvExchangesWithoutDeadlock(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int n = w.size();
            long[] got = new long[50_000];     // rendezvous both ways
            long[] mine = new long[50_000];
            java.util.Arrays.fill(mine, me);
            Status s = w.sendrecv(mine, 0, mine.length, Datatype.LONG, (me + 1) % n, 0,
                    got, 0, got.length, Datatype.LONG, (me + n - 1) % n, 0);
            assertEquals((me + n - 1) % n, s.source());
            assertEquals((me + n - 1) % n, got[49_999]);
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @MethodSource("configs")
    void probeThenReceiveAndMatchedProbe(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.send(new byte[17], 0, 17, Datatype.BYTE, 1, 4);
                w.send(new byte[5], 0, 5, Datatype.BYTE, 1, 5);
                w.send(new byte[3], 0, 3, Datatype.BYTE, 1, 6);
            } else if (w.rank() == 1) {
                Status s = w.probe(Mpi.ANY_SOURCE, 4);
                assertEquals(17, s.count(Datatype.BYTE));
                assertEquals(s.bytes(), w.iprobe(0, 4).bytes(), "probe does not consume");
                w.recv(new byte[17], 0, 17, Datatype.BYTE, 0, 4);
                Status[] st = new Status[1];
                Message m = w.mprobe(0, Mpi.ANY_TAG, st);
                assertEquals(5, st[0].tag());
                assertNull(w.iprobe(0, 5), "a matched message is out of matching");
                byte[] b = new byte[st[0].count(Datatype.BYTE)];
                assertEquals(5, m.mrecv(b, 0, b.length, Datatype.BYTE).count(Datatype.BYTE));
                assertEquals(ErrorClass.ERR_REQUEST,
                        assertThrows(MpiException.class, () -> m.mrecv(b, 0, b.length, Datatype.BYTE)).errorClass());
                Message m2;
                do {
                    m2 = w.improbe(0, 6, st);
                } while (m2 == null && w.probe(0, 6) != null);
                assertNotNull(m2);
                Request r = m2.imrecv(new byte[3], 0, 3, Datatype.BYTE);
                assertEquals(3, r.waitFor().count(Datatype.BYTE));
                assertNull(w.improbe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null));
            }
            mpi.finalizeMpi();
        });
    }

    static byte[] seq(byte[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) i;
        }
        return a;
    }

    static int[] seq(int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return a;
    }

    static long[] seq(long[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 1_000_000_007L;
        }
        return a;
    }

    static float[] seq(float[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return a;
    }

    static double[] seq(double[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return a;
    }
}
