package org.mpiverify.audit.scenario.catalog;

import java.util.Arrays;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * {@code MPI_Cancel} of a receive that a message races to match, while other threads communicate (MPI-3.1
 * §3.8.4: a cancelled receive either is cancelled, and the message stays for another receive, or
 * completes normally, never both). On two ranks, threads 0 and 1 of each rank cancel; threads 2 and 3 send to
 * the other rank's cancellers. Each round a canceller posts an {@code irecv} for its partner's message {@code k},
 * tells the partner (on a second communicator) to send it now, spins a different short while each round, cancels,
 * and waits: the message arrives around the cancel. Every fourth round it cancels only after the partner said it has sent the message, so the cancel comes
 * too late on an implementation that matched at arrival. Then exactly one of these must hold:
 * <ul>
 *   <li>the receive was cancelled, its buffer untouched, and message {@code k} is the next one a receive of that
 *       (communicator, source, tag) gets;</li>
 *   <li>it was not cancelled and its status and buffer are message {@code k}.</li>
 * </ul>
 * A message lost shows as the partner's round-end marker arriving instead of {@code k}; one delivered and
 * cancelled both, as a cancelled receive whose buffer holds {@code k}. Every fifth message is rendezvous-sized.
 * Then, as MPICH's {@code threads/pt2pt/mt_mpicancel.c}, each canceller posts receives nobody sends to on a
 * communicator of its own, cancels them all and completes them with one {@code waitAll}: each must be cancelled.
 * Last, each canceller exchanges a message with the other rank's: the thread whose cancels failed goes on.
 */
final class CancelRaceScenario extends CatalogScenario {
    static final String ID = "p2p-cancel-race";
    private static final int CANCELLERS = 2;
    private static final int ROUNDS = 40;
    private static final int UNMATCHED = 20;
    private static final int LARGE = 5000;
    private static final int DATA_TAG = 10, GO_TAG = 20, SENT_TAG = 30, EXCHANGE_TAG = 40;
    private static final int ROUND_END = 1_000_000;

    CancelRaceScenario() {
        super(ID, "cancel of receives that a message races to match, from " + CANCELLERS + " threads per rank while "
                        + CANCELLERS + " others send: cancelled and still receivable, or received; never lost or both",
                "MPI-3.1 §3.8.4; MPICH test/mpi/threads/pt2pt/mt_mpicancel.c", 2, 2, 10,
                Catalog.SHORT_DEADLINE);
    }

    @Override
    public String holds() {
        return "2 canceller threads per rank post an `irecv`, tell the other rank's sender thread to send now "
                + "(second communicator), spin a different short while, cancel and wait; every 4th round only after "
                + "the sender said it sent (too late). Exactly one of: cancelled, buffer untouched, and the message "
                + "is the next one received; or not cancelled and received. A lost message shows as the sender's "
                + "round-end marker arriving instead. Then 20 receives nobody sends to on a communicator of the "
                + "thread's own, cancelled, one `waitAll`: all cancelled; then an exchange";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Posted/unexpected queues", "core twin `CancelMissKeepsLockEngine`"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        long data = mpi.commDup(world);
        long control = mpi.commDup(world);
        long[] own = new long[CANCELLERS];
        for (int t = 0; t < CANCELLERS; t++) own[t] = mpi.commDup(world);
        int[] cancelled = new int[CANCELLERS];
        Workers.run(2 * CANCELLERS, deadline(), w -> {
            if (w < CANCELLERS) {
                cancelled[w] = cancel(mpi, report, data, control, me, other, w);
                unmatched(mpi, report, own[w], me, other, w);
                int[] out = Payload.make(me, w, 0, Payload.HEADER + 2);
                int[] in = new int[Payload.HEADER + 8];
                AuditStatus st = mpi.sendrecv(data, out, out.length, other, EXCHANGE_TAG + w, in, in.length, other,
                        EXCHANGE_TAG + w);
                Expect.message(report, "rank " + me + " canceller " + w + " (the exchange after the cancels)", st, in,
                        other, EXCHANGE_TAG + w, other, w, 0);
            } else {
                send(mpi, data, control, me, other, w - CANCELLERS);
            }
        });
        mpi.commFree(data);
        mpi.commFree(control);
        for (long c : own) mpi.commFree(c);
        report.fact("cancelled", Arrays.stream(cancelled).sum());
        report.fact("rounds", CANCELLERS * ROUNDS);
        return report.build();
    }

