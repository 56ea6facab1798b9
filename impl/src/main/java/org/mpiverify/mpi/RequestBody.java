package org.mpiverify.mpi;

import org.mpiverify.core.request.RequestState;

/**
 * The handle state of a request made of other requests: a persistent request ({@link PersistentRequest}: the
 * operation it started last) or an {@code isendrecv} ({@link SendrecvRequest}: its send and its receive). A
 * {@link Request} with a body hands every call to it; the body's own requests are private to it, so only the
 * body's callers complete them. Every method runs inside an MPI call of the handle's rank.
 *
 * <p>Thread safety: as an ordinary handle's: every method may be called by any thread at once; two threads
 * completing one handle (erroneous in MPI) complete it once, and the other is told ERR_REQUEST (a wait or
 * test) or nothing (the {@code Some} calls).
 */
interface RequestBody {
    /** True while the handle is active (started and not completed by a wait or test). */
    boolean isActive();

    /** True if the handle is not active or a wait on it would return at once. */
    boolean isDoneOrInactive();

    /** True once the handle was freed: every call but the ones on a freed handle is then ERR_REQUEST. */
    boolean isFreed();

    /** Adds to {@code states} the request states a wait on this handle may block on; returns the new count. */
    int addPending(RequestState[] states, int[] generations, int n);

    /** Waits without completing anything until {@link #isDoneOrInactive()} (no lock held while waiting). */
    void awaitDone();

    /**
     * Completes the handle if it is active and done: its status (errors in {@link Status#error()}, nothing
     * raised but a failure of the operation itself), or null if it is not active, not done, or another thread
     * completed it first.
     */
    Status claimIfDone();

    /** The status the handle last completed with, or null while active. */
    Status status();

    /** {@code MPI_Cancel}. */
    void cancel();

    /** {@code MPI_Request_free}. */
    void free();

    /** {@code MPI_Start}; ERR_REQUEST unless the handle is persistent. */
    default void start() {
        throw new MpiException(ErrorClass.ERR_REQUEST, "only a persistent request can be started");
    }

    /** Whether {@link #start()} would be refused now, and why (null: it would start). */
    default String startRefusal() {
        return "not a persistent request";
    }
}
