package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Running out of context ids, then living on the last few (Gropp &amp; Thakur §5; the core's TLA+
 * models {@code ctx_published_exhaust} and {@code ctx_naive_*}). Phase 1: one thread per rank dups
 * until the library refuses: the refusal must be an error, on every rank at the same count — an
 * allocator that retries forever when no id is free everywhere hangs here (Fig. 3 as published).
 * Phase 2: all but {@value #THREADS} of the new communicators are freed, and as many threads per rank
 * cycle dup/free on their own parents; one id per thread, each holding at most one, is enough, so any
 * "out of ids" now is a spurious failure (§5.2's naive retry can raise one: a snapshot taken while
 * another thread holds a tentative claim). A library with no limit below {@link #CAP} communicators passes
 * phase 1 with that noted and skips phase 2.
 */
final class ContextIdExhaustionScenario extends CatalogScenario {
    private static final int CAP = 5000;
    /** Threads of phase 2, each cycling dup/free on its own parent; as many ids are left free. */
    private static final int THREADS = 4;
    private static final int ROUNDS = 2500;
    /**
     * Phase 2 runs in waves of fresh threads released together: dups collide most when threads start at once.
     * More waves expose more (the naive retry failed 10, 20 and 32 runs of 40 with 10, 25 and 100 waves), but
     * cost MPICH about 0.11 s each (its dups contend at every start): 25 waves take it 4.4 s of the 20 s bound.
     */
    private static final int WAVES = 25;
    private static final int ROUNDS_PER_WAVE = ROUNDS / WAVES;
    /** Every CHECK-th communicator of phase 2 is checked; the others are freed at once, so the dups collide often. */
    private static final int CHECK = 50;

    ContextIdExhaustionScenario() {
        super("context-id-exhaustion", "dup until no context id is left (an error, not a hang), then " + THREADS + " threads "
                        + "share the last " + THREADS + " ids", "Gropp & Thakur §5.2, §5.3 (Fig. 3 retries forever when ids run out)",
                2, 4, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "dup until refused: an error on every rank at the same count, not a hang; then 4 threads share "
                + "the last 4 ids 2500 times each, in 25 waves of fresh threads released together (dups collide "
                + "most when threads start at once): any refusal is spurious";
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
        long[] parents = new long[THREADS];
        for (int t = 0; t < THREADS; t++) parents[t] = mpi.commDup(world);
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
        if (refusal != null && held.size() >= THREADS) {
            for (int k = 0; k < THREADS; k++) mpi.commFree(held.remove(held.size() - 1));
            long phaseEnd = System.nanoTime() + deadline().toNanos();
            AtomicBoolean refused = new AtomicBoolean();
            for (int w = 0; w < WAVES && !refused.get(); w++) {
                int wave = w;
                CountDownLatch start = new CountDownLatch(THREADS);
                Workers.run(THREADS, Duration.ofNanos(Math.max(1, phaseEnd - System.nanoTime())), t -> {
                    start.countDown();
                    // released together, so the first dups of every wave collide: only an alignment, bounded
                    start.await(Math.max(0, phaseEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
                    for (int r = 0; r < ROUNDS_PER_WAVE; r++) {
                        int i = wave * ROUNDS_PER_WAVE + r;
                        long d;
                        try {
                            d = mpi.commDup(parents[t]);
                        } catch (AuditException e) {
                            report.evidence("rank " + me + " thread " + t + " dup #" + i + " refused with " + THREADS + " ids free for "
                                    + THREADS + " threads, each holding at most one: " + e.getMessage());
                            refused.set(true);  // collective: the partner's rank stops after this wave too
                            return; // the partner thread on the other rank sees the same refusal: MPI errors are collective here
                        }
                        if (i % CHECK == 0) {
                            NewComms.check(mpi, d, "rank " + me + " thread " + t, "dup #" + i + " on parent " + t,
                                    t * 10_000 + i, me, 0b11, report);
                        }
                        mpi.commFree(d);
                    }
                });
            }
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
                + reports.get(0).fact("refusal") + "); " + THREADS + " threads then shared the last " + THREADS + " ids " + ROUNDS + " times each");
    }
}
