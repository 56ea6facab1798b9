package org.mpiverify.core.contextid;

import java.util.function.IntFunction;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * A process's (rank's) allocator of context ids. One instance per rank, shared by all its threads.
 *
 * <p>{@link #allocate} is collective over the members reached by the given {@link MaskAllreduce}: every
 * member calls it with the same {@code parentContext} and {@code tag}, and all of them return the same
 * id, which no live communicator on any member's process has. Ids are released with {@link #release}
 * when the communicator is finally freed.
 */
public interface ContextIdAllocator {
    /** Ids 0 and 1 are COMM_WORLD's and COMM_SELF's and are never handed out. */
    int FIRST_DYNAMIC_ID = 2;

    /**
     * Agrees on a new context id with the other members.
     *
     * @param parentContext the input communicator's context id (the paper's {@code MyComm->contextid})
     * @param tag           the {@code createGroup} tag (>= 0), which distinguishes concurrent calls on one
     *                      parent; -1 for dup, split and create. (parentContext, tag) is the priority key,
     *                      lowest first, and concurrent calls on one process must have distinct keys
     * @param allreduce     the collective AND over the members
     * @throws MpiException ERR_OTHER when the members have no id in common left (raised on every member)
     */
    int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException;

    /**
     * Starts a nonblocking allocation ({@code MPI_Comm_idup}): a {@link Schedule} that agrees on a new id
     * with the other members as its rank's threads poll it, and finishes with {@code onId.apply(id)} as its
     * result or with the error {@link #allocate} would raise. {@code tag} must be one no blocking call on
     * {@code parentContext} uses (>= 0), so (parentContext, tag) is a key of its own.
     *
     * @throws MpiException ERR_OTHER if this algorithm has no nonblocking form
     */
    default Schedule allocateNonblocking(int parentContext, int tag, MaskIallreduce allreduce, IntFunction<Object> onId)
            throws MpiException {
        throw new MpiException(ErrorClass.ERR_OTHER, getClass().getSimpleName()
                + " has no nonblocking form: MPI_Comm_idup needs the core's MULTITHREADED context-id algorithm");
    }

    /**
     * Runs {@code r} whenever a round of this allocator gives back what it owned, so that a nonblocking
     * allocation waiting for one is polled again (the core: its rank's progress engine). Set once, before
     * use; an allocator without nonblocking rounds ignores it.
     */
    default void onRoundEnd(Runnable r) { }

    /** Returns {@code id} to this process's mask. */
    void release(int id);

    /** How many ids this process has free (for tests and reports). */
    int freeCount();

    /** The total number of ids in the mask. */
    int capacity();

    /**
     * Records this allocator's steps to {@code recorder} (null: none) as process {@code process}; call once,
     * before any thread uses it. An allocator that cannot record refuses a recorder that asks for context
     * ids, rather than leaving the trace silently empty.
     */
    default void recordTo(TraceRecorder recorder, int process) {
        if (TraceRecorder.of(recorder, TraceRecorder.Algorithm.CONTEXT_ID) != null) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " records no context-id steps");
        }
    }
}
