package org.mpiverify.lincheck.mpi;

import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorHandler;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;

/**
 * A 3-rank embedded job ({@link Job#create}) whose rank 2 is driven through the public API by the
 * Lincheck threads: ranks 0 and 1 send to it on COMM_WORLD, and it sends to itself on COMM_SELF. Each
 * Lincheck thread t keeps at most one receive request (slot t, touched only by that thread).
 */
public final class RankHarness {
    private final Mpi[] ranks = new Mpi[3];
    private final Request[] requests = new Request[8];
    private final int[][] buffers = new int[8][];

    public RankHarness(MatchingKind matching) {
        Job job = Job.create(JobConfig.of(3).withMatching(matching).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        for (int r = 0; r < 3; r++) {
            ranks[r] = job.mpi(r);
            ranks[r].initThread(ThreadLevel.MULTIPLE);
        }
    }

    /** Communicator 0 = COMM_WORLD, 1 = COMM_SELF, at the receiving rank. */
    Comm comm(int comm) {
        return comm == 0 ? ranks[2].commWorld() : ranks[2].commSelf();
    }


    int source(int comm, int srcSel) {
        return srcSel == 2 ? Mpi.ANY_SOURCE : RankSpec.source(comm, srcSel);
    }

    static int tag(int tagSel) {
        return tagSel == 2 ? Mpi.ANY_TAG : tagSel;
    }

    public void send(int comm, int src, int tag, int payload) {
        int[] buf = {payload};
        Request r = comm == 0
                ? ranks[src].commWorld().isend(buf, 0, 1, Datatype.INT, 2, tag)
                : ranks[2].commSelf().isend(buf, 0, 1, Datatype.INT, 0, tag);
        while (r.test() == null) Thread.onSpinWait(); // eager sends are complete already
    }

    public String irecv(int t, int comm, int srcSel, int tagSel) {
        if (requests[t] != null) return "busy";
        buffers[t] = new int[] {-1};
        requests[t] = comm(comm).irecv(buffers[t], 0, 1, Datatype.INT, source(comm, srcSel), tag(tagSel));
        return "posted";
    }

    public String test(int t) {
        Request r = requests[t];
        if (r == null) return "none";
        Status s = r.test();
        if (s == null) return "pending";
        requests[t] = null;
        return describe(s, buffers[t]);
    }

    /** MPI_Cancel, then MPI_Wait in its non-blocking form (test until complete: a cancel completes at once or the match is being delivered). */
    public String cancel(int t) {
        Request r = requests[t];
        if (r == null) return "none";
        r.cancel();
        Status s;
        while ((s = r.test()) == null) Thread.onSpinWait();
        requests[t] = null;
        return describe(s, buffers[t]);
    }

    public String iprobe(int comm, int srcSel, int tagSel) {
        Status s = comm(comm).iprobe(source(comm, srcSel), tag(tagSel));
        return s == null ? "none" : "src=" + s.source() + " tag=" + s.tag();
    }

    /** MPI_Improbe + MPI_Mrecv: the matched-probe way to receive what was probed (Hoefler et al. §3). */
    public String improbeRecv(int comm, int srcSel, int tagSel) {
        Message m = comm(comm).improbe(source(comm, srcSel), tag(tagSel), null);
        if (m == null) return "none";
        int[] buf = {-1};
        Status s = m.mrecv(buf, 0, 1, Datatype.INT);
        return describe(s, buf);
    }

    /**
     * The probe-then-receive composition that matched probe exists to replace: MPI_Iprobe, then
     * MPI_Irecv with the probed source and tag. Another thread can take the probed message in between.
     * Non-blocking form: one test; if the receive did not complete, cancel it.
     */
    public String probeThenRecv(int comm, int srcSel, int tagSel) {
        Comm c = comm(comm);
        Status p = c.iprobe(source(comm, srcSel), tag(tagSel));
        if (p == null) return "none";
        int[] buf = {-1};
        Request r = c.irecv(buf, 0, 1, Datatype.INT, p.source(), p.tag());
        Status s = r.test();
        if (s == null) {
            r.cancel();
            while ((s = r.test()) == null) Thread.onSpinWait();
        }
        return describe(s, buf);
    }

    static String describe(Status s, int[] buf) {
        if (s.isCancelled()) return "cancelled";
        return "got src=" + s.source() + " tag=" + s.tag() + " payload=" + buf[0];
    }
}
