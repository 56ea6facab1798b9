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
}
