package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;
import org.mpiverify.results.Outcome;

/**
 * Hoefler et al. §2 and §3 under load: rank 1's sender threads send messages of varying length on one
 * tag; rank 0's receiver threads take them with a wildcard source.
 *
 * <ul>
 *   <li>{@code probe-recv-false-match}: each receiver calls {@code probe(ANY_SOURCE, tag)} and then
 *       {@code recv(status.source, status.tag)}. Another thread can receive the probed message in
 *       between, so the receive gets a different one (a "false match", seen here as a length that
 *       differs from the probed one) — the standard allows this, so it is a HAZARD, not a FAIL. A
 *       receive can also be left waiting for a message that was stolen: after the last real message,
 *       rank 1 sends one "poison" message per receiver thread, which ends every receiver, probing or
 *       stuck.</li>
 *   <li>{@code mprobe-exactly-once}: half the receivers use {@code mprobe}+{@code mrecv}, half
 *       {@code improbe}+{@code imrecv}, each receiving into a buffer of exactly the probed length.
 *       Matched probe removes the message from matching, so every message must arrive exactly once and
 *       as probed; anything else is a FAIL.</li>
 * </ul>
 * In both, a message lost, received twice or damaged is a FAIL.
 */
final class ProbeLoadScenario extends CatalogScenario {
    private static final int SENDERS = 2;
    private static final int RECEIVERS = 4;
    private static final int MESSAGES = 300;   // per sender thread
    private static final int TAG = 7;
    private static final int DONE_TAG = 8;
    private static final int POISON = -7777;
    private static final int MAX = Payload.HEADER + 64;

    private final boolean matched;

    /** The catalog's scenarios of this class ({@link Catalog}): with probe and with matched probe. */
    static List<CatalogScenario> variants() {
        return List.of(new ProbeLoadScenario(false), new ProbeLoadScenario(true));
    }

    ProbeLoadScenario(boolean matched) {
        super(matched ? "mprobe-exactly-once" : "probe-recv-false-match",
                matched ? "mprobe/mrecv and improbe/imrecv from " + RECEIVERS + " threads with a wildcard source"
                        : "probe then recv from " + RECEIVERS + " threads with a wildcard source",
                matched ? "Hoefler et al. §3 (matched probe), Listing 1.6" : "Hoefler et al. §2 (probe/recv race)",
                2, matched ? 2 : 3, 20, Duration.ofSeconds(20));
        this.matched = matched;
    }

