package org.mpiverify.core.contextid;

import org.mpiverify.mpi.MpiException;

/**
 * The collective step of context-id allocation: an {@code MPI_Allreduce} with {@code MPI_BAND} over
 * the members of the input communicator (or, for {@code createGroup}, over the group, on the parent's
 * collective context with the caller's tag). It blocks until every member has contributed and holds
 * no lock while it waits.
 */
@FunctionalInterface
public interface MaskAllreduce {
    /** Replaces {@code words} in place with the bitwise AND of every member's {@code words}. */
    void allreduceBand(long[] words) throws MpiException;

    /**
     * The world ranks of the members this allreduce runs over, or null if unknown (used only to name a call
     * alike on every member when steps are recorded for trace validation).
     */
    default int[] members() {
        return null;
    }

    /**
     * Waits about {@code nanos} between two rounds that found no id (a bounded backoff). The caller holds no
     * allocator lock; an implementation that runs inside an MPI call must also let go of the rank's call
     * lock while it waits (the core's communicators do).
     */
    default void pause(long nanos) {
        if (nanos > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(this, nanos);
        }
    }
}
