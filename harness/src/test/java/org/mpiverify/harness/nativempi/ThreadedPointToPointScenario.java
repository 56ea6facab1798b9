package org.mpiverify.harness.nativempi;

import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/**
 * Two ranks, four platform threads each at {@code MPI_THREAD_MULTIPLE}: thread t of each rank
 * exchanges {@link #MESSAGES} messages with thread t of the other rank on tag t (isend, recv, wait).
 * Each receiver checks sender, thread and sequence number of every payload (MPI's non-overtaking
 * order per sender thread) and reports a checksum of what it received; the judge compares the
 * checksums with what the other rank must have sent.
 */
public final class ThreadedPointToPointScenario extends TestScenario {
    static final int THREADS = 4, MESSAGES = 200, LENGTH = 8;

    /** The payload rank {@code from}'s thread {@code t} sends as message {@code i}. */
    static int[] payload(int from, int t, int i) {
        int[] p = new int[LENGTH];
        p[0] = from;
        p[1] = t;
        p[2] = i;
        for (int k = 3; k < LENGTH; k++) p[k] = from * 1_000_003 + t * 7919 + i * 31 + k;
        return p;
    }

    static long checksum(int[] p) {
        long h = 17;
        for (int v : p) h = h * 1_000_003 + v;
        return h;
    }

    static long expectedChecksum(int from, int t) {
        long sum = 0;
        for (int i = 0; i < MESSAGES; i++) sum += checksum(payload(from, t, i));
        return sum;
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        int provided = mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int rank = mpi.commRank(world), other = 1 - rank;
        RankReport.Builder report = new RankReport.Builder(rank).fact("provided", provided);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int tag = t;
            threads.add(Thread.ofPlatform().name("p2p-" + rank + "-" + t).start(() -> {
                long sum = 0;
                int received = 0, disorder = 0;
                int[] in = new int[LENGTH];
                for (int i = 0; i < MESSAGES; i++) {
                    long req = mpi.isend(world, payload(rank, tag, i), LENGTH, other, tag);
                    var st = mpi.recv(world, in, LENGTH, other, tag);
                    mpi.waitFor(req);
                    if (st.source() != other || st.tag() != tag || st.count() != LENGTH) {
                        report.evidence("thread " + tag + " message " + i + ": status " + st);
                    }
                    if (in[0] != other || in[1] != tag || in[2] != i) disorder++;
                    sum += checksum(in);
                    received++;
                }
                report.fact("received." + tag, received).fact("checksum." + tag, sum).fact("disorder." + tag, disorder);
            }));
        }
        for (Thread th : threads) th.join();
        return report.build();
    }

    @Override
    public Verdict judge(List<RankReport> reports) {
        Verdict base = super.judge(reports);
        if (base.outcome() != Outcome.PASS) return base;
        List<String> wrong = new ArrayList<>();
        for (RankReport r : reports) {
            int from = 1 - r.rank();
            for (int t = 0; t < THREADS; t++) {
                if (r.longFact("received." + t) != MESSAGES) wrong.add("rank " + r.rank() + " thread " + t + " received " + r.fact("received." + t));
                if (r.longFact("checksum." + t) != expectedChecksum(from, t)) wrong.add("rank " + r.rank() + " thread " + t + " checksum " + r.fact("checksum." + t));
                if (r.longFact("disorder." + t) != 0) wrong.add("rank " + r.rank() + " thread " + t + " out of order " + r.fact("disorder." + t));
            }
            wrong.addAll(r.evidence());
        }
        return wrong.isEmpty() ? Verdict.pass(THREADS * MESSAGES + " messages per rank delivered, in order")
                : Verdict.fail(wrong.size() + " discrepancies", wrong);
    }
}
