package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Freeing while a nonblocking operation is pending (MPI-3.1 §6.4.3: "pending operations that use
 * this communicator will complete normally"; §3.7.3: a freed active request still completes), from
 * several threads at once. Each round, on its own fresh communicator: rank 0 posts a receive and
 * frees the communicator before the message is even sent; rank 1 sends a large (rendezvous) message
 * with {@code isend} or {@code issend} and frees the request at once. The receive must complete with
 * the message intact; the freed ids are then reused by the next rounds' communicators.
 */
final class FreeWhilePendingScenario extends CatalogScenario {
    private static final int THREADS = 3;
    private static final int ROUNDS = 40;
    private static final int GO_TAG = 1;
    private static final int DATA_TAG = 2;

    FreeWhilePendingScenario() {
        super("free-while-pending", "free a communicator with a receive pending and a send request before it "
                        + "completes, from " + THREADS + " threads per rank",
                "MPI-3.1 §6.4.3 (Comm_free), §3.7.3 (Request_free)", 2, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "a communicator freed with a receive pending, a send request freed before completion, from 3 "
                + "threads; everything still delivered intact";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Request pools, packets, reference counts"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long[] parents = new long[THREADS];
        for (int t = 0; t < THREADS; t++) parents[t] = mpi.commDup(world);
        Workers.run(THREADS, deadline(), t -> {
            long parent = parents[t];
            for (int i = 0; i < ROUNDS; i++) {
                long c = mpi.commDup(parent);
                int length = i % 2 == 0 ? 6000 : Payload.HEADER + i;
                if (me == 0) {
                    int[] buf = new int[6000];
                    long req = mpi.irecv(c, buf, buf.length, 1, DATA_TAG);
                    mpi.commFree(c);                                  // freed with the receive pending
                    mpi.send(parent, new int[] {i}, 1, 1, GO_TAG);    // only now may rank 1 send
                    AuditStatus st = mpi.waitFor(req);
                    Expect.message(report, "rank 0 thread " + t + " round " + i + " (communicator freed while pending)",
                            st, buf, 1, DATA_TAG, 1, t, i);
                } else {
                    int[] go = new int[1];
                    mpi.recv(parent, go, 1, 0, GO_TAG);
                    int[] msg = Payload.make(1, t, i, length);
                    long req = i % 4 < 2 ? mpi.isend(c, msg, msg.length, 0, DATA_TAG)
                            : mpi.issend(c, msg, msg.length, 0, DATA_TAG);
                    mpi.requestFree(req);                             // freed before it completes
                    mpi.commFree(c);
                }
            }
        });
        // A freed send request gives no completion; a barrier per parent tells rank 1 all data has arrived
        // before the parents go (the sends' buffers were never reused, so no wait is needed for them).
        for (long p : parents) {
            mpi.barrier(p);
            mpi.commFree(p);
        }
        report.fact("rounds", THREADS * ROUNDS);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, THREADS * ROUNDS + " receives completed after their communicator was freed,"
                + " every freed send delivered", "an operation pending at a free was lost or damaged");
    }
}
