package org.mpiverify.core.coll;

import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.MpiException;

/**
 * What a nonblocking collective needs of a communicator: sends and receives on its collective context
 * that are started without waiting and are then polled, never waited for. Ranks are ranks in the
 * communicator. An implementation tells its rank's progress engine when a transfer completes, so a
 * thread that polls on the rank's behalf can park until something moved.
 */
public interface PollingChannel {
    int rank();

    int size();

    /** Starts a standard send of {@code count} elements of {@code type} from {@code buf[offset..]}. */
    Transfer startSend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MpiException;

    /** Starts a receive from {@code source} (never a wildcard) into {@code buf[offset..]}. */
    Transfer startRecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MpiException;

    /** A send or receive in progress. */
    interface Transfer {
        /** True once it has completed (a volatile read). */
        boolean isDone();

        /**
         * Call once, after {@link #isDone()} returned true: gives its resources back, and raises ERR_TRUNCATE
         * for a receive that got a longer message than it expected, ERR_COUNT for a shorter one.
         */
        void finish() throws MpiException;
    }
}
