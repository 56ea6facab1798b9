package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Many threads and wildcards: on three ranks, {@code T} sender threads each send a numbered stream to
 * every other rank on tag {@code t}, while {@code T} receiver threads take them, receiver {@code t}
 * with {@code (ANY_SOURCE, t)}. Then one receiver per rank takes a second round with
 * {@code (ANY_SOURCE, ANY_TAG)}. Nothing may be lost or duplicated, checksums must hold, and each
 * (sender rank, sender thread) stream must arrive in the order sent — MPI's non-overtaking rule, which
 * a single receiver of a (source, tag) pair can observe.
 */
final class WildcardScenario extends CatalogScenario {
    private static final int THREADS = 3;
    private static final int MESSAGES = 120;

    WildcardScenario() {
        super("wildcard-many-threads", "wildcard receives on " + THREADS + " threads while " + THREADS
                        + " threads per rank send: nothing lost or duplicated, checksums intact, order kept",
                "Gropp & Thakur §3; MPI-3.1 §3.5 (non-overtaking)", 3, 2, 20, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "3 sender and 3 receiver threads per rank with `(ANY_SOURCE, t)`, then one `(ANY_SOURCE, "
                + "ANY_TAG)` receiver; nothing lost or duplicated, checksums intact, per-sender order kept";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Matching hash table", "core `HASH_TABLE` columns"),
                Algorithm.of("Posted/unexpected queues"), Algorithm.of("Matching engines' context lock"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int n = mpi.commSize(world);
        RankReport.Builder report = new RankReport.Builder(me);
        long second = mpi.commDup(world);
        // Round 1: receiver t takes tag t from any source.
        Workers.run(2 * THREADS, deadline(), w -> {
            int t = w % THREADS;
            if (w < THREADS) {
                send(mpi, world, me, n, t);
            } else {
                int[] next = new int[n];
                int[] buf = new int[Payload.HEADER + 64];
                for (int k = 0; k < (n - 1) * MESSAGES; k++) {
                    AuditStatus st = mpi.recv(world, buf, buf.length, AuditMpi.ANY_SOURCE, t);
                    check(report, "rank " + me + " receiver " + t, st, buf, t, next);
                }
            }
        });
        // Round 2: one receiver takes everything with (ANY_SOURCE, ANY_TAG).
        Workers.run(THREADS + 1, deadline(), w -> {
            if (w < THREADS) {
                send(mpi, second, me, n, w);
            } else {
                int[][] next = new int[THREADS][n];
                int[] buf = new int[Payload.HEADER + 64];
                for (int k = 0; k < (n - 1) * MESSAGES * THREADS; k++) {
                    AuditStatus st = mpi.recv(second, buf, buf.length, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
                    int tag = st.tag();
                    if (tag < 0 || tag >= THREADS) {
                        report.evidence("rank " + me + " (ANY_TAG) received a message with tag " + tag);
                        continue;
                    }
                    check(report, "rank " + me + " wildcard receiver", st, buf, tag, next[tag]);
                }
            }
        });
        mpi.commFree(second);
        report.fact("received", 2L * (n - 1) * MESSAGES * THREADS);
        return report.build();
    }

    private static void send(AuditMpi mpi, long comm, int me, int n, int t) {
        for (int i = 0; i < MESSAGES; i++) {
            for (int d = 1; d < n; d++) {
                int dest = (me + d) % n;
                int[] m = Payload.make(me, t, i, Payload.HEADER + (i * 3 + dest + t) % 60);
                mpi.send(comm, m, m.length, dest, t);
            }
        }
    }

    /** next[src] is the sequence number expected next from (src, thread tag). */
    private static void check(RankReport.Builder report, String who, AuditStatus st, int[] buf, int tag, int[] next) {
        String bad = Payload.check(buf, st.count());
        if (bad != null) {
            report.evidence(who + " received a damaged message: " + bad);
            return;
        }
        int src = st.source();
        if (src < 0 || src >= next.length || Payload.source(buf) != src || Payload.thread(buf) != tag) {
            report.evidence(who + ": status (src " + src + ", tag " + st.tag() + ") but the payload is "
                    + Payload.describe(buf));
            return;
        }
        int seq = Payload.seq(buf);
        if (seq < next[src]) {
            report.evidence(who + " received (src " + src + ", thread " + tag + ", seq " + seq + ") twice or after a later one");
        } else if (seq > next[src]) {
            report.evidence(who + " received (src " + src + ", thread " + tag + ", seq " + seq + ") before seq " + next[src]
                    + " (lost or overtaken)");
            next[src] = seq + 1;
        } else {
            next[src]++;
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "received") + " wildcard receives: nothing lost or duplicated,"
                + " checksums intact, per-sender order kept", "a wildcard receive lost, duplicated, damaged or reordered");
    }
}
