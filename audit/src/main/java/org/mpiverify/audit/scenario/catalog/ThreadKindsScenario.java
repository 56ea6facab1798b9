package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * MPI calls from the kinds of thread a Java program has: virtual threads, threads of a pool the rank
 * creates, and threads of a JVM-wide pool the rank did not start. {@code THREAD_MULTIPLE} promises
 * that any thread may call; each worker ping-pongs with its partner on the other rank, duplicates its
 * communicator and runs an allreduce on the duplicate, and must not be told it is the main thread.
 */
final class ThreadKindsScenario extends CatalogScenario {
    private static final int THREADS = 2;
    private static final int ROUNDS = 40;
    private static final Workers.Kind[] KINDS = {Workers.Kind.VIRTUAL, Workers.Kind.POOL, Workers.Kind.FOREIGN};

    ThreadKindsScenario() {
        super("thread-kinds", "calls from virtual threads, pool threads and threads the rank did not start",
                "MPI-3.1 §12.4 (any thread may call at THREAD_MULTIPLE)", 2, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "calls from virtual threads, from a pool the rank creates, and from a JVM-wide pool the rank did "
                + "not start";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Thread levels, SERIALIZED misuse"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        for (Workers.Kind kind : KINDS) {
            long[] comms = new long[THREADS];
            for (int t = 0; t < THREADS; t++) comms[t] = mpi.commDup(world);
            Workers.run(kind, THREADS, deadline(), t -> {
                String who = "rank " + me + " " + kind.name().toLowerCase() + " thread " + t;
                if (mpi.isThreadMain()) report.evidence(who + ": MPI_Is_thread_main says this is the main thread");
                int[] buf = new int[Payload.HEADER + 32];
                for (int i = 0; i < ROUNDS; i++) {
                    int[] m = Payload.make(me, t, i, Payload.HEADER + i % 30);
                    AuditStatus st;
                    if (me == 0) {
                        mpi.send(comms[t], m, m.length, other, t);
                        st = mpi.recv(comms[t], buf, buf.length, other, t);
                    } else {
                        st = mpi.recv(comms[t], buf, buf.length, other, t);
                        mpi.send(comms[t], m, m.length, other, t);
                    }
                    Expect.message(report, who, st, buf, other, t, other, t, i);
                    if (i % 10 == 0) {
                        long d = mpi.commDup(comms[t]);
                        int[] sum = new int[1];
                        mpi.allreduce(d, new int[] {me + 1}, sum, 1, AuditMpi.ReduceOp.SUM);
                        if (sum[0] != 3) report.evidence(who + ": allreduce on a duplicate gave " + sum[0] + ", expected 3");
                        mpi.commFree(d);
                    }
                }
            });
            for (long c : comms) mpi.commFree(c);
        }
        report.fact("kinds", KINDS.length);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, "virtual, pool and foreign threads all called correctly",
                "a call from a virtual, pool or foreign thread went wrong");
    }
}
