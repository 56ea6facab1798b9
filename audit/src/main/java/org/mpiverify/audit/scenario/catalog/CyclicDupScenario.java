package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Gropp &amp; Thakur §5.1's deadlock: three processes, communicators A = {0,1}, B = {1,2}, C = {2,0};
 * each process has two threads, each duplicating one of its two communicators over and over. An
 * allocator that holds a process-wide lock across its allreduce deadlocks on this cycle; a correct
 * one must finish, with members agreeing on the new communicators ({@link NewComms#check}, every
 * {@value #CHECK}th: checking each would space the dups out and hide the deadlock).
 */
final class CyclicDupScenario extends CatalogScenario {
    private static final int ROUNDS = 1000;
    /** Every CHECK-th new communicator is checked; the others are freed at once, so the dups collide often. */
    private static final int CHECK = 25;

    CyclicDupScenario() {
        super("comm-dup-cyclic", "two threads per process dup communicators of cyclic membership {0,1},{1,2},{2,0}",
                "Gropp & Thakur §5.1 (lock held across the allreduce deadlocks)", 3, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "communicators {0,1}, {1,2}, {2,0}; two threads per process dup theirs 1000 times; a lock held "
                + "across the allreduce deadlocks";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Context ids"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long worldGroup = mpi.commGroup(world);
        int[][] cycle = {{0, 1}, {1, 2}, {2, 0}};
        List<Long> mine = new ArrayList<>();
        List<Integer> mineMask = new ArrayList<>();
        List<Integer> mineIndex = new ArrayList<>();
        for (int k = 0; k < cycle.length; k++) {
            long g = mpi.groupIncl(worldGroup, cycle[k]);
            long c = mpi.commCreate(world, g);
            mpi.groupFree(g);
            if (c != AuditMpi.COMM_NULL) {
                mine.add(c);
                mineMask.add(1 << cycle[k][0] | 1 << cycle[k][1]);
                mineIndex.add(k);
            }
        }
        mpi.groupFree(worldGroup);
        if (mine.size() != 2) {
            report.evidence("rank " + me + " is in " + mine.size() + " of the three cyclic communicators, not 2");
            return report.build();
        }
        Workers.run(2, deadline(), t -> {
            long parent = mine.get(t);
            String name = "ABC".charAt(mineIndex.get(t)) + "";
            for (int i = 0; i < ROUNDS; i++) {
                long d = mpi.commDup(parent);
                if (i % CHECK == 0) {
                    NewComms.check(mpi, d, "rank " + me + " thread " + t, "dup #" + i + " of " + name,
                            mineIndex.get(t) * 10_000 + i, me, mineMask.get(t), report);
                }
                mpi.commFree(d);
            }
        });
        for (long c : mine) mpi.commFree(c);
        report.fact("created", 2 * ROUNDS);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        List<String> disagreements = NewComms.disagreements(reports, "");
        if (!disagreements.isEmpty()) {
            List<String> evidence = new ArrayList<>(disagreements);
            reports.forEach(r -> evidence.addAll(r.evidence()));
            return Verdict.fail(disagreements.get(0), evidence);
        }
        return passUnlessEvidence(reports, "every process created " + 2 * ROUNDS
                + " communicators on the cycle; no deadlock, members agreed on every " + CHECK + "th", "members disagree on a new communicator");
    }
}
