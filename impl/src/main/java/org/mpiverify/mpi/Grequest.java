package org.mpiverify.mpi;

/**
 * The callbacks of a generalized request ({@code MPI_Grequest_start}, MPI-3.1 §12.2), which
 * {@link Mpi#grequestStart} takes, and the status a query callback returns ({@link #status}).
 *
 * <p>When each runs: {@link QueryFunction} in the wait or test call that completes the request's handle
 * ({@link Request#waitFor}, {@link Request#test}, and the {@code Any}, {@code All} and {@code Some} calls),
 * after {@link Request#grequestComplete}, to give the status; {@link FreeFunction} once, after the query
 * callback in that same call, or, for a handle freed with {@link Request#free}, in the later of that free and
 * {@link Request#grequestComplete}; {@link CancelFunction} in {@link Request#cancel}, told whether
 * {@link Request#grequestComplete} was called already. Each runs in the calling thread, inside its MPI call,
 * with no lock of the core held. A callback that throws an {@link MpiException} makes the call that ran it
 * raise that error (after the request's handle has completed); any other exception is raised as ERR_OTHER.
 */
public final class Grequest {
    private Grequest() {
    }

    /** {@code MPI_Grequest_query_function}: the status of the completed request. */
    @FunctionalInterface
    public interface QueryFunction {
        Status query(Object extraState);
    }

    /** {@code MPI_Grequest_free_function}: releases what the request's user allocated. */
    @FunctionalInterface
    public interface FreeFunction {
        void free(Object extraState);
    }

    /** {@code MPI_Grequest_cancel_function}: starts cancelling; {@code complete} if already completed. */
    @FunctionalInterface
    public interface CancelFunction {
        void cancel(Object extraState, boolean complete);
    }

    /**
     * The status a query callback returns ({@code MPI_Status_set_elements}, {@code MPI_Status_set_cancelled},
     * and the source and tag fields): {@code bytes} must not be negative (ERR_ARG).
     */
    @ThreadSafety(SafetyClass.NONE)
    public static Status status(int source, int tag, long bytes, boolean cancelled) {
        if (bytes < 0) {
            throw new MpiException(ErrorClass.ERR_ARG, "negative byte count " + bytes + " in a status");
        }
        return new Status(source, tag, bytes, ErrorClass.SUCCESS, cancelled);
    }
}
