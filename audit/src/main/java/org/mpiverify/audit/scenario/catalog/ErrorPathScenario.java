package org.mpiverify.audit.scenario.catalog;

import java.util.List;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * One thread's calls fail while the rank's other threads communicate (MPICH's
 * {@code threads/pt2pt/threaded_sr.c} sets {@code MPI_ERRORS_RETURN} for the same reason: an error must come back
 * to its caller, not end the process). On two ranks with {@code MPI_ERRORS_RETURN} (every binding sets it), thread 0
 * of each rank takes the errors, on a communicator {@code shared} that threads 1 and 2 use for their own ping-pong
 * (on tags of their own) and while thread 3 ping-pongs on another communicator:
 * <ul>
 *   <li>{@code p2p-truncate-under-load}: each round both threads 0 send a 40-int (every fourth round a 5000-int,
 *       rendezvous-sized) and then a short message to each other; the first receive, into 20 ints (blocking, or irecv and wait, in turn), must fail with
 *       {@code MPI_ERR_TRUNCATE}, and the next receive on the same (communicator, source, tag) must bring the short
 *       message intact: the truncated message was consumed, the failing thread goes on;</li>
 *   <li>{@code p2p-invalid-args-under-load}: each round thread 0 sends to rank {@code size} ({@code MPI_ERR_RANK}),
 *       isends with tag -5 ({@code MPI_ERR_TAG}), receives from rank {@code size + 3} ({@code MPI_ERR_RANK}) and
 *       irecvs with tag -5 ({@code MPI_ERR_TAG}), then exchanges a message with the other thread 0 with sendrecv.</li>
 * </ul>
 * Errors are compared by the audit's error-class names, since the numbers differ between libraries. Every message
 * of every thread is checked (intact, in order, right status), so nothing the errors disturb goes unseen: a lock or
 * permit kept on the error path shows as a HANG of the other threads' traffic, a lost or duplicated message as a
 * FAIL naming rank, thread and message.
 */
final class ErrorPathScenario extends CatalogScenario {
    enum Kind { TRUNCATE, INVALID_ARGS }

    static final String TRUNCATE_ID = "p2p-truncate-under-load";
    static final String INVALID_ARGS_ID = "p2p-invalid-args-under-load";
    private static final int THREADS = 4;
    private static final int ROUNDS = 40;
    private static final int TRAFFIC = 120;
    private static final int LONG = 40;
    /** Every fourth truncated message: 20 KB, above the core's 16 KiB eager limit (the rendezvous path). */
    private static final int RENDEZVOUS = 5000;
    private static final int SHORT_BUFFER = 20;
    /** Thread 0's tag on the shared communicator; threads 1 and 2 use tags 1 and 2 there, thread 3 tag 3 elsewhere. */
    private static final int ERROR_TAG = 0;

    private final Kind kind;

    /** The catalog's scenarios of this class ({@link Catalog}): one per error path. */
    static List<CatalogScenario> variants() {
        return List.of(new ErrorPathScenario(Kind.TRUNCATE), new ErrorPathScenario(Kind.INVALID_ARGS));
    }

    ErrorPathScenario(Kind kind) {
        super(kind == Kind.TRUNCATE ? TRUNCATE_ID : INVALID_ARGS_ID,
                (kind == Kind.TRUNCATE ? "truncated receives (MPI_ERR_TRUNCATE)"
                        : "sends and receives with an invalid rank or tag (MPI_ERR_RANK, MPI_ERR_TAG)")
                        + " on one thread while " + (THREADS - 1) + " threads per rank communicate on the same and"
                        + " another communicator; the failing thread goes on",
                "MPICH test/mpi/threads/pt2pt/threaded_sr.c (MPI_ERRORS_RETURN); MPI-3.1 §3.2.4, §8.3",
                2, 2, 10, Catalog.SHORT_DEADLINE);
        this.kind = kind;
    }

    @Override
    public String holds() {
        return kind == Kind.TRUNCATE
                ? "on 2 ranks, thread 0 of each receives a 40-int (every 4th a 5000-int) message into 20 ints, by "
                  + "`recv` or `irecv`+`wait`: `MPI_ERR_TRUNCATE`, then the next message on that (communicator, "
                  + "source, tag) intact; meanwhile threads 1–2 ping-pong on the same communicator, thread 3 on "
                  + "another; every message checked"
                : "the load of `p2p-truncate-under-load`; thread 0 sends to rank `size` and receives from rank "
                  + "`size+3` (`MPI_ERR_RANK`), isends and irecvs with tag −5 (`MPI_ERR_TAG`), then exchanges a "
                  + "message with sendrecv; error classes compared by name";
    }

