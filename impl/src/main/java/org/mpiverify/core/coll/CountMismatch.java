package org.mpiverify.core.coll;

import java.util.List;

import org.mpiverify.core.coll.CollectiveChannel.Pending;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * The first count mismatch one rank's collective met, kept until the collective has made every step: a
 * message longer than this rank's count (ERR_TRUNCATE: the buffer holds the first {@code count} elements) or
 * shorter (ERR_COUNT: the ranks' counts or type signatures differ, erroneous in MPI). A collective that met
 * one goes on with its own count, forwarding and combining what it holds, so that no other rank waits
 * forever for a message this rank would otherwise never send; it raises the mismatch at its end. Any other
 * error (an abort, a freed communicator) ends the collective at once, as before.
 *
 * <p>Not thread-safe: one per collective call or schedule, used by the thread that runs its steps (a
 * schedule's steps run one at a time under its busy flag).
 */
final class CountMismatch {
    private MpiException first;

    /** True for the errors of a message whose length is not the receiver's count. */
    static boolean isMismatch(MpiException e) {
        return e.errorClass() == ErrorClass.ERR_TRUNCATE || e.errorClass() == ErrorClass.ERR_COUNT;
    }

    /** {@link CollectiveChannel#recv}, keeping a mismatch (then returns {@code count}: the rank goes on with its own). */
    int recv(CollectiveChannel ch, Object buf, int offset, int count, Datatype type, int source, int tag)
            throws MpiException {
        try {
            return ch.recv(buf, offset, count, type, source, tag);
        } catch (MpiException e) {
            note(e);
            return count;
        }
    }

    /** {@link Pending#await}, keeping a mismatch. */
    void await(Pending p) throws MpiException {
        try {
            p.await();
        } catch (MpiException e) {
            note(e);
        }
    }

    /**
     * Waits for every one of {@code pending}, even after one failed (their buffers stay in use until then),
     * keeping the first mismatch; then raises the first other error, if any.
     */
    void awaitAll(List<Pending> pending) throws MpiException {
        MpiException other = null;
        for (Pending p : pending) {
            try {
                p.await();
            } catch (MpiException e) {
                if (isMismatch(e)) {
                    note(e);
                } else if (other == null) {
                    other = e;
                }
            }
        }
        if (other != null) throw other;
    }

    /** Keeps {@code e} if it is the first mismatch; rethrows any other error. */
    void note(MpiException e) throws MpiException {
        if (!isMismatch(e)) throw e;
        if (first == null) first = e;
    }

    /** At the collective's end: raises the first mismatch, if there was one. */
    void raise() throws MpiException {
        if (first != null) throw first;
    }
}
