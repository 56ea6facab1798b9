package org.mpiverify.lincheck.mpi;

import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorHandler;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;

/**
 * FINDING in impl, fixed, kept as a regression test (CommRefCountLinearizabilityTest#irecvRacingFreeIsLinearizable).
 * What it found:
 * the same operations as the suite, but {@code free} may run concurrently with {@code irecv} on the
 * same handle. {@code Comm.irecv} checks the handle is live ({@code checkLive} in {@code checkRecv})
 * and only then increments the reference count ({@code retainRef}, a plain getAndAdd): a free in
 * between drops the count to 0 and returns the context id to the mask, and the irecv then revives the
 * count from 0 and posts a receive on a context id that may be handed to a new communicator. Fixed: the
 * retain is now a CAS that refuses a count of zero (ERR_COMM). MPI makes
 * using a handle concurrently with its free erroneous, so the suite forbids it; this class shows what
 * the core does when a program does it anyway. Spec: {@link CommRefSpec}.
 */
@Param(name = "t", gen = ThreadIdGen.class)
public class CommIrecvRacesFree {
    static final String SUITE = "CommRefCountLinearizabilityTest";
    static final String CHECKS = "Comm reference count: irecv/send/cancel+test/free, context id returned iff freed and idle";

    private final Mpi mpi;
    private final Comm comm;
    private final int freeAfterDup;
    private final Request[] requests = new Request[8];
    private final int[][] buffers = new int[8][];
    private volatile boolean freed;

    public CommIrecvRacesFree() {
        Job job = Job.create(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        mpi = job.mpi(0);
        mpi.initThread(ThreadLevel.MULTIPLE);
        comm = mpi.commWorld().dup();
        freeAfterDup = mpi.freeContextIds();
    }

    @Operation
    public String irecv(@Param(name = "t") int t) {
        if (requests[t] != null) return "busy";
        try {
            buffers[t] = new int[1];
            requests[t] = comm.irecv(buffers[t], 0, 1, Datatype.INT, Mpi.ANY_SOURCE, 0);
            return "posted";
        } catch (MpiException e) {
            return e.errorClass().name();
        }
    }

    @Operation
    public String send() {
        try {
            Request r = comm.isend(new int[] {7}, 0, 1, Datatype.INT, 0, 0);
            while (r.test() == null) Thread.onSpinWait(); // eager: complete already
            return "sent";
        } catch (MpiException e) {
            return e.errorClass().name();
        }
    }

    @Operation
    public String complete(@Param(name = "t") int t) {
        Request r = requests[t];
        if (r == null) return "none";
        r.cancel();
        Status s;
        while ((s = r.test()) == null) Thread.onSpinWait();
        requests[t] = null;
        return s.isCancelled() ? "cancelled" : "received";
    }

    @Operation(runOnce = true)
    public String free() {
        try {
            comm.free();
            freed = true;
            return "freed";
        } catch (MpiException e) {
            return e.errorClass().name();
        }
    }

    /** At quiescence: the id is back iff the communicator was freed and no request on it is held. */
    @Validate
    public void contextIdReturnedIffFreedAndIdle() {
        boolean held = false;
        for (Request r : requests) held |= r != null;
        boolean expectReturned = freed && !held;
        boolean returned = mpi.freeContextIds() == freeAfterDup + 1;
        if (returned != expectReturned) {
            throw new IllegalStateException("context id " + (returned ? "returned" : "not returned") + " but freed="
                    + freed + ", requests held=" + held);
        }
    }
}
