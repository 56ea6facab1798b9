package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * The thread level: what {@code initThread} reports versus what holds.
 * <ul>
 *   <li>{@code init-thread-level} (MPICH {@code test/mpi/threads/init/initth.c}): the level provided is a
 *       valid level, {@code queryThread} returns the same, {@code isThreadMain} is true on the thread
 *       that initialized and false on another; all ranks provide the same level.</li>
 *   <li>{@code thread-level-honesty}: if {@code THREAD_MULTIPLE} is provided, a mixed workload — wildcard
 *       point-to-point, communicator creation and collectives from four threads at once — must be
 *       right. A library that provides less is not held to it (PASS, saying what it provides).</li>
 * </ul>
 */
final class ThreadLevelScenario extends CatalogScenario {
    private static final String[] LEVELS = {"SINGLE", "FUNNELED", "SERIALIZED", "MULTIPLE"};
    private static final int THREADS = 4;
    private static final int ROUNDS = 40;

    private final boolean workload;

    /** The catalog's scenarios of this class ({@link Catalog}): the thread-level check alone, first in the report, and under a workload, last. */
    static List<CatalogScenario> variants() {
        return List.of(new ThreadLevelScenario(false), new ThreadLevelScenario(true));
    }

    ThreadLevelScenario(boolean workload) {
        super(workload ? "thread-level-honesty" : "init-thread-level",
                workload ? "THREAD_MULTIPLE, if provided, holds under a mixed multithreaded workload"
                        : "the level provided, MPI_Query_thread and MPI_Is_thread_main agree",
                workload ? "Gropp & Thakur §2 (thread levels)" : "MPICH test/mpi/threads/init/initth.c",
                2, 2, 20, Duration.ofSeconds(20));
        this.workload = workload;
    }

    @Override
    public String holds() {
        return workload
                ? "if MULTIPLE is provided, a mixed workload (wildcard p2p, dup, collectives) from 4 threads is "
                  + "right; a library providing less is not held to it"
                : "provided level valid, `queryThread` agrees, `isThreadMain` true only on the initializing thread, "
                  + "same on all ranks";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Thread levels, SERIALIZED misuse"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        int provided = mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        report.fact("provided", provided);
        if (provided < AuditMpi.THREAD_SINGLE || provided > AuditMpi.THREAD_MULTIPLE) {
            report.evidence("rank " + me + ": MPI_Init_thread provided " + provided + ", not a thread level");
            return report.build();
        }
        if (!workload) {
            int queried = mpi.queryThread();
            if (queried != provided) {
                report.evidence("rank " + me + ": MPI_Query_thread says " + LEVELS[queried] + ", MPI_Init_thread provided "
                        + LEVELS[provided]);
            }
            if (!mpi.isThreadMain()) report.evidence("rank " + me + ": MPI_Is_thread_main is false on the thread that initialized");
            if (provided == AuditMpi.THREAD_MULTIPLE) {
                boolean[] other = new boolean[1];
                Workers.run(1, deadline(), t -> other[0] = mpi.isThreadMain());
                if (other[0]) report.evidence("rank " + me + ": MPI_Is_thread_main is true on a thread that did not initialize");
            }
            return report.build();
        }
        if (provided < AuditMpi.THREAD_MULTIPLE) return report.build();
        long[] comms = new long[THREADS];
        for (int t = 0; t < THREADS; t++) comms[t] = mpi.commDup(world);
        int other = 1 - me;
        Workers.run(THREADS, deadline(), t -> {
            String who = "rank " + me + " thread " + t;
            int[] buf = new int[Payload.HEADER + 32];
            int[] next = new int[1];
            for (int i = 0; i < ROUNDS; i++) {
                switch (t % 4) {
                    case 0 -> { // wildcard traffic on COMM_WORLD: thread 0 sends, thread 1 receives (ANY_SOURCE, ANY_TAG)
                        int[] m = Payload.make(me, 0, i, Payload.HEADER + i % 20);
                        mpi.send(world, m, m.length, other, 40);
                    }
                    case 1 -> {
                        AuditStatus st = mpi.recv(world, buf, buf.length, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
                        if (Expect.message(report, who, st, buf, other, 40, other, 0, next[0])) next[0]++;
                    }
                    case 2 -> { // communicator creation on its own parent
                        long d = mpi.commDup(comms[t]);
                        NewComms.check(mpi, d, who, "dup #" + i, i, me, 0b11, report);
                        mpi.commFree(d);
                    }
                    default -> { // collectives on its own communicator
                        int[] sum = new int[1];
                        mpi.allreduce(comms[t], new int[] {i + me}, sum, 1, AuditMpi.ReduceOp.SUM);
                        if (sum[0] != 2 * i + 1) report.evidence(who + ": allreduce #" + i + " gave " + sum[0]);
                        mpi.barrier(comms[t]);
                    }
                }
            }
        });
        for (long c : comms) mpi.commFree(c);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        List<String> evidence = new ArrayList<>();
        reports.forEach(r -> evidence.addAll(r.evidence()));
        String p0 = reports.get(0).fact("provided");
        for (RankReport r : reports) {
            if (!r.fact("provided").equals(p0)) {
                evidence.add("rank 0 was provided " + p0 + " but rank " + r.rank() + " " + r.fact("provided"));
            }
        }
        if (!evidence.isEmpty()) {
            return Verdict.fail(workload ? "THREAD_MULTIPLE was provided but does not hold: " + evidence.get(0)
                    : evidence.get(0), evidence);
        }
        int provided = Integer.parseInt(p0);
        String level = provided >= 0 && provided < LEVELS.length ? LEVELS[provided] : p0;
        if (workload) {
            return Verdict.pass(provided == AuditMpi.THREAD_MULTIPLE
                    ? "provides MULTIPLE, and the mixed workload from " + THREADS + " threads was right"
                    : "provides " + level + " when MULTIPLE is required (not claimed, not tested)");
        }
        return Verdict.pass("provides " + level + " for MULTIPLE; query and is-thread-main agree");
    }
}