    /** Canceller {@code t}: returns how many of its racing cancels took effect. */
    private static int cancel(AuditMpi mpi, RankReport.Builder report, long data, long control, int me, int other,
                              int t) {
        int tag = DATA_TAG + t;
        int partner = t + CANCELLERS;   // the sending thread's number on the other rank
        int won = 0;
        int[] go = new int[1];
        for (int k = 0; k < ROUNDS; k++) {
            String who = "rank " + me + " canceller " + t + " round " + k;
            int[] buf = new int[LARGE];
            Arrays.fill(buf, -1);
            long r = mpi.irecv(data, buf, buf.length, other, tag);
            go[0] = k;
            mpi.send(control, go, 1, other, GO_TAG + t);
            if (k % 4 == 3) {
                mpi.recv(control, new int[1], 1, other, SENT_TAG + t); // the message is on its way: too late
            } else {
                jitter(k);   // the cancel lands at a different point of the message's way each round
            }
            mpi.cancel(r);
            AuditStatus st = mpi.waitFor(r);
            boolean endSeen = false;
            if (st.cancelled()) {
                won++;
                if (Payload.check(buf, buf.length) == null || buf[0] != -1 && buf[2] == k) {
                    report.evidence(who + ": the receive was cancelled but its buffer holds " + Payload.describe(buf)
                            + ": delivered and cancelled both");
                }
                int[] again = new int[LARGE];
                AuditStatus s2 = mpi.recv(data, again, again.length, other, tag);
                endSeen = s2.count() > Payload.HEADER - 1 && Payload.seq(again) == ROUND_END + k;
                if (endSeen) {
                    report.evidence(who + ": the receive was cancelled and its message (src " + other + ", thread "
                            + partner + ", seq " + k + ") is lost: the next receive got the round-end marker");
                } else {
                    Expect.message(report, who + " (cancelled; its message received afterwards)", s2, again, other, tag,
                            other, partner, k);
                }
            } else {
                Expect.message(report, who + " (not cancelled: received)", st, buf, other, tag, other, partner, k);
            }
            if (!endSeen) {
                int[] end = new int[Payload.HEADER + 1];
                AuditStatus s3 = mpi.recv(data, end, end.length, other, tag);
                Expect.message(report, who + " (the round-end marker)", s3, end, other, tag, other, partner, ROUND_END + k);
            }
        }
        return won;
    }

    /**
     * A bounded spin of 0 to a few milliseconds, different each round: not synchronization (nothing waits for
     * anything), only a spread of the points at which the cancel meets the message, so that both outcomes occur.
     */
    private static void jitter(int k) {
        int spins = (k * 7919) % 150_000;
        for (int i = 0; i < spins; i++) Thread.onSpinWait();
    }

    /** Sender {@code t} (thread {@code t + CANCELLERS}): message {@code k} when told, then the round-end marker. */
    private static void send(AuditMpi mpi, long data, long control, int me, int other, int t) {
        int tag = DATA_TAG + t;
        int[] go = new int[1];
        for (int k = 0; k < ROUNDS; k++) {
            mpi.recv(control, go, 1, other, GO_TAG + t);
            int[] msg = Payload.make(me, t + CANCELLERS, k, k % 5 == 4 ? LARGE : Payload.HEADER + (k * 3) % 40);
            if (k % 4 == 3) {
                long s = mpi.isend(data, msg, msg.length, other, tag);
                mpi.send(control, new int[] {k}, 1, other, SENT_TAG + t);
                mpi.waitFor(s);
            } else {
                mpi.send(data, msg, msg.length, other, tag);
            }
            int[] end = Payload.make(me, t + CANCELLERS, ROUND_END + k, Payload.HEADER + 1);
            mpi.send(data, end, end.length, other, tag);
        }
    }

    /** MPICH's mt_mpicancel: receives nobody sends to, on a communicator of the thread's own, all cancelled. */
    private static void unmatched(AuditMpi mpi, RankReport.Builder report, long comm, int me, int other, int t) {
        int[][] bufs = new int[UNMATCHED][4];
        long[] reqs = new long[UNMATCHED];
        for (int i = 0; i < UNMATCHED; i++) reqs[i] = mpi.irecv(comm, bufs[i], 4, other, 1);
        for (long r : reqs) mpi.cancel(r);
        AuditStatus[] st = mpi.waitAll(reqs);
        for (int i = 0; i < UNMATCHED; i++) {
            if (!st[i].cancelled()) {
                report.evidence("rank " + me + " canceller " + t + ": unmatched receive " + i + " on its own communicator"
                        + " was not cancelled (status source " + st[i].source() + ", tag " + st[i].tag() + ", count "
                        + st[i].count() + (st[i].error() != 0 ? ", " + st[i].errorName() : "") + ")");
            }
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        long rounds = sum(reports, "rounds");
        long won = sum(reports, "cancelled");
        return passUnlessEvidence(reports, rounds + " cancels raced their message: " + won + " cancelled (the message"
                        + " received afterwards), " + (rounds - won) + " too late (the message received); none lost or"
                        + " both; every unmatched receive cancelled",
                "a cancel lost a message, delivered it twice, or disturbed the traffic");
    }
}
