package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Nonblocking collectives on distinct communicators from many threads (MPICH's
 * {@code test/mpi/threads/comm/idup_nb.c}, {@code threads/coll}): each thread owns a communicator, made by
 * {@code idup} of {@code COMM_WORLD} (the starts one after the other), and per round starts an ibarrier, an
 * ibcast from a rotating root, two iallreduces (SUM, MAX), an ireduce, an igather, an iscatter, an igatherv and an
 * iscatterv at that root, an iallgather and an ialltoall on it, all eleven outstanding at once, then waits for them
 * in an order that rotates with the round. The v-variants move r + 1 ints to or from rank r, with a one-int gap
 * after each block in the root's buffer, which must keep its value. Every result is checked: a contribution from another communicator or another round
 * shows as a wrong sum or a wrong block, and an ireduce that writes its result at a rank other than the root
 * shows as a changed sentinel.
 */
final class NonblockingCollectivesScenario extends CatalogScenario {
    static final String ID = "coll-nonblocking-distinct-comms";
    private static final int THREADS = 3;
    private static final int ROUNDS = 60;

    NonblockingCollectivesScenario() {
        super(ID, "ibarrier, ibcast, iallreduce, ireduce, igather, iscatter, igatherv, iscatterv, iallgather and ialltoall outstanding together from "
                        + THREADS
                        + " threads per rank, each on its own idup'ed communicator",
                "MPICH test/mpi/threads/comm/idup_nb.c; threads/coll/allred.c (nonblocking)", 3, 2, 10,
                Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "3 threads per rank, each on its own `idup`'ed communicator, 60 rounds of ibarrier, ibcast "
                + "(rotating root), iallreduce SUM and MAX, ireduce, igather, iscatter, igatherv and iscatterv "
                + "(same root; r + 1 ints to or from rank r, a gap after each block that must keep its value), "
                + "iallgather and ialltoall, all eleven outstanding together, waited for in a rotating order; every "
                + "result checked, element by element";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Collectives"), Algorithm.of("Progress engine and MPI's progress rule"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int n = mpi.commSize(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long[][] comms = new long[THREADS][1];
        long[] reqs = new long[THREADS];
        for (int t = 0; t < THREADS; t++) reqs[t] = mpi.commIdup(world, comms[t]);
        for (long r : reqs) mpi.waitFor(r);
        Workers.run(THREADS, deadline(), t -> {
            long c = comms[t][0];
            String who = "rank " + me + " thread " + t;
            for (int i = 0; i < ROUNDS; i++) {
                int root = (i + t) % n;
                int[] b = me == root ? new int[] {t, i, root, t ^ i} : new int[4];
                int[] sum = new int[2];
                int[] max = new int[1];
                int[] reduced = {NOT_WRITTEN};
                int[] gathered = new int[2 * n], scattered = new int[2], all = new int[2 * n], toAll = new int[2 * n];
                int[] rootBlocks = new int[2 * n], sendToAll = new int[2 * n];
                for (int k = 0; k < 2 * n; k++) {
                    rootBlocks[k] = block(t, i, root, k);
                    sendToAll[k] = block(t, i, me, k);
                }
                int[] vCounts = new int[n], vDispls = new int[n];
                int extent = 0;
                for (int j = 0; j < n; j++) {
                    vCounts[j] = j + 1;
                    vDispls[j] = extent;
                    extent += j + 2;   // a one-int gap after each block
                }
                int[] mineV = new int[me + 1], gatheredV = new int[extent], rootV = new int[extent], scatteredV = new int[me + 1];
                Arrays.fill(gatheredV, GAP);
                Arrays.fill(rootV, GAP);
                for (int k = 0; k <= me; k++) mineV[k] = block(t, i, me, V_GATHER + k);
                for (int j = 0; j < n; j++) {
                    for (int k = 0; k <= j; k++) rootV[vDispls[j] + k] = block(t, i, j, V_SCATTER + k);
                }
                long[] r = {
                        mpi.ibarrier(c),
                        mpi.ibcast(c, b, 4, root),
                        mpi.iallreduce(c, new int[] {(me + 1) * (i + 1), t}, sum, 2, AuditMpi.ReduceOp.SUM),
                        mpi.iallreduce(c, new int[] {me * 1000 + i}, max, 1, AuditMpi.ReduceOp.MAX),
                        mpi.ireduce(c, new int[] {(me + 1) * (i + 1) + t}, reduced, 1, AuditMpi.ReduceOp.SUM, root),
                        mpi.igather(c, new int[] {block(t, i, me, 0), block(t, i, me, 1)}, 2, gathered, root),
                        mpi.iscatter(c, rootBlocks, scattered, 2, root),
                        mpi.igatherv(c, mineV, me + 1, gatheredV, vCounts, vDispls, root),
                        mpi.iscatterv(c, rootV, vCounts, vDispls, scatteredV, me + 1, root),
                        mpi.iallgather(c, new int[] {block(t, i, me, 0), block(t, i, me, 1)}, 2, all),
                        mpi.ialltoall(c, sendToAll, toAll, 2)};
                for (int k = 0; k < r.length; k++) mpi.waitFor(r[(i + k) % r.length]);
                for (int j = 0; j < n; j++) {
                    for (int k = 0; k < 2; k++) {
                        if (me == root && gathered[2 * j + k] != block(t, i, j, k)) {
                            report.evidence(who + ": igather #" + i + " at root " + root + ": element " + k + " of rank "
                                    + j + " is " + gathered[2 * j + k] + ", expected " + block(t, i, j, k));
                        }
                        if (all[2 * j + k] != block(t, i, j, k)) {
                            report.evidence(who + ": iallgather #" + i + ": element " + k + " of rank " + j + " is "
                                    + all[2 * j + k] + ", expected " + block(t, i, j, k));
                        }
                        if (toAll[2 * j + k] != block(t, i, j, 2 * me + k)) {
                            report.evidence(who + ": ialltoall #" + i + ": element " + k + " from rank " + j + " is "
                                    + toAll[2 * j + k] + ", expected " + block(t, i, j, 2 * me + k));
                        }
                    }
                }
                if (me == root) {
                    for (int j = 0; j < n; j++) {
                        for (int k = 0; k <= j + 1; k++) {   // rank j's block, then the gap after it
                            int expected = k <= j ? block(t, i, j, V_GATHER + k) : GAP;
                            if (gatheredV[vDispls[j] + k] != expected) {
                                report.evidence(who + ": igatherv #" + i + " at root " + root + ": int " + (vDispls[j] + k)
                                        + " is " + gatheredV[vDispls[j] + k] + ", expected " + expected
                                        + (k <= j ? " (element " + k + " of rank " + j + ")" : " (the gap after rank " + j + "'s block)"));
                            }
                        }
                    }
                }
                for (int k = 0; k <= me; k++) {
                    if (scatteredV[k] != block(t, i, me, V_SCATTER + k)) {
                        report.evidence(who + ": iscatterv #" + i + " from root " + root + ": element " + k + " is "
                                + scatteredV[k] + ", expected " + block(t, i, me, V_SCATTER + k));
                    }
                }
                for (int k = 0; k < 2; k++) {
                    if (scattered[k] != block(t, i, root, 2 * me + k)) {
                        report.evidence(who + ": iscatter #" + i + " from root " + root + ": element " + k + " is "
                                + scattered[k] + ", expected " + block(t, i, root, 2 * me + k));
                    }
                }
                if (b[0] != t || b[1] != i || b[2] != root || b[3] != (t ^ i)) {
                    report.evidence(who + ": ibcast #" + i + " from root " + root + " delivered " + Arrays.toString(b)
                            + ", expected [" + t + ", " + i + ", " + root + ", " + (t ^ i) + "]");
                }
                int expect = (i + 1) * n * (n + 1) / 2;
                if (sum[0] != expect || sum[1] != t * n) {
                    report.evidence(who + ": iallreduce(SUM) #" + i + " gave " + sum[0] + "," + sum[1] + ", expected "
                            + expect + "," + t * n + " (contributions from another communicator or round?)");
                }
                int reducedExpected = me == root ? expect + t * n : NOT_WRITTEN;
                if (reduced[0] != reducedExpected) {
                    report.evidence(who + ": ireduce(SUM) #" + i + " at root " + root + " left " + reduced[0]
                            + " at rank " + me + ", expected " + reducedExpected
                            + (me == root ? "" : " (the result buffer is the root's only)"));
                }
                if (max[0] != (n - 1) * 1000 + i) {
                    report.evidence(who + ": iallreduce(MAX) #" + i + " gave " + max[0] + ", expected "
                            + ((n - 1) * 1000 + i));
                }
            }
        });
        for (long[] c : comms) mpi.commFree(c[0]);
        report.fact("rounds", THREADS * ROUNDS);
        return report.build();
    }

    /** The root's ints between the v-variants' blocks: neither collective may touch them. */
    private static final int GAP = -9;
    /** Where the v-variants' elements start in {@link #block}'s element range, apart from the other collectives'. */
    private static final int V_GATHER = 16, V_SCATTER = 32;

    /** What a non-root rank's ireduce result buffer holds before and after the call: MPI does not write it. */
    private static final int NOT_WRITTEN = -7;

    /** Element {@code k} that rank {@code rank} contributes in round {@code round} of thread {@code t}: unique per all four. */
    static int block(int t, int round, int rank, int k) {
        return ((t * 100 + round) * 16 + rank) * 64 + k;
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, THREADS + " threads per rank ran " + ROUNDS
                        + " rounds of 11 outstanding nonblocking collectives each on its own communicator; every result right",
                "a nonblocking collective gave a wrong result");
    }
}
