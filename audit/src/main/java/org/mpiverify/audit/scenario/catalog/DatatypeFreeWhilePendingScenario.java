package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Freeing a derived datatype while a nonblocking receive still uses it (Gropp &amp; Thakur §4.1: "the user can free
 * a datatype after it has been used in a nonblocking communication operation even before that communication
 * completes"; MPI-3.1 §4.1.9: "any communication that is currently using this datatype will complete normally"),
 * from several threads at once. Each round, each thread of rank 0 makes a vector type (4 blocks of 2 ints, a
 * stride of 3), commits it, posts a receive of 2 items with it on the thread's own communicator, frees the type,
 * and only then lets rank 1 send; rank 1's thread sends the 16 ints as plain ints or, every other round, from a
 * strided array with a vector type of its own, which it frees right after. The receive must land every int at
 * its place in the type map and leave the holes as they were.
 */
final class DatatypeFreeWhilePendingScenario extends CatalogScenario {
    private static final int THREADS = 3;
    private static final int ROUNDS = 30;
    private static final int GO_TAG = 1;
    private static final int DATA_TAG = 2;
    private static final int BLOCKS = 4, BLOCK = 2, STRIDE = 3, ITEMS = 2;
    private static final int EXTENT = (BLOCKS - 1) * STRIDE + BLOCK;   // ints from one item to the next
    private static final int INTS = ITEMS * BLOCKS * BLOCK;            // data ints of a message
    private static final int HOLE = -7;

    DatatypeFreeWhilePendingScenario() {
        super("type-free-while-pending", "free a vector datatype while a receive that uses it is pending, from "
                        + THREADS + " threads per rank",
                "Gropp & Thakur 2007 §4.1 (Update Ref); MPI-3.1 §4.1.9 (Type_free)", 2, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "a vector datatype freed while a receive that uses it is pending, from 3 threads: every receive "
                + "completes with each int at its place in the type map, the holes untouched";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Freeable handles: derived datatypes, user ops (Update Ref)"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        mpi.typeFree(mpi.typeVector(1, 1, 1));      // both ranks stop here, together, where the calls are not bound
        long[] comms = new long[THREADS];
        for (int t = 0; t < THREADS; t++) comms[t] = mpi.commDup(world);
        Workers.run(THREADS, deadline(), t -> {
            long c = comms[t];
            for (int i = 0; i < ROUNDS; i++) {
                if (me == 0) {
                    int[] buf = new int[ITEMS * EXTENT];
                    java.util.Arrays.fill(buf, HOLE);
                    long type = mpi.typeVector(BLOCKS, BLOCK, STRIDE);
                    mpi.typeCommit(type);
                    long req = mpi.irecvTyped(c, buf, ITEMS, type, 1, DATA_TAG);
                    mpi.typeFree(type);                             // freed with the receive pending
                    mpi.send(c, new int[] {i}, 1, 1, GO_TAG);       // only now may rank 1 send
                    AuditStatus st = mpi.waitFor(req);
                    check(report, "rank 0 thread " + t + " round " + i, st, buf, t, i);
                } else {
                    int[] go = new int[1];
                    mpi.recv(c, go, 1, 0, GO_TAG);
                    if (i % 2 == 0) {
                        int[] msg = new int[INTS];
                        for (int j = 0; j < INTS; j++) msg[j] = value(t, i, j);
                        mpi.send(c, msg, INTS, 0, DATA_TAG);
                    } else {
                        int[] strided = new int[ITEMS * EXTENT];
                        for (int j = 0; j < INTS; j++) strided[place(j)] = value(t, i, j);
                        long type = mpi.typeVector(BLOCKS, BLOCK, STRIDE);
                        mpi.typeCommit(type);
                        mpi.sendTyped(c, strided, ITEMS, type, 0, DATA_TAG);
                        mpi.typeFree(type);
                    }
                }
            }
        });
        for (long c : comms) {
            mpi.barrier(c);
            mpi.commFree(c);
        }
        report.fact("rounds", THREADS * ROUNDS);
        return report.build();
    }

    private static int value(int thread, int round, int j) {
        return (thread << 16) | (round << 8) | j;
    }

    /** Where data int {@code j} of a message lands in the receive buffer: its place in the type map. */
    private static int place(int j) {
        int item = j / (BLOCKS * BLOCK), inItem = j % (BLOCKS * BLOCK);
        return item * EXTENT + (inItem / BLOCK) * STRIDE + inItem % BLOCK;
    }

    private static void check(RankReport.Builder report, String who, AuditStatus st, int[] buf, int t, int i) {
        if (st.source() != 1 || st.tag() != DATA_TAG || st.error() != 0) {
            report.evidence(who + ": the receive with the freed type completed with status (" + st.source() + ", tag "
                    + st.tag() + ", " + (st.error() == 0 ? "no error" : st.errorName()) + "), expected (1, tag " + DATA_TAG
                    + ", no error)");
            return;
        }
        if (st.count() != INTS) {
            report.evidence(who + ": MPI_Get_count(MPI_INT) of the receive is " + st.count() + ", expected " + INTS
                    + " (the message's ints, whatever type received them)");
        }
        boolean[] data = new boolean[buf.length];
        for (int j = 0; j < INTS; j++) {
            data[place(j)] = true;
            if (buf[place(j)] != value(t, i, j)) {
                report.evidence(who + ": int " + j + " of the message at index " + place(j) + " is " + buf[place(j)]
                        + ", expected " + value(t, i, j) + " (the type freed while the receive was pending)");
                return;
            }
        }
        for (int k = 0; k < buf.length; k++) {
            if (!data[k] && buf[k] != HOLE) {
                report.evidence(who + ": hole " + k + " of the type map was written (" + buf[k] + ")");
                return;
            }
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, THREADS * ROUNDS + " receives completed after their datatype was freed,"
                + " every int in its place", "a receive with a vector type, freed while it was pending, lost, misplaced or miscounted its data");
    }
}
