package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Collectives on distinct communicators at once (MPICH's {@code test/mpi/threads/coll/allred.c}):
 * each thread owns a duplicate of {@code COMM_WORLD} and runs barrier, bcast from a rotating root and
 * allreduce (SUM and MAX) on it; every result is checked.
 */
final class CollectivesScenario extends CatalogScenario {
    private static final int THREADS = 3;
    private static final int ROUNDS = 100;

    CollectivesScenario() {
        super("coll-distinct-comms", "barrier, bcast and allreduce from " + THREADS
                        + " threads per rank, each on its own communicator",
                // MPICH 4.0.2 over shared memory takes about 14 s here (nine threads polling in its global critical
                // section on two cores; Open MPI 3 s); a CI run not finished at 20 s was a HANG, with nothing to show
                // more than slowness (over TCP, deadline doubled, it passed in 14 s): so three times that
                "MPICH test/mpi/threads/coll/allred.c", 3, 2, 20, Duration.ofSeconds(60));
    }

    @Override
    public String holds() {
        return "barrier, bcast (rotating root), allreduce SUM/MAX from 3 threads, each on its own communicator; "
                + "every result checked";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Collectives"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int n = mpi.commSize(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long[] comms = new long[THREADS];
        for (int t = 0; t < THREADS; t++) comms[t] = mpi.commDup(world);
        Workers.run(THREADS, deadline(), t -> {
            long c = comms[t];
            String who = "rank " + me + " thread " + t;
            for (int i = 0; i < ROUNDS; i++) {
                mpi.barrier(c);
                int root = (i + t) % n;
                int[] b = new int[4];
                if (me == root) b = new int[] {t, i, root, t ^ i};
                mpi.bcast(c, b, 4, root);
                if (b[0] != t || b[1] != i || b[2] != root || b[3] != (t ^ i)) {
                    report.evidence(who + ": bcast #" + i + " from root " + root + " delivered "
                            + java.util.Arrays.toString(b) + ", expected [" + t + ", " + i + ", " + root + ", " + (t ^ i) + "]");
                }
                int[] sum = new int[2];
                mpi.allreduce(c, new int[] {(me + 1) * (i + 1), t}, sum, 2, AuditMpi.ReduceOp.SUM);
                int expect = (i + 1) * n * (n + 1) / 2;
                if (sum[0] != expect || sum[1] != t * n) {
                    report.evidence(who + ": allreduce(SUM) #" + i + " gave " + sum[0] + "," + sum[1] + ", expected "
                            + expect + "," + t * n + " (contributions from another communicator?)");
                }
                int[] max = new int[1];
                mpi.allreduce(c, new int[] {me * 1000 + i}, max, 1, AuditMpi.ReduceOp.MAX);
                if (max[0] != (n - 1) * 1000 + i) {
                    report.evidence(who + ": allreduce(MAX) #" + i + " gave " + max[0] + ", expected " + ((n - 1) * 1000 + i));
                }
            }
        });
        for (long c : comms) mpi.commFree(c);
        report.fact("collectives", THREADS * ROUNDS * 4);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, THREADS * ROUNDS * 4 + " collectives per rank on " + THREADS
                + " communicators at once, all results right", "a collective gave a wrong result");
    }
}
