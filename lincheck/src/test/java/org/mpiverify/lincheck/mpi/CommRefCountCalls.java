package org.mpiverify.lincheck.mpi;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
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
 * The calls of {@link CommRefCountOperations} on a communicator made by {@code dup} on a 1-rank job, by name
 * ({@code irecv}, {@code send}, {@code free}, {@code complete}; {@code validate} throws IllegalStateException if
 * the context id is back in the mask when it should not be, or not when it should). A {@code Function} of JDK
 * types, so that the operations (loaded by the test's class loader, where Lincheck's generated code finds
 * them) can call an instance defined in a {@link org.mpiverify.testkit.twins.TwinClassLoader}, whose
 * {@code Comm} is the known-bad twin's.
 */
public final class CommRefCountCalls implements Function<String, String> {
    @Override
    public String apply(String call) {
        return switch (call) {
            case "irecv" -> irecv();
            case "send" -> send();
            case "free" -> free();
            case "complete" -> complete();
            case "validate" -> {
                contextIdReturnedIffFreedAndIdle();
                yield "valid";
            }
            default -> throw new IllegalArgumentException(call);
        };
    }

    private final Mpi mpi;
    private final Comm comm;
    private final int freeAfterDup;
    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
    private volatile boolean freed;

    public CommRefCountCalls() {
        Job job = Job.create(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        mpi = job.mpi(0);
        mpi.initThread(ThreadLevel.MULTIPLE);
        comm = mpi.commWorld().dup();
        freeAfterDup = mpi.freeContextIds();
    }

    private String irecv() {
        try {
            requests.add(comm.irecv(new int[1], 0, 1, Datatype.INT, Mpi.ANY_SOURCE, 0));
            return "posted";
        } catch (MpiException e) {
            return e.errorClass().name();
        }
    }

    private String send() {
        try {
            Request r = comm.isend(new int[] {7}, 0, 1, Datatype.INT, 0, 0);
            while (r.test() == null) Thread.onSpinWait(); // eager: complete already
            return "sent";
        } catch (MpiException e) {
            return e.errorClass().name();
        }
    }

    private String free() {
        try {
            comm.free();
            freed = true;
            return "freed";
        } catch (MpiException e) {
            return e.errorClass().name();
        }
    }

    private String complete() {
        Request r = requests.poll();
        if (r == null) return "none";
        r.cancel();
        Status s;
        while ((s = r.test()) == null) Thread.onSpinWait();
        return s.isCancelled() ? "cancelled" : "received";
    }

    /** At quiescence: the id is back iff the communicator was freed and no request on it is held. */
    private void contextIdReturnedIffFreedAndIdle() {
        boolean expectReturned = freed && requests.isEmpty();
        boolean returned = mpi.freeContextIds() == freeAfterDup + 1;
        if (returned != expectReturned) {
            throw new IllegalStateException("context id " + (returned ? "returned" : "not returned") + " but freed="
                    + freed + ", requests held=" + requests.size());
        }
    }
}
