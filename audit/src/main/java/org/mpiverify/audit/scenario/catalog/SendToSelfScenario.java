package org.mpiverify.audit.scenario.catalog;

import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Sends to self from many threads (MPICH's {@code threads/pt2pt/sendselfth.c}, a thread sends to
 * its own process while the main thread probes {@code (ANY_SOURCE, ANY_TAG)} and receives, and {@code alltoall.c},
 * a fresh listener thread per iteration receives from every process, itself included, while the main thread
 * sends). On each of two ranks, first: threads 0 and 1 send {@value #MESSAGES} messages each to their own rank,
 * rotating through {@code send}, {@code isend}, {@code ssend} and {@code issend} (synchronous sends to self: they
 * complete only once another thread's receive matched them), every 15th one rendezvous-sized and every 10th one
 * empty; thread 2 receives thread 0's with {@code (me, tag)}, thread 3 thread 1's after a blocking {@code probe}
 * with {@code ANY_SOURCE}, receiving by the probed source and size. Then {@value #ITERATIONS} times: a listener
 * thread receives one message from every rank with {@code ANY_SOURCE} while another thread sends one to every
 * rank, its own included, then a barrier. Every message must arrive intact, in order, from the rank itself.
 */
final class SendToSelfScenario extends CatalogScenario {
    static final String ID = "p2p-send-to-self";
    private static final int MESSAGES = 60;
    private static final int ITERATIONS = 20;
    private static final int LARGE = 5000;
    private static final int SELF_TAG = 50, ALL_TAG = 60;

    SendToSelfScenario() {
        super(ID, "sends to self from 2 threads per rank (send, isend, ssend, issend; empty and rendezvous-sized) "
                        + "received by 2 others, one probing ANY_SOURCE; then every rank sends to every rank, itself "
                        + "included, while a fresh listener thread receives",
                "MPICH test/mpi/threads/pt2pt/sendselfth.c, alltoall.c", 2, 2, 10, Catalog.SHORT_DEADLINE);
    }

    @Override
    public String holds() {
        return "2 threads per rank send 60 messages each to their own rank (send, isend, ssend, issend; every "
                + "10th empty, every 15th 5000 ints), 2 others receive them (one by `(me, tag)`, one after "
                + "`probe(ANY_SOURCE, tag)`); then 20 times a fresh listener thread receives one message from every "
                + "rank, itself included, with `ANY_SOURCE` while another thread sends them";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Posted/unexpected queues"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int n = mpi.commSize(world);
        RankReport.Builder report = new RankReport.Builder(me);
        Workers.run(4, deadline(), t -> {
            if (t < 2) sendToSelf(mpi, world, me, t);
            else receiveFromSelf(mpi, report, world, me, t - 2);
        });
        for (int it = 0; it < ITERATIONS; it++) {
            int iteration = it;
            Workers.run(2, deadline(), t -> {
                if (t == 0) listen(mpi, report, world, me, n, iteration);
                else {
                    for (int d = 0; d < n; d++) {
                        int[] m = Payload.make(me, 1, iteration, Payload.HEADER + (iteration + d) % 20);
                        mpi.send(world, m, m.length, d, ALL_TAG);
                    }
                }
            });
            mpi.barrier(world);
        }
        report.fact("self", 2 * MESSAGES);
        report.fact("all", (long) ITERATIONS * n);
        return report.build();
    }

    private static int length(int i) {
        return i % 10 == 9 ? 0 : i % 15 == 14 ? LARGE : Payload.HEADER + (i * 7) % 40;
    }

    private static void sendToSelf(AuditMpi mpi, long world, int me, int t) {
        for (int i = 0; i < MESSAGES; i++) {
            int length = length(i);
            int[] m = length == 0 ? new int[0] : Payload.make(me, t, i, length);
            int tag = SELF_TAG + t;
            switch (i % 4) {
                case 0 -> mpi.send(world, m, length, me, tag);
                case 1 -> mpi.waitFor(mpi.isend(world, m, length, me, tag));
                case 2 -> mpi.ssend(world, m, length, me, tag);
                default -> mpi.waitFor(mpi.issend(world, m, length, me, tag));
            }
        }
    }

    /** Receiver {@code t} takes sender {@code t}'s messages: by source and tag, or (t = 1) probe(ANY_SOURCE) first. */
    private static void receiveFromSelf(AuditMpi mpi, RankReport.Builder report, long world, int me, int t) {
        int tag = SELF_TAG + t;
        int[] buf = new int[LARGE];
        for (int i = 0; i < MESSAGES; i++) {
            String who = "rank " + me + " receiver " + t + " (message " + i + " to self)";
            int count = buf.length;
            int source = me;
            if (t == 1) {
                AuditStatus p = mpi.probe(world, AuditMpi.ANY_SOURCE, tag);
                if (p.source() != me || p.tag() != tag || p.count() != length(i)) {
                    report.evidence(who + ": probe(ANY_SOURCE, " + tag + ") saw (" + p.source() + ", tag " + p.tag()
                            + ", " + p.count() + " ints), expected (" + me + ", tag " + tag + ", " + length(i) + " ints)");
                }
                count = Math.max(0, Math.min(p.count(), buf.length));
                source = p.source() == me ? me : AuditMpi.ANY_SOURCE;
            }
            AuditStatus st = i % 2 == 0 ? mpi.recv(world, buf, count, source, tag)
                    : mpi.waitFor(mpi.irecv(world, buf, count, source, tag));
            if (length(i) == 0) {
                if (st.source() != me || st.tag() != tag || st.count() != 0) {
                    report.evidence(who + ": the empty message came with status (" + st.source() + ", tag " + st.tag()
                            + ", " + st.count() + " ints)");
                }
            } else {
                Expect.message(report, who, st, buf, me, tag, me, t, i);
            }
        }
    }

    /** alltoall.c's listener: one message from every rank, itself included, with ANY_SOURCE. */
    private static void listen(AuditMpi mpi, RankReport.Builder report, long world, int me, int n, int iteration) {
        boolean[] seen = new boolean[n];
        int[] buf = new int[Payload.HEADER + 32];
        for (int k = 0; k < n; k++) {
            AuditStatus st = mpi.recv(world, buf, buf.length, AuditMpi.ANY_SOURCE, ALL_TAG);
            String who = "rank " + me + " listener of iteration " + iteration;
            int src = st.source();
            if (src < 0 || src >= n || seen[src]) {
                report.evidence(who + ": a message from rank " + src + (src >= 0 && src < n ? " twice" : ""));
                continue;
            }
            seen[src] = true;
            Expect.message(report, who, st, buf, src, ALL_TAG, src, 1, iteration);
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "self") + " messages to self (a quarter synchronous) and "
                        + sum(reports, "all") + " to every rank, itself included, each received once, intact, in order",
                "a message to self was lost, damaged or misdelivered");
    }
}
