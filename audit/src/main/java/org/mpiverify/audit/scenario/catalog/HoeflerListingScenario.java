package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Hoefler et al. Listings 1.3/1.4: rank 0 sends tag 1, waits for rank 1's reply (tag 1), then sends
 * tag 2. On rank 1, thread A waits on (0, 2) and thread B on (0, ANY_TAG), then replies. The program
 * must terminate: a library whose specific receive or probe on (0, 2) blocks the wildcard one (the
 * paper's 2-D locking) deadlocks. Thread A is started first; even iterations probe then receive, odd
 * ones receive directly. Each iteration uses fresh threads on rank 1, so that B can only ever see the
 * tag-1 message of its own iteration.
 */
final class HoeflerListingScenario extends CatalogScenario {
    private static final int ITERATIONS = 200;

    HoeflerListingScenario() {
        super("hoefler-listings-1.3-1.4", "specific and wildcard probe/receive on two threads, the reply needed "
                        + "by the specific one sent after the wildcard one (" + ITERATIONS + " times)",
                "Hoefler et al. §2, Listings 1.3/1.4", 2, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "(0, 2) on one thread and (0, ANY_TAG) on another, the message for the first sent only after the "
                + "second replies; must terminate, 200 times";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Probe and matched probe"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        for (int i = 0; i < ITERATIONS; i++) {
            int iteration = i;
            boolean probeFirst = i % 2 == 0;
            if (me == 0) {
                mpi.send(world, new int[] {1, i}, 2, 1, 1);
                int[] reply = new int[2];
                AuditStatus st = mpi.recv(world, reply, 2, 1, 1);
                if (st.tag() != 1 || reply[1] != i) report.evidence("rank 0 iteration " + i + ": reply " + reply[1]
                        + " with tag " + st.tag());
                mpi.send(world, new int[] {2, i}, 2, 1, 2);
            } else {
                Workers.run(2, deadline(), t -> {
                    int[] b = new int[2];
                    int tag = t == 0 ? 2 : AuditMpi.ANY_TAG;  // thread A: (0, 2); thread B: (0, ANY_TAG)
                    AuditStatus st;
                    if (probeFirst) {
                        AuditStatus p = mpi.probe(world, 0, tag);
                        st = mpi.recv(world, b, 2, 0, p.tag());
                    } else {
                        st = mpi.recv(world, b, 2, 0, tag);
                    }
                    int want = t == 0 ? 2 : 1;
                    if (st.tag() != want || b[0] != want || b[1] != iteration) {
                        report.evidence("rank 1 thread " + (t == 0 ? "A" : "B") + " iteration " + iteration
                                + " received tag " + st.tag() + " payload [" + b[0] + ", " + b[1] + "], expected tag " + want);
                    }
                    if (t == 1) mpi.send(world, new int[] {1, iteration}, 2, 0, 1);
                });
            }
        }
        report.fact("iterations", ITERATIONS);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, ITERATIONS + " iterations terminated", "a receive got the wrong message");
    }
}
