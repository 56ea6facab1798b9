package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Communicators and groups: dup, split, create, createGroup, free, group operations, isolation. */
class CommunicatorTest {

    @Test
    void dupHasANewContextAndTrafficDoesNotCross() {
        Jobs.ok(3, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm d = w.dup();
            assertNotEquals(w.contextId(), d.contextId());
            assertEquals(w.rank(), d.rank());
            assertEquals(Comm.CONGRUENT, Comm.compare(w, d));
            assertEquals(Comm.IDENT, Comm.compare(d, d));
            // all members agree on the id
            int[] ids = new int[w.size()];
            w.allgather(new int[] {d.contextId()}, 0, 1, Datatype.INT, ids, 0, 1, Datatype.INT);
            for (int id : ids) {
                assertEquals(d.contextId(), id);
            }
            if (w.rank() == 0) {
                d.send(new int[] {1}, 0, 1, Datatype.INT, 1, 0);
                w.send(new int[] {2}, 0, 1, Datatype.INT, 1, 0);
            } else if (w.rank() == 1) {
                int[] b = new int[1];
                w.recv(b, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                assertEquals(2, b[0], "a message on the dup must not match a receive on world");
                d.recv(b, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                assertEquals(1, b[0]);
            }
            d.free();
            mpi.finalizeMpi();
        });
    }

    @Test
    void splitOrdersByKeyThenRankAndUndefinedGetsNull() {
        Jobs.ok(5, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int color = me == 4 ? Mpi.UNDEFINED : me % 2;
            Comm s = w.split(color, -me);       // reversed order within each colour
            if (me == 4) {
                assertNull(s);
            } else {
                int members = me % 2 == 0 ? 2 : 2;   // {0,2} and {1,3}
                assertEquals(members, s.size());
                assertEquals(me < 2 ? 1 : 0, s.rank());
                int[] sum = new int[1];
                s.allreduce(new int[] {me}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
                assertEquals(me % 2 == 0 ? 2 : 4, sum[0]);
                s.free();
            }
            mpi.finalizeMpi();
        });
    }

    @Test
    void createAndCreateGroupAndGroupOperations() {
        Jobs.ok(4, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            Group g = w.group();
            Group odd = g.incl(3, 1);
            assertEquals(2, odd.size());
            assertEquals(me == 3 ? 0 : me == 1 ? 1 : Mpi.UNDEFINED, odd.rank());
            Group even = g.excl(1, 3);
            assertArrayEquals(new int[] {Mpi.UNDEFINED, 1, 0}, Group.translateRanks(g, new int[] {1, 2, 0}, even));
            assertEquals(Group.SIMILAR, Group.compare(odd, g.incl(1, 3)));
            assertEquals(Group.IDENT, Group.compare(g, w.dup().group()));
            assertEquals(Group.UNEQUAL, Group.compare(odd, even));
            assertEquals(4, even.union(odd).size());
            assertEquals(0, even.intersection(odd).size());

            Comm c = w.create(odd);
            if (me % 2 == 1) {
                assertEquals(2, c.size());
                assertEquals(me == 3 ? 0 : 1, c.rank());
                c.free();
            } else {
                assertNull(c);
            }
            // createGroup: only the members call
            if (me % 2 == 0) {
                Comm ce = w.createGroup(even, 7);
                assertEquals(2, ce.size());
                int[] x = new int[1];
                ce.allreduce(new int[] {me}, 0, x, 0, 1, Datatype.INT, Op.MAX);
                assertEquals(2, x[0]);
                ce.free();
            }
            mpi.finalizeMpi();
        });
    }

