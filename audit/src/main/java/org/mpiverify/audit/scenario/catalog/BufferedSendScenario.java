package org.mpiverify.audit.scenario.catalog;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * MPICH's {@code test/mpi/threads/pt2pt/ibsend.c} with every message checked: on each of two ranks one attached
 * buffer (MPI-3.1 §3.6; Gropp &amp; Thakur §3, class Own: the process-global state every thread's {@code bsend}
 * shares), one receiver thread and {@value #SENDERS} sender threads, each of which sends {@value #ITER} messages to
 * the other rank, threads 0 and 2 with {@code bsend}, 1 and 3 with {@code ibsend} and one {@code waitAll} (MPICH's
 * {@code sender_bsend} and {@code sender_ibsend}); every fifth message is rendezvous-sized, so several wait in the
 * buffer at once. The buffer holds every message at once with room to spare (MPICH's test attaches 10 MB), so no
 * send may fail. Then the buffer is detached, which must wait for whatever is still in it and return its size.
 */
final class BufferedSendScenario extends CatalogScenario {
    static final String ID = "p2p-bsend-threads";
    private static final int SENDERS = 4;
    private static final int ITER = 16;
    private static final int LARGE = 5000;
    private static final int TAG = 3;
    /** Bytes per message in the buffer: the largest message plus more overhead than any library's. */
    private static final int SLOT = LARGE * 4 + 1024;
    private static final int BUFFER = SENDERS * ITER * SLOT;

    BufferedSendScenario() {
        super(ID, SENDERS + " threads per rank bsend and ibsend through one attached buffer while a receiver thread "
                        + "takes every message; then the buffer is detached",
                "MPICH test/mpi/threads/pt2pt/ibsend.c (sender_bsend, sender_ibsend, one receiver thread)",
                2, 2, 10, Catalog.SHORT_DEADLINE);
    }

    @Override
    public String holds() {
        return "with one buffer attached per rank, 4 threads send 16 messages each to the other rank (2 with `bsend`, "
                + "2 with `ibsend` + `waitAll`; every fifth 5000 ints) while one thread receives them: no send fails, "
                + "each message arrives once, intact, each sender thread's in order; `bufferDetach` then returns the "
                + "size attached. Two threads' messages in one region of the buffer show as a damaged message";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Attached buffer of buffered sends"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        mpi.bufferAttach(BUFFER);
        ConcurrentHashMap<Long, Boolean> got = new ConcurrentHashMap<>();
        Workers.run(SENDERS + 1, deadline(), t -> {
            if (t == SENDERS) receive(mpi, report, world, me, other, got);
            else send(mpi, world, me, other, t);
        });
        for (int t = 0; t < SENDERS; t++) {
            for (int i = 0; i < ITER; i++) {
                if (!got.containsKey(key(t, i))) {
                    report.evidence("rank " + me + ": buffered message (src " + other + ", thread " + t + ", seq " + i
                            + ") never arrived");
                }
            }
        }
        int detached = mpi.bufferDetach();
        if (detached != BUFFER) {
            report.evidence("rank " + me + ": bufferDetach returned a buffer of " + detached + " bytes, " + BUFFER
                    + " were attached");
        }
        mpi.barrier(world);
        report.fact("messages", SENDERS * ITER);
        return report.build();
    }

    private static long key(int thread, int seq) {
        return ((long) thread << 32) | seq;
    }

    private static int length(int i, int t) {
        return i % 5 == 4 ? LARGE : Payload.HEADER + (i * 7 + t) % 40;
    }

    private static void send(AuditMpi mpi, long comm, int me, int other, int t) {
        long[] reqs = new long[ITER];
        for (int i = 0; i < ITER; i++) {
            int[] m = Payload.make(me, t, i, length(i, t));
            if (t % 2 == 0) {
                mpi.bsend(comm, m, m.length, other, TAG);
            } else {
                reqs[i] = mpi.ibsend(comm, m, m.length, other, TAG);
            }
            java.util.Arrays.fill(m, -1);   // MPI: the send buffer may be reused once a buffered send returns
        }
        if (t % 2 == 1) mpi.waitAll(reqs);
    }

    private static void receive(AuditMpi mpi, RankReport.Builder report, long comm, int me, int other,
                                ConcurrentHashMap<Long, Boolean> got) {
        String who = "rank " + me + " receiver";
        int[] last = new int[SENDERS];
        java.util.Arrays.fill(last, -1);
        int[] buf = new int[LARGE];
        for (int k = 0; k < SENDERS * ITER; k++) {
            AuditStatus st = mpi.recv(comm, buf, LARGE, other, AuditMpi.ANY_TAG);
            if (st.source() != other || st.tag() != TAG || st.error() != 0) {
                report.evidence(who + ": receive " + k + " has status (" + st.source() + ", tag " + st.tag() + ", "
                        + (st.error() == 0 ? "no error" : st.errorName()) + "), expected (" + other + ", tag " + TAG + ")");
                continue;
            }
            String bad = Payload.check(buf, st.count());
            if (bad != null) {
                report.evidence(who + ": receive " + k + " got a damaged buffered message: " + bad);
                continue;
            }
            int from = Payload.thread(buf);
            int seq = Payload.seq(buf);
            if (Payload.source(buf) != other || from < 0 || from >= SENDERS) {
                report.evidence(who + ": receive " + k + " got " + Payload.describe(buf) + ", not a message of rank " + other);
                continue;
            }
            if (got.putIfAbsent(key(from, seq), Boolean.TRUE) != null) {
                report.evidence(who + " received " + Payload.describe(buf) + " twice");
            }
            if (seq <= last[from]) {
                report.evidence(who + " received " + Payload.describe(buf) + " after seq " + last[from]
                        + " of the same sender thread: overtaken");
            }
            last[from] = seq;
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "messages") + " buffered messages from " + SENDERS
                        + " threads per rank through one attached buffer, each received once, intact, in order per "
                        + "sender; the detach returned the buffer",
                "a buffered message was lost, duplicated, damaged or overtaken, or the detach returned the wrong buffer");
    }
}
