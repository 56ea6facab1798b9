package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;
import org.mpiverify.harness.scenario.RankReport;

/**
 * The request calls on two ranks: a receive nobody matches is cancelled (status says cancelled, the
 * buffer keeps its sentinel); test on a receive whose send cannot have happened yet returns
 * nothing, then wait completes it; a freed isend still delivers; ssend and issend pair up; wtime,
 * query_thread and is_thread_main answer; a completed request's handle is refused afterwards; and a generalized
 * request whose query callback throws makes the wait that completes it raise MPI_ERR_OTHER with that exception.
 */
public final class RequestLifecycleScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w), other = 1 - rank;
        RankReport.Builder r = new RankReport.Builder(rank);

        int[] never = {-5};
        long unmatched = mpi.irecv(w, never, 1, other, 99);
        mpi.cancel(unmatched);
        AuditStatus c = mpi.waitFor(unmatched);
        r.fact("cancel", c.cancelled() + " " + never[0]);

        int[] late = {-5};
        long pending = mpi.irecv(w, late, 1, other, 6);
        AuditStatus early = mpi.test(pending);
        r.fact("test.before", early == null ? "null" : "completed " + early);
        mpi.barrier(w); // the other rank sends tag 6 only after this
        mpi.send(w, new int[] {60 + rank}, 1, other, 6);
        AuditStatus done = mpi.waitFor(pending);
        r.fact("test.after", late[0] + "/" + done.source() + "/" + done.tag());

        long freed = mpi.isend(w, new int[] {70 + rank}, 1, other, 7);
        mpi.requestFree(freed);
        int[] got = {-5};
        mpi.recv(w, got, 1, other, 7);
        r.fact("freed.delivered", got[0]);

        // synchronous sends: rank 0 issend then recv, rank 1 ssend then recv (no deadlock either way)
        int[] sync = {-5};
        if (rank == 0) {
            long s = mpi.issend(w, new int[] {80}, 1, other, 8);
            mpi.recv(w, sync, 1, other, 8);
            mpi.waitFor(s);
        } else {
            mpi.ssend(w, new int[] {81}, 1, other, 8);
            mpi.recv(w, sync, 1, other, 8);
        }
        r.fact("ssend", sync[0]);

        double t0 = mpi.wtime(), t1 = mpi.wtime();
        r.fact("wtime", t0 >= 0 && t1 >= t0) // Open MPI 4.1 counts from its first MPI_Wtime: 0.0 first (C too)
         .fact("wtime.values", t0 + " " + t1).fact("queryThread", mpi.queryThread()).fact("isThreadMain", mpi.isThreadMain());

        try {
            mpi.waitFor(pending);
            r.fact("stale", "accepted");
        } catch (IllegalArgumentException e) {
            r.fact("stale", "refused");
        }

        // a generalized request whose query callback throws: the wait that completes it raises MPI_ERR_OTHER with the
        // callback's exception as its cause (through the library's MPI_Wait), and the request is gone afterwards
        long g = mpi.grequestStart(new GrequestCallbacks() {
            @Override public AuditStatus query() { throw new IllegalStateException("query boom " + rank); }
            @Override public void free() { }
            @Override public void cancel(boolean complete) { }
        });
        mpi.grequestComplete(g);
        try {
            mpi.waitFor(g);
            r.fact("greq.queryThrows", "returned");
        } catch (AuditException e) {
            r.fact("greq.queryThrows", e.errorName() + " / " + (e.getCause() == null ? "no cause" : e.getCause().getMessage()));
        }
        try {
            mpi.test(g);
            r.fact("greq.after", "still live");
        } catch (IllegalArgumentException e) {
            r.fact("greq.after", "gone");
        }
        mpi.barrier(w);
        return r.build();
    }
}
