package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.audit.api.AuditException;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.scenario.BaseScenario;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.Verdict;
import org.mpiverify.audit.scenario.Workers;

/**
 * Running out of context ids, then living on the last two (Gropp &amp; Thakur §5; the core's TLA+
 * models {@code ctx_published_exhaust} and {@code ctx_naive_*}). Phase 1: one thread per rank dups
 * until the library refuses: the refusal must be an error, on every rank at the same count — an
 * allocator that retries forever when no id is free everywhere hangs here (Fig. 3 as published).
 * Phase 2: all but two of the new communicators are freed, and two threads per rank cycle dup/free on
 * their own parents; two ids for two threads each holding at most one is enough, so any "out of
 * ids" now is a spurious failure. A library with no limit below {@link #CAP} communicators passes
 * phase 1 with that noted and skips phase 2.
 */
final class ContextIdExhaustionScenario extends BaseScenario {
    private static final int CAP = 5000;
    private static final int ROUNDS = 150;

    ContextIdExhaustionScenario() {
        super("context-id-exhaustion", "dup until no context id is left (an error, not a hang), then two threads "
                        + "share the last two ids", "Gropp & Thakur §5.2, §5.3 (Fig. 3 retries forever when ids run out)",
                2, 2, 10, Duration.ofSeconds(20));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long[] parents = {mpi.commDup(world), mpi.commDup(world)};
        List<Long> held = new ArrayList<>();
        String refusal = null;
        while (held.size() < CAP) {
            try {
                held.add(mpi.commDup(world));
            } catch (AuditException e) {
                refusal = e.getMessage();
                break;
            }
        }
        report.fact("limit", refusal == null ? "none" : String.valueOf(held.size()));
        if (refusal != null) report.fact("refusal", refusal);
        if (refusal != null && held.size() >= 2) {
            for (int k = 0; k < 2; k++) mpi.commFree(held.remove(held.size() - 1));
            Workers.run(2, deadline(), t -> {
                for (int i = 0; i < ROUNDS; i++) {
                    long d;
                    try {
                        d = mpi.commDup(parents[t]);
                    } catch (AuditException e) {
                        report.evidence("rank " + me + " thread " + t + " dup #" + i + " refused with two ids free for two"
                                + " threads: " + e.getMessage());
                        return; // the partner thread on the other rank sees the same refusal: MPI errors are collective here
                    }
                    NewComms.check(mpi, d, "rank " + me + " thread " + t, "dup #" + i + " on parent " + t,
                            t * 10_000 + i, me, 0b11, report);
                    mpi.commFree(d);
                }
            });
        }
        for (long c : held) mpi.commFree(c);
        for (long p : parents) mpi.commFree(p);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        List<String> evidence = new ArrayList<>();
        String l0 = reports.get(0).fact("limit");
        for (RankReport r : reports) {
            if (!r.fact("limit").equals(l0)) {
                evidence.add("rank 0 ran out of ids after " + l0 + " dups, rank " + r.rank() + " after " + r.fact("limit"));
            }
            evidence.addAll(r.evidence());
        }
        if (!evidence.isEmpty()) return Verdict.fail(evidence.get(0), evidence);
        return Verdict.pass("none".equals(l0) ? "no limit within " + CAP + " communicators"
                : "refused dup #" + (Integer.parseInt(l0) + 1) + " on every rank with an error ("
                + reports.get(0).fact("refusal") + "); two threads then shared the last two ids " + ROUNDS + " times");
    }
}