    @Override
    public List<Algorithm> algorithms() {
        // invalid arguments are refused before any queue is touched: no algorithm of the table stands for them
        return kind == Kind.TRUNCATE
                ? List.of(Algorithm.of("Posted/unexpected queues", "core twin `TruncationKeepsLockEngine`"))
                : List.of();
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int size = mpi.commSize(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        long shared = mpi.commDup(world);
        long elsewhere = mpi.commDup(world);
        Workers.run(THREADS, deadline(), t -> {
            if (t == 0) {
                if (kind == Kind.TRUNCATE) truncations(mpi, report, shared, me, other);
                else invalidArguments(mpi, report, shared, me, size, other);
            } else if (t < 3) {
                PairTraffic.run(mpi, report, shared, "the communicator of the errors", me, other, t, t, TRAFFIC);
            } else {
                PairTraffic.run(mpi, report, elsewhere, "another communicator", me, other, t, t, TRAFFIC);
            }
        });
        mpi.commFree(shared);
        mpi.commFree(elsewhere);
        report.fact("traffic", (THREADS - 1) * TRAFFIC);
        return report.build();
    }

    private static void truncations(AuditMpi mpi, RankReport.Builder report, long comm, int me, int other) {
        int[] small = new int[SHORT_BUFFER];
        int[] buf = new int[Payload.HEADER + 64];
        int truncated = 0;
        for (int i = 0; i < ROUNDS; i++) {
            String who = "rank " + me + " thread 0 round " + i;
            int length = i % 4 == 3 ? RENDEZVOUS : LONG;
            int[] longMsg = Payload.make(me, 0, 2 * i, length);
            int[] shortMsg = Payload.make(me, 0, 2 * i + 1, Payload.HEADER + i % 10);
            long[] sends = {mpi.isend(comm, longMsg, length, other, ERROR_TAG),
                    mpi.isend(comm, shortMsg, shortMsg.length, other, ERROR_TAG)};
            try {
                AuditStatus st = i % 2 == 0 ? mpi.recv(comm, small, SHORT_BUFFER, other, ERROR_TAG)
                        : mpi.waitFor(mpi.irecv(comm, small, SHORT_BUFFER, other, ERROR_TAG));
                report.evidence(who + ": a " + length + "-int message received into " + SHORT_BUFFER + " ints returned "
                        + "normally (status count " + st.count() + "), expected MPI_ERR_TRUNCATE");
            } catch (AuditException e) {
                if ("MPI_ERR_TRUNCATE".equals(e.errorName())) truncated++;
                else report.evidence(who + ": the truncated receive failed with " + e.errorName() + ", expected "
                        + "MPI_ERR_TRUNCATE: " + e.getMessage());
            }
            // the failing thread goes on: the next message on the same (communicator, source, tag) is the short one
            AuditStatus st = mpi.recv(comm, buf, buf.length, other, ERROR_TAG);
            Expect.message(report, who + " (the receive after the truncated one)", st, buf, other, ERROR_TAG, other, 0,
                    2 * i + 1);
            checkSends(mpi, report, who, sends);
        }
        report.fact("truncated", truncated);
    }

    private static void invalidArguments(AuditMpi mpi, RankReport.Builder report, long comm, int me, int size,
                                         int other) {
        int[] msg = Payload.make(me, 0, 0, Payload.HEADER + 3);
        int[] buf = new int[Payload.HEADER + 64];
        int refused = 0;
        for (int i = 0; i < ROUNDS; i++) {
            String who = "rank " + me + " thread 0 round " + i;
            refused += expectError(report, who + ": send to rank " + size + " of " + size, "MPI_ERR_RANK",
                    () -> mpi.send(comm, msg, msg.length, size, ERROR_TAG));
            refused += expectError(report, who + ": isend with tag -5", "MPI_ERR_TAG",
                    () -> mpi.isend(comm, msg, msg.length, other, -5));
            refused += expectError(report, who + ": recv from rank " + (size + 3), "MPI_ERR_RANK",
                    () -> mpi.recv(comm, buf, buf.length, size + 3, ERROR_TAG));
            refused += expectError(report, who + ": irecv with tag -5", "MPI_ERR_TAG",
                    () -> mpi.irecv(comm, buf, buf.length, other, -5));
            // the failing thread goes on: an exchange with the other rank's thread 0
            int[] out = Payload.make(me, 0, i, Payload.HEADER + i % 10);
            AuditStatus st = mpi.sendrecv(comm, out, out.length, other, ERROR_TAG, buf, buf.length, other, ERROR_TAG);
            Expect.message(report, who + " (the exchange after the errors)", st, buf, other, ERROR_TAG, other, 0, i);
        }
        report.fact("refused", refused);
    }

    private static int expectError(RankReport.Builder report, String what, String errorName, Runnable call) {
        try {
            call.run();
            report.evidence(what + " returned without an error, expected " + errorName);
            return 0;
        } catch (AuditException e) {
            if (errorName.equals(e.errorName())) return 1;
            report.evidence(what + " failed with " + e.errorName() + ", expected " + errorName + ": " + e.getMessage());
            return 0;
        }
    }

    private static void checkSends(AuditMpi mpi, RankReport.Builder report, String who, long[] sends) {
        AuditStatus[] st = mpi.waitAll(sends);
        for (int k = 0; k < st.length; k++) {
            if (st[k].error() != 0) report.evidence(who + ": send " + k + " completed with " + st[k].errorName());
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        String errors = kind == Kind.TRUNCATE ? sum(reports, "truncated") + " truncated receives raised MPI_ERR_TRUNCATE"
                : sum(reports, "refused") + " invalid ranks and tags were refused with MPI_ERR_RANK or MPI_ERR_TAG";
        return passUnlessEvidence(reports, errors + " while " + sum(reports, "traffic") + " other messages went through"
                        + " intact and in order; the failing threads went on communicating",
                "an error path disturbed the failing thread or the others' traffic");
    }
}
