package org.mpiverify.audit.scenario.catalog;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * The arrangements of MPICH's {@code threads/pt2pt/mt_pt2pt_common.c} (the {@code mt_sendrecv}, {@code mt_ssendrecv},
 * {@code mt_isendirecv} and {@code mt_issendirecv} tests) that the per-thread-tag scenarios leave out, and
 * {@code multisend.c}'s empty messages. On two ranks with 4 threads each:
 * <ul>
 *   <li>same communicator, same tag: the 4 threads of one rank send {@value #ITER} messages each to the other rank on
 *       one (communicator, tag) — thread 0 with {@code send}, 1 {@code ssend}, 2 all its {@code isend}s then one
 *       {@code waitAll}, 3 likewise with {@code issend} (MPICH: "stress MPI_Waitall from multiple threads") — while
 *       the other rank's 4 threads receive them, 0 and 2 with {@code recv}, 1 and 3 with all their {@code irecv}s and
 *       one {@code waitAll}; then the other way round. Which thread gets which message is free, but every message
 *       must arrive exactly once, intact, and each receiving thread must get each sender thread's messages in the
 *       order sent (MPI's non-overtaking rule, observable by one receiver);</li>
 *   <li>a communicator per thread, same tag: thread {@code t} of each rank ping-pongs {@value #ITER} messages with
 *       thread {@code t} of the other on its own communicator, rotating through send, ssend, isend and issend, every
 *       10th message empty, every 15th rendezvous-sized: each in order, intact, with the right status.</li>
 * </ul>
 */
final class SharedTagScenario extends CatalogScenario {
    static final String ID = "p2p-shared-tag";
    private static final int THREADS = 4;
    private static final int ITER = 60;
    private static final int LARGE = 5000;
    private static final int TAG = 0;

    SharedTagScenario() {
        super(ID, THREADS + " threads per rank on one (communicator, tag) with send, ssend, isend+waitAll and "
                        + "issend+waitAll, then each on a communicator of its own with the same tag (empty and "
                        + "rendezvous-sized messages among them)",
                "MPICH test/mpi/threads/pt2pt/mt_pt2pt_common.c (same comm and tag; per-thread comm), mt_sendrecv_impl.c,"
                        + " multisend.c", 2, 2, 10, Catalog.SHORT_DEADLINE);
    }

    @Override
    public String holds() {
        return "4 threads per rank send 60 messages each on one (communicator, tag) with send, ssend, "
                + "isend+`waitAll`, issend+`waitAll` while the other rank's 4 threads receive (recv, or "
                + "irecvs+`waitAll`), then the other way: each message once, intact, each receiver getting each "
                + "sender thread's messages in order; then a communicator per thread, same tag, ping-pong with "
                + "empty and 5000-int messages";
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
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        long shared = mpi.commDup(world);
        long[] own = new long[THREADS];
        for (int t = 0; t < THREADS; t++) own[t] = mpi.commDup(world);
        for (int sender = 0; sender < 2; sender++) {
            int from = sender;
            ConcurrentHashMap<Long, String> got = new ConcurrentHashMap<>();
            Workers.run(THREADS, deadline(), t -> {
                if (me == from) send(mpi, shared, me, other, t);
                else receive(mpi, report, shared, me, other, t, got);
            });
            if (me != from) {
                for (int t = 0; t < THREADS; t++) {
                    for (int i = 0; i < ITER; i++) {
                        if (!got.containsKey(key(t, i))) {
                            report.evidence("rank " + me + ": (src " + other + ", thread " + t + ", seq " + i
                                    + ") on the shared (communicator, tag) never arrived");
                        }
                    }
                }
            }
            mpi.barrier(world);
        }
        Workers.run(THREADS, deadline(), t -> pingPong(mpi, report, own[t], me, other, t));
        mpi.commFree(shared);
        for (long c : own) mpi.commFree(c);
        report.fact("messages", THREADS * ITER);   // received by this rank on the shared (communicator, tag)
        return report.build();
    }

    private static long key(int thread, int seq) {
        return ((long) thread << 32) | seq;
    }

    private static int length(int i, int t) {
        return i % 15 == 14 ? LARGE : Payload.HEADER + (i * 7 + t) % 40;
    }

    private static void send(AuditMpi mpi, long comm, int me, int other, int t) {
        long[] reqs = new long[ITER];
        for (int i = 0; i < ITER; i++) {
            int[] m = Payload.make(me, t, i, length(i, t));
            switch (t) {
                case 0 -> mpi.send(comm, m, m.length, other, TAG);
                case 1 -> mpi.ssend(comm, m, m.length, other, TAG);
                case 2 -> reqs[i] = mpi.isend(comm, m, m.length, other, TAG);
                default -> reqs[i] = mpi.issend(comm, m, m.length, other, TAG);
            }
        }
        if (t >= 2) mpi.waitAll(reqs);
    }

    private static void receive(AuditMpi mpi, RankReport.Builder report, long comm, int me, int other, int t,
                                ConcurrentHashMap<Long, String> got) {
        String who = "rank " + me + " receiver " + t + " (shared communicator and tag)";
        int[] last = {-1, -1, -1, -1};
        int[][] bufs = new int[ITER][];
        AuditStatus[] st = new AuditStatus[ITER];
        if (t % 2 == 1) {
            long[] reqs = new long[ITER];
            for (int i = 0; i < ITER; i++) {
                bufs[i] = new int[LARGE];
                reqs[i] = mpi.irecv(comm, bufs[i], LARGE, other, TAG);
            }
            st = mpi.waitAll(reqs);
        } else {
            for (int i = 0; i < ITER; i++) {
                bufs[i] = new int[LARGE];
                st[i] = mpi.recv(comm, bufs[i], LARGE, other, TAG);
            }
        }
        for (int i = 0; i < ITER; i++) {
            int[] b = bufs[i];
            if (st[i].source() != other || st[i].tag() != TAG || st[i].error() != 0) {
                report.evidence(who + ": receive " + i + " has status (" + st[i].source() + ", tag " + st[i].tag() + ", "
                        + (st[i].error() == 0 ? "no error" : st[i].errorName()) + "), expected (" + other + ", tag " + TAG + ")");
                continue;
            }
            String bad = Payload.check(b, st[i].count());
            if (bad != null) {
                report.evidence(who + ": receive " + i + " got a damaged message: " + bad);
                continue;
            }
            int from = Payload.thread(b);
            int seq = Payload.seq(b);
            if (Payload.source(b) != other || from < 0 || from >= THREADS) {
                report.evidence(who + ": receive " + i + " got " + Payload.describe(b) + ", not a message of rank " + other);
                continue;
            }
            if (got.putIfAbsent(key(from, seq), who) != null) {
                report.evidence(who + " received " + Payload.describe(b) + " twice (also " + got.get(key(from, seq)) + ")");
            }
            if (seq <= last[from]) {
                report.evidence(who + " received " + Payload.describe(b) + " after seq " + last[from]
                        + " of the same sender thread: overtaken");
            }
            last[from] = seq;
        }
    }

    /** Thread {@code t} and its partner on their own communicator, same tag as everyone: in order, intact. */
    private static void pingPong(AuditMpi mpi, RankReport.Builder report, long comm, int me, int other, int t) {
        String who = "rank " + me + " thread " + t + " (own communicator, shared tag)";
        int[] buf = new int[LARGE];
        for (int i = 0; i < ITER; i++) {
            boolean empty = i % 10 == 9;
            int[] m = empty ? new int[0] : Payload.make(me, t, i, length(i, t));
            AuditStatus st;
            if (me == 0) {
                sendOne(mpi, comm, m, other, i);
                st = mpi.recv(comm, buf, buf.length, other, TAG);
            } else {
                st = mpi.recv(comm, buf, buf.length, other, TAG);
                sendOne(mpi, comm, m, other, i);
            }
            if (empty) {
                if (st.source() != other || st.tag() != TAG || st.count() != 0) {
                    report.evidence(who + ": empty message " + i + " came with status (" + st.source() + ", tag "
                            + st.tag() + ", " + st.count() + " ints)");
                }
            } else {
                Expect.message(report, who, st, buf, other, TAG, other, t, i);
            }
        }
    }

    private static void sendOne(AuditMpi mpi, long comm, int[] m, int dest, int i) {
        switch (i % 4) {
            case 0 -> mpi.send(comm, m, m.length, dest, TAG);
            case 1 -> mpi.ssend(comm, m, m.length, dest, TAG);
            case 2 -> mpi.waitFor(mpi.isend(comm, m, m.length, dest, TAG));
            default -> mpi.waitFor(mpi.issend(comm, m, m.length, dest, TAG));
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "messages") + " messages on one (communicator, tag) from "
                        + THREADS + " threads each way, each received once, intact, in order per sender and receiver; "
                        + 2 * THREADS * ITER + " more on a communicator per thread",
                "a message on a shared (communicator, tag) was lost, duplicated, damaged or overtaken");
    }
}
