package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Gropp &amp; Thakur Fig. 2: on each of two processes, thread 0 receives from the other process while
 * thread 1 sends to it (every other send synchronous). Correct under {@code THREAD_MULTIPLE}; an implementation that keeps a lock
 * while a call blocks deadlocks as soon as both receives block first. Many iterations; values checked.
 */
final class Fig2Scenario extends CatalogScenario {
    private static final int ITERATIONS = 3000;

    Fig2Scenario() {
        super("fig2-deadlock", "Fig. 2: one thread receives while the other sends, " + ITERATIONS + " times",
                "Gropp & Thakur Fig. 2", 2, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "one thread receives while the other sends (every other send synchronous), 3000 times; no "
                + "deadlock, values right";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Locking for blocking calls"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        Workers.run(2, deadline(), t -> {
            int[] b = new int[1];
            for (int i = 0; i < ITERATIONS; i++) {
                if (t == 0) {
                    mpi.recv(world, b, 1, other, 0);
                    if (b[0] != i) {
                        report.evidence("rank " + me + " receive #" + i + " got " + b[0] + " from rank " + other);
                        return;
                    }
                } else if (i % 2 == 0) {
                    mpi.send(world, new int[] {i}, 1, other, 0);
                } else {
                    // MPI_Send may wait for the matching receive, as ssend does: the program must not deadlock
                    // either way, and without eager buffering the sender cannot run ahead of the receives.
                    mpi.ssend(world, new int[] {i}, 1, other, 0);
                }
            }
        });
        report.fact("iterations", ITERATIONS);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, ITERATIONS + " iterations, no deadlock", "a receive got the wrong value");
    }
}
