package org.mpiverify.core.contextid;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.mpi.MpiException;

/**
 * The collective step of a nonblocking context-id allocation: starts an {@code MPI_Iallreduce} with
 * {@code MPI_BAND} over the members, on a tag range no other operation on the parent uses, and returns
 * it unstarted (the allocation progresses it). Every round of one allocation uses the same tags; its
 * rounds follow each other, so non-overtaking order keeps them apart.
 */
@FunctionalInterface
public interface MaskIallreduce {
    /** A schedule that replaces {@code words} in place with the bitwise AND of every member's {@code words}. */
    Schedule start(long[] words) throws MpiException;
}