    @Override
    public String holds() {
        return matched
                ? "the load of `probe-recv-false-match` with mprobe/mrecv and improbe/imrecv into buffers of "
                  + "exactly the probed size: every message exactly once, as probed"
                : "4 threads `probe(ANY_SOURCE)` then `recv(status.source, status.tag)` under load; a receive that "
                  + "gets another message than probed is a **HAZARD** (allowed by MPI), with the pairs as evidence; "
                  + "loss, duplication, damage are FAIL. Poison messages end receivers a stolen message left waiting";
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
        if (me == 1) {
            Workers.run(SENDERS, deadline(), t -> {
                for (int i = 0; i < MESSAGES; i++) {
                    int[] m = Payload.make(1, t, i, Payload.HEADER + (i * 13 + t * 5) % 64);
                    mpi.send(world, m, m.length, 0, TAG);
                }
            });
            mpi.recv(world, new int[1], 1, 0, DONE_TAG);
            for (int i = 0; i < RECEIVERS; i++) mpi.send(world, new int[] {POISON}, 1, 0, TAG);
            return report.build();
        }
        int total = SENDERS * MESSAGES;
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger received = new AtomicInteger();
        AtomicInteger falseMatches = new AtomicInteger();
        AtomicInteger duplicates = new AtomicInteger();
        CountDownLatch allReceived = new CountDownLatch(1);
        List<String> hazards = java.util.Collections.synchronizedList(new ArrayList<>());
        Workers.run(RECEIVERS + 1, deadline(), t -> {
            if (t == RECEIVERS) { // coordinator: once everything arrived, ask rank 1 for the poison messages
                if (!allReceived.await(deadline().toMillis(), TimeUnit.MILLISECONDS)) {
                    report.evidence("rank 0: only " + received.get() + " of " + total + " messages arrived");
                }
                mpi.send(world, new int[1], 1, 1, DONE_TAG);
                return;
            }
            String who = "rank 0 thread " + t;
            while (true) {
                int[] buf;
                AuditStatus probed;
                AuditStatus got;
                if (matched) {
                    AuditStatus[] ps = new AuditStatus[1];
                    long msg;
                    if (t % 2 == 0) {
                        msg = mpi.mprobe(world, AuditMpi.ANY_SOURCE, TAG, ps);
                    } else {
                        while ((msg = mpi.improbe(world, AuditMpi.ANY_SOURCE, TAG, ps)) == AuditMpi.MESSAGE_NULL) {
                            Thread.yield();
                        }
                    }
                    probed = ps[0];
                    buf = new int[Math.max(1, probed.count())]; // exactly the probed length, as a real program would
                    got = t % 2 == 0 ? mpi.mrecv(msg, buf, probed.count())
                            : mpi.waitFor(mpi.imrecv(msg, buf, probed.count()));
                } else {
                    probed = mpi.probe(world, AuditMpi.ANY_SOURCE, TAG);
                    buf = new int[MAX]; // room for any message, so a false match shows instead of truncating
                    got = mpi.recv(world, buf, MAX, probed.source(), probed.tag());
                }
                if (got.count() == 1 && buf[0] == POISON) return;
                String bad = Payload.check(buf, got.count());
                if (bad != null) {
                    report.evidence(who + " received a damaged message: " + bad);
                    continue;
                }
                if (got.count() != probed.count()) {
                    String line = who + " probed a " + probed.count() + "-int message from rank " + probed.source()
                            + " but received " + Payload.describe(buf);
                    falseMatches.incrementAndGet();
                    if (matched) report.evidence(line + " (matched probe must deliver the probed message)");
                    else if (hazards.size() < 20) hazards.add(line);
                }
                long key = (long) Payload.thread(buf) << 32 | Payload.seq(buf);
                if (!seen.add(key)) {
                    duplicates.incrementAndGet();
                    report.evidence(who + " received " + Payload.describe(buf) + " twice");
                }
                if (received.incrementAndGet() == total) allReceived.countDown();
            }
        });
        if (seen.size() != total) {
            for (int s = 0; s < SENDERS; s++) {
                for (int i = 0; i < MESSAGES; i++) {
                    if (!seen.contains((long) s << 32 | i)) {
                        report.evidence("rank 0 never received message (src 1, thread " + s + ", seq " + i + ")");
                    }
                }
            }
        }
        report.fact("received", seen.size()).fact("total", total).fact("falseMatches", falseMatches.get())
                .fact("duplicates", duplicates.get());
        for (int i = 0; i < hazards.size(); i++) report.fact("hazard." + i, hazards.get(i));
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        RankReport r0 = reports.get(0);
        Verdict v = passUnlessEvidence(reports, "", "messages lost, duplicated, damaged"
                + (matched ? " or not as probed" : ""));
        if (v.outcome() != Outcome.PASS) return v;
        long falseMatches = r0.longFact("falseMatches");
        long total = r0.longFact("total");
        if (falseMatches > 0) {
            List<String> evidence = new ArrayList<>();
            r0.facts().forEach((k, val) -> { if (k.startsWith("hazard.")) evidence.add(val); });
            evidence.sort(null);
            return Verdict.hazard(falseMatches + " of " + total + " probe-then-recv pairs received another message"
                    + " than the one probed (allowed by MPI; a program sizing its buffer by the probe would truncate)",
                    evidence);
        }
        return Verdict.pass(matched ? "all " + total + " messages received exactly once, each as probed"
                : "no false match observed in " + total + " probe-then-recv pairs (the standard allows them)");
    }
}
