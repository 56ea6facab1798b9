package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Concurrent communicator creation (Gropp &amp; Thakur §5; MPICH's {@code test/mpi/threads/comm}
 * ctxdup.c, comm_create_threads.c, comm_create_group_threads.c): every thread of every rank creates
 * communicators at the same time — {@code dup}, {@code split} and {@code create} each from a parent of
 * its own, {@code createGroup} all from {@code COMM_WORLD} with the thread's tag, for the whole group or
 * (the {@code -subsets} variant) for groups that leave one rank out in turn, so that one process's next
 * call can overlap in time with its partners' previous one — and checks each
 * new one with {@link NewComms#check}, keeping the last two alive so that ids in use coexist.
 */
final class CommCreationScenario extends CatalogScenario {
    enum Kind { DUP, SPLIT, CREATE, CREATE_GROUP, CREATE_GROUP_SUBSETS }

    private static final int RANKS = 3;
    private static final int THREADS = 3;
    private static final int ROUNDS = 30;

    private final Kind kind;

    /** The catalog's scenarios of this class ({@link Catalog}): one per creation call. */
    static List<CatalogScenario> variants() {
        return List.of(new CommCreationScenario(Kind.DUP), new CommCreationScenario(Kind.SPLIT),
                new CommCreationScenario(Kind.CREATE), new CommCreationScenario(Kind.CREATE_GROUP),
                new CommCreationScenario(Kind.CREATE_GROUP_SUBSETS));
    }

    CommCreationScenario(Kind kind) {
        super("comm-" + kind.name().toLowerCase().replace('_', '-') + "-concurrent",
                "concurrent " + kind.name().toLowerCase().replace('_', ' ') + " from " + THREADS + " threads per rank"
                        + (kind == Kind.CREATE_GROUP ? " on one parent, whole group"
                        : kind == Kind.CREATE_GROUP_SUBSETS ? " on one parent, each leaving one rank out in turn"
                        : " on distinct parents"),
                "Gropp & Thakur §5; MPICH test/mpi/threads/comm/" + switch (kind) {
                    case DUP -> "ctxdup.c";
                    case SPLIT -> "ctxdup.c (split)";
                    case CREATE -> "comm_create_threads.c";
                    case CREATE_GROUP -> "comm_create_group_threads.c";
                    case CREATE_GROUP_SUBSETS -> "comm_create_group_threads2.c (sub-groups; here rotating, one rank left out in turn)";
                }, RANKS, 2, 20, Duration.ofSeconds(20));
        this.kind = kind;
    }

    @Override
    public String holds() {
        return "3 threads per rank on 3 ranks create communicators at once (dup/split/create on a parent each; "
                + "createGroup from `COMM_WORLD` with the thread's tag, whole group or groups leaving one rank out "
                + "in turn). Each new one is checked through itself: members agree on which creation it is "
                + "(allreduce of a token), on its members (allreduce of rank bits; the judge compares ranks: \"ranks "
                + "0 and 2 disagree on the members of …\"), and a ring message sent on it arrives on it, naming it "
                + "(traffic of a communicator with a colliding id would not). The last two stay alive, so ids in "
                + "use coexist";
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
        int n = mpi.commSize(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long[] parents = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            // created one after the other by this thread: concurrent calls on one communicator are not allowed
            parents[t] = createGroup() ? world : mpi.commDup(world);
        }
        long worldGroup = mpi.commGroup(world);
        Workers.run(THREADS, deadline(), t -> {
            // Comm_free is collective and may synchronize: every member frees round i's communicator at
            // the same point of its thread's sequence (after creating round i + 2), members or not of
            // the rounds in between, so no member waits in a free for one busy creating.
            long[] live = new long[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                live[i] = create(mpi, t, i, me, n, parents, worldGroup, report);
                if (i >= 2 && live[i - 2] != AuditMpi.COMM_NULL) mpi.commFree(live[i - 2]);
            }
            for (int i = Math.max(0, ROUNDS - 2); i < ROUNDS; i++) {
                if (live[i] != AuditMpi.COMM_NULL) mpi.commFree(live[i]);
            }
        });
        mpi.groupFree(worldGroup);
        if (!createGroup()) for (long p : parents) mpi.commFree(p);
        report.fact("created", THREADS * ROUNDS);
        return report.build();
    }

    /** Round {@code i} of thread {@code t}: creates, checks and returns the new communicator (COMM_NULL off it). */
    private long create(AuditMpi mpi, int t, int i, int me, int n, long[] parents, long worldGroup,
                        RankReport.Builder report) {
        String label = kind.name().toLowerCase() + " #(" + t + "," + i + ")";
        String who = "rank " + me + " thread " + t;
        int all = (1 << n) - 1;
        long c;
        int expected;
        switch (kind) {
            case DUP -> {
                c = mpi.commDup(parents[t]);
                expected = all;
            }
            case SPLIT -> {
                int color = (me + i) % 2;
                c = mpi.commSplit(parents[t], color, -me);
                expected = 0;
                for (int r = 0; r < n; r++) if ((r + i) % 2 == color) expected |= 1 << r;
                label += " colour " + color;
            }
            case CREATE -> {
                int out = (i + t) % n;  // one rank left out in turn
                long g = mpi.groupIncl(worldGroup, without(n, out));
                c = mpi.commCreate(parents[t], g);
                mpi.groupFree(g);
                expected = all & ~(1 << out);
                if (me == out) {
                    if (c != AuditMpi.COMM_NULL) {
                        report.evidence(who + ": " + label + " returned a communicator to rank " + me
                                + ", which is not in its group");
                    }
                    return c;
                }
            }
            case CREATE_GROUP -> {
                c = mpi.commCreateGroup(parents[t], worldGroup, t);
                expected = all;
            }
            case CREATE_GROUP_SUBSETS -> {
                int out = (i + t) % n;
                if (me == out) return AuditMpi.COMM_NULL; // collective over the group only: the left-out rank does not call
                long g = mpi.groupIncl(worldGroup, without(n, out));
                c = mpi.commCreateGroup(parents[t], g, t);
                mpi.groupFree(g);
                expected = all & ~(1 << out);
            }
            default -> throw new AssertionError(kind);
        }
        if (c == AuditMpi.COMM_NULL) {
            report.evidence(who + ": " + label + " returned MPI_COMM_NULL to a member");
            return c;
        }
        NewComms.check(mpi, c, who, label, t * 10_000 + i, me, expected, report);
        return c;
    }

    private boolean createGroup() {
        return kind == Kind.CREATE_GROUP || kind == Kind.CREATE_GROUP_SUBSETS;
    }

    static int[] without(int n, int out) {
        int[] r = new int[n - 1];
        for (int i = 0, j = 0; i < n; i++) if (i != out) r[j++] = i;
        return r;
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        List<String> disagreements = NewComms.disagreements(reports, kind.name().toLowerCase());
        if (!disagreements.isEmpty()) {
            List<String> evidence = new ArrayList<>(disagreements);
            reports.forEach(r -> evidence.addAll(r.evidence()));
            return Verdict.fail(disagreements.get(0), evidence);
        }
        return passUnlessEvidence(reports, "each rank created " + THREADS * ROUNDS / 1 + " communicators from "
                + THREADS + " threads; members agreed on each, traffic stayed on its communicator",
                "members disagree on a new communicator or its traffic went elsewhere");
    }
}
