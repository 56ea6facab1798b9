package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Persistent requests from several threads (MPICH {@code test/mpi/threads/pt2pt/mt_pers_sendrecv_impl.c}, the
 * {@code mt_*sendrecv_pers*} tests): each thread makes one persistent send (standard or synchronous) and one
 * persistent receive with its partner thread on the other rank, then starts and completes them again and again with
 * new data each time, and frees them at the end. Each start must send the buffer's contents at that start, each
 * completion must leave the request inactive and ready to start again (MPI-3.1 §3.9).
 */
final class PersistentSendrecvScenario extends CatalogScenario {
    private static final int THREADS = 4;
    private static final int ITERATIONS = 40;

    PersistentSendrecvScenario() {
        super("persistent-sendrecv", "persistent sends and receives restarted from " + THREADS + " threads per rank",
                "MPICH test/mpi/threads/pt2pt/mt_pers_sendrecv_impl.c (mt_sendrecv_pers, mt_ssendrecv_pers)", 2, 2, 10,
                Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "per thread: a persistent send (`Send_init`, or `Ssend_init` on odd threads) and receive (`Recv_init`) "
                + "with the partner thread, started (`Startall` or two `Start`s) and completed (`Waitall`) "
                + ITERATIONS + " times with new data, then freed: every receive has the sender's data of that very "
                + "start and the status (partner, thread's tag); fails on a wrong or stale payload or status";
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
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        // Both ranks make the same first call: a binding without persistent requests throws here on every rank.
        int[] first = new int[1];
        long probeSend = mpi.sendInit(world, new int[] {me}, 1, other, THREADS, false);
        long probeRecv = mpi.recvInit(world, first, 1, other, THREADS);
        mpi.startAll(new long[] {probeRecv, probeSend});
        mpi.waitAll(new long[] {probeRecv, probeSend});
        if (first[0] != other) report.evidence("rank " + me + ": first persistent exchange brought " + first[0]);
        mpi.requestFree(probeSend);
        mpi.requestFree(probeRecv);
        Workers.run(THREADS, deadline(), t -> {
            String who = "rank " + me + " thread " + t;
            int length = Payload.HEADER + 8;
            int[] out = new int[length];
            int[] in = new int[length];
            long send = mpi.sendInit(world, out, length, other, t, t % 2 == 1);
            long recv = mpi.recvInit(world, in, length, other, t);
            boolean ok = true;
            for (int i = 0; i < ITERATIONS; i++) {
                System.arraycopy(Payload.make(me, t, i, length), 0, out, 0, length);   // new data for this start
                if (i % 2 == 0) {
                    mpi.startAll(new long[] {recv, send});
                } else {
                    mpi.start(recv);
                    mpi.start(send);
                }
                AuditStatus[] st = mpi.waitAll(new long[] {recv, send});
                // the first wrong message is the evidence; the loop goes on, so the partner thread is not left waiting
                if (ok) ok = Expect.message(report, who + " iteration " + i, st[0], in, other, t, other, t, i);
            }
            mpi.requestFree(send);
            mpi.requestFree(recv);
        });
        report.fact("messages", 2L * THREADS * ITERATIONS);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "messages") + " persistent sends received as started",
                "a persistent receive got a wrong or stale message or status");
    }
}
