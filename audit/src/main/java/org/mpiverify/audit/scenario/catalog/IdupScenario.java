package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * {@code MPI_Comm_idup} from many threads (what MPICH's {@code test/mpi/threads/comm} covers for idup:
 * idup_comm_gen.c, comm_idup.c, idup_nb.c, ctxidup.c). Each thread of each rank, on a parent of its own, per
 * round: starts {@value #OUTSTANDING} idups at once; while they are outstanding creates communicators from the
 * same parent with blocking {@code dup}, {@code split} and {@code createGroup}, and idups {@code COMM_SELF}
 * (which every thread of the process shares, so those starts are ordered by a lock held only for the start);
 * then waits for the first idup only and idups that new communicator {@value #CHAIN} times before its parent's
 * other idups complete; then waits for everything. Every new communicator is checked through itself with
 * {@link NewComms#check} (members agree on which creation it is and on who they are, and a ring message stays
 * on it: traffic of another live communicator with the same context id would name another creation). A
 * round's idup'ed communicators stay alive through the next two rounds, so ids in use coexist: from the third
 * round on, every idup starts with about 70 communicators alive on the job (100 at the peak), more than the
 * eager segment of the core's allocator (64 ids) holds.
 */
final class IdupScenario extends CatalogScenario {
    static final String ID = "comm-idup-concurrent";
    private static final int RANKS = 3;
    private static final int THREADS = 3;
    private static final int ROUNDS = 3;
    /** Idups of the thread's parent outstanding at once. */
    private static final int OUTSTANDING = 8;
    /** Idups of the first child started before the parent's other idups complete. */
    private static final int CHAIN = 2;

    IdupScenario() {
        super(ID, OUTSTANDING + " outstanding idups per thread (" + THREADS + " threads per rank, each on its own "
                        + "parent) mixed with blocking dup, split, createGroup, idups of COMM_SELF and idups of a child "
                        + "before its siblings complete",
                "MPICH test/mpi/threads/comm/idup_comm_gen.c, comm_idup.c, idup_nb.c, ctxidup.c",
                RANKS, 2, 10, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "3 threads per rank on 3 ranks, each on a parent of its own, 3 rounds: 8 `idup`s of the parent "
                + "outstanding at once; meanwhile a blocking `dup`, `split` and `createGroup` of the same parent, "
                + "and an `idup` of `COMM_SELF` (shared by the threads, so its starts take turns under a lock held "
                + "for the start only); a wait for the first idup only, then 2 idups of that new communicator "
                + "before its siblings complete; then every wait. Each new communicator is checked as in the "
                + "`comm-*-concurrent` scenarios (members agree on which creation and who, a ring message stays "
                + "on it); a round's idup'ed "
                + "communicators live through the next two rounds, so about 70–100 coexist (more than the core's "
                + "64-id eager segment)";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Context ids"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        long self = mpi.commSelf();
        int me = mpi.commRank(world);
        int n = mpi.commSize(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long[] parents = new long[THREADS];
        for (int t = 0; t < THREADS; t++) parents[t] = mpi.commDup(world); // one after the other: same order everywhere
        // COMM_SELF is one communicator for all threads of the process: its collectives must not be started
        // concurrently, so its idup starts take turns (the lock is held for the start only, never across a wait)
        ReentrantLock selfStarts = new ReentrantLock();
        int all = (1 << n) - 1;
        Workers.run(THREADS, deadline(), t -> {
            long parent = parents[t];
            long parentGroup = mpi.commGroup(parent);
            String who = "rank " + me + " thread " + t;
            List<Long> older = List.of();
            List<Long> previous = List.of();
            for (int i = 0; i < ROUNDS; i++) {
                long[][] idup = new long[OUTSTANDING][1];
                long[] req = new long[OUTSTANDING];
                for (int k = 0; k < OUTSTANDING; k++) req[k] = mpi.commIdup(parent, idup[k]);

                // blocking creations on the same parent while its idups are outstanding
                long d = mpi.commDup(parent);
                NewComms.check(mpi, d, who, "dup-during-idup #(" + t + "," + i + ")", token(t, i, 20), me, all, report);
                int colour = (me + i) % 2;
                int splitMembers = 0;
                for (int r = 0; r < n; r++) if ((r + i) % 2 == colour) splitMembers |= 1 << r;
                long s = mpi.commSplit(parent, colour, -me);
                NewComms.check(mpi, s, who, "split-during-idup #(" + t + "," + i + ") colour " + colour,
                        token(t, i, 21 + colour), me, splitMembers, report);
                long g = mpi.commCreateGroup(parent, parentGroup, i);
                NewComms.check(mpi, g, who, "create-group-during-idup #(" + t + "," + i + ")", token(t, i, 23), me, all,
                        report);

                long[] selfDup = new long[1];
                long selfReq;
                selfStarts.lock();
                try {
                    selfReq = mpi.commIdup(self, selfDup);
                } finally {
                    selfStarts.unlock();
                }

                // a chain: the first child is idup'ed before its siblings complete
                mpi.waitFor(req[0]);
                long[][] chain = new long[CHAIN][1];
                long[] chainReq = new long[CHAIN];
                for (int j = 0; j < CHAIN; j++) chainReq[j] = mpi.commIdup(idup[0][0], chain[j]);
                for (int k = OUTSTANDING - 1; k >= 1; k--) mpi.waitFor(req[k]);
                for (long r : chainReq) mpi.waitFor(r);
                mpi.waitFor(selfReq);

                List<Long> live = new ArrayList<>();
                for (int k = 0; k < OUTSTANDING; k++) {
                    live.add(checked(mpi, idup[k][0], who, "idup #(" + t + "," + i + "," + k + ")", token(t, i, k), me,
                            all, report));
                }
                for (int j = 0; j < CHAIN; j++) {
                    live.add(checked(mpi, chain[j][0], who, "idup-of-idup #(" + t + "," + i + "," + j + ")",
                            token(t, i, 10 + j), me, all, report));
                }
                // COMM_SELF's idups are this rank's own: labels name the rank, so no other rank reports them
                live.add(checked(mpi, selfDup[0], who, "idup-of-self #(rank " + me + "," + t + "," + i + ")",
                        token(t, i, 30), me, 1 << me, report));
                mpi.commFree(d);
                mpi.commFree(s);
                mpi.commFree(g);
                for (long c : older) mpi.commFree(c);
                older = previous;
                previous = live;
            }
            for (long c : older) mpi.commFree(c);
            for (long c : previous) mpi.commFree(c);
            mpi.groupFree(parentGroup);
        });
        for (long p : parents) mpi.commFree(p);
        report.fact("created", THREADS * ROUNDS * (OUTSTANDING + CHAIN + 4));
        return report.build();
    }

    /** Checks an idup's communicator and returns it (COMM_NULL is evidence: an idup never gives it to a member). */
    private static long checked(AuditMpi mpi, long c, String who, String label, int token, int me, int members,
                                RankReport.Builder report) {
        if (c == AuditMpi.COMM_NULL) {
            report.evidence(who + ": " + label + " completed with MPI_COMM_NULL");
            return c;
        }
        NewComms.check(mpi, c, who, label, token, me, members, report);
        return c;
    }

    /** A number naming one creation of thread {@code t}, round {@code i}, kind/index {@code k} (< 40). */
    private static int token(int t, int i, int k) {
        return (t * ROUNDS + i) * 40 + k;
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        List<String> disagreements = NewComms.disagreements(reports, "communicator");
        if (!disagreements.isEmpty()) {
            List<String> evidence = new ArrayList<>(disagreements);
            reports.forEach(r -> evidence.addAll(r.evidence()));
            return Verdict.fail(disagreements.get(0), evidence);
        }
        return passUnlessEvidence(reports, "each rank created " + THREADS * ROUNDS * (OUTSTANDING + CHAIN + 4)
                        + " communicators from " + THREADS + " threads, " + OUTSTANDING
                        + " idups outstanding per thread; members agreed on each, traffic stayed on its communicator",
                "members disagree on an idup'ed communicator or its traffic went elsewhere");
    }
}