    @Test
    void freeKeepsPendingOperationsAndReleasesTheIdAfterThem() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int before = mpi.freeContextIds();
            Comm d = w.dup();
            assertEquals(before - 1, mpi.freeContextIds());
            if (w.rank() == 0) {
                int[] b = new int[1];
                Request r = d.irecv(b, 0, 1, Datatype.INT, 1, 0);
                d.free();
                assertTrue(d.isFreed());
                assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class,
                        () -> d.send(b, 0, 1, Datatype.INT, 1, 0)).errorClass());
                assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class, d::free).errorClass());
                assertEquals(before - 1, mpi.freeContextIds(), "the id stays taken while the receive is pending");
                w.barrier();
                r.waitFor();
                assertEquals(42, b[0], "a receive pending at free still completes");
                assertEquals(before, mpi.freeContextIds(), "and then the id is released");
            } else {
                d.send(new int[] {42}, 0, 1, Datatype.INT, 0, 0);
                d.free();
                w.barrier();
                assertEquals(before, mpi.freeContextIds());
            }
            assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class, w::free).errorClass());
            mpi.finalizeMpi();
        });
    }

    @Test
    void everyCollectiveGivesTheRightResult() {
        for (int n = 1; n <= 5; n++) {
            int size = n;
            Jobs.ok(size, mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm w = mpi.commWorld();
                int me = w.rank();
                w.barrier();
                int root = size - 1;
                double[] bc = new double[3];
                if (me == root) {
                    bc = new double[] {1.5, 2.5, 3.5};
                }
                w.bcast(bc, 0, 3, Datatype.DOUBLE, root);
                assertArrayEquals(new double[] {1.5, 2.5, 3.5}, bc);

                long[] r = new long[1];
                w.reduce(new long[] {me + 1}, 0, r, 0, 1, Datatype.LONG, Op.PROD, 0);
                if (me == 0) {
                    long f = 1;
                    for (int i = 1; i <= size; i++) {
                        f *= i;
                    }
                    assertEquals(f, r[0]);
                }
                for (Op op : Op.values()) {
                    int[] x = new int[1];
                    w.allreduce(new int[] {me % 3}, 0, x, 0, 1, Datatype.INT, op);
                    int expect = me % 3;
                    int acc = 0 % 3;
                    for (int i = 1; i < size; i++) {
                        acc = apply(op, acc, i % 3);
                    }
                    assertEquals(size == 1 ? expect : acc, x[0], "allreduce " + op);
                }
                int[] gathered = new int[size];
                w.gather(new int[] {me * me}, 0, 1, Datatype.INT, gathered, 0, 1, Datatype.INT, 0);
                if (me == 0) {
                    for (int i = 0; i < size; i++) {
                        assertEquals(i * i, gathered[i]);
                    }
                }
                int[] counts = new int[size];
                int[] displs = new int[size];
                int total = 0;
                for (int i = 0; i < size; i++) {
                    counts[i] = i + 1;
                    displs[i] = total;
                    total += i + 1;
                }
                int[] mine = new int[me + 1];
                java.util.Arrays.fill(mine, me);
                int[] gv = new int[total];
                w.gatherv(mine, 0, me + 1, Datatype.INT, gv, 0, counts, displs, Datatype.INT, root);
                if (me == root) {
                    for (int i = 0; i < size; i++) {
                        assertEquals(i, gv[displs[i] + i]);
                    }
                }
                int[] sc = new int[1];
                w.scatter(new int[] {10, 11, 12, 13, 14}, 0, 1, Datatype.INT, sc, 0, 1, Datatype.INT, 0);
                assertEquals(10 + me, sc[0]);
                int[] scv = new int[me + 1];
                int[] src = new int[total];
                for (int i = 0; i < size; i++) {
                    java.util.Arrays.fill(src, displs[i], displs[i] + counts[i], 100 + i);
                }
                w.scatterv(src, 0, counts, displs, Datatype.INT, scv, 0, me + 1, Datatype.INT, root);
                assertEquals(100 + me, scv[me]);
                int[] ag = new int[size];
                w.allgather(new int[] {me + 7}, 0, 1, Datatype.INT, ag, 0, 1, Datatype.INT);
                for (int i = 0; i < size; i++) {
                    assertEquals(i + 7, ag[i]);
                }
                int[] sendAll = new int[size];
                for (int i = 0; i < size; i++) {
                    sendAll[i] = me * 100 + i;
                }
                int[] recvAll = new int[size];
                w.alltoall(sendAll, 0, 1, Datatype.INT, recvAll, 0, 1, Datatype.INT);
                for (int i = 0; i < size; i++) {
                    assertEquals(i * 100 + me, recvAll[i]);
                }
                mpi.finalizeMpi();
            });
        }
    }

    private static int apply(Op op, int a, int b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case LAND -> (a != 0 && b != 0) ? 1 : 0;
            case LOR -> (a != 0 || b != 0) ? 1 : 0;
            case LXOR -> ((a != 0) != (b != 0)) ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
        };
    }
}
