package org.mpiverify.core.coll;

import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.MpiException;

/**
 * Point-to-point messaging on a communicator's collective context: a context of its own, so collective
 * traffic never matches user point-to-point receives (Gropp &amp; Thakur §5.1). Ranks are ranks in the
 * communicator. Blocking calls block only the calling thread and hold no lock while they wait.
 */
public interface CollectiveChannel {
    int rank();

    int size();

    /** Blocking standard send of {@code count} elements of {@code type} from {@code buf[offset..]}. */
    void send(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MpiException;

    /**
     * Blocking receive from {@code source} (never a wildcard) into {@code buf[offset..]}; returns the number
     * of elements received, which is {@code count}: a longer message raises ERR_TRUNCATE (the buffer holds
     * its first {@code count} elements), a shorter one ERR_COUNT (the ranks' counts differ).
     */
    int recv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MpiException;

    /** Nonblocking send; complete it with {@link Pending#await()}. */
    Pending isend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MpiException;

    /** Nonblocking receive; complete it with {@link Pending#await()}. */
    Pending irecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MpiException;

    /** A nonblocking operation in progress. */
    interface Pending {
        /** Waits for completion (no lock held while waiting) and returns the element count transferred. */
        int await() throws MpiException;
    }
}
