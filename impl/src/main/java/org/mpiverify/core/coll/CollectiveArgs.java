package org.mpiverify.core.coll;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Argument checks of the collectives. Each runs before the collective sends or receives anything, so a
 * bad call throws on the rank that made it and leaves the channel untouched.
 */
final class CollectiveArgs {
    private CollectiveArgs() {}

    static void type(Datatype type, String what) throws MpiException {
        if (type == null) throw new MpiException(ErrorClass.ERR_TYPE, what + " datatype is null");
    }

    static void count(int count, String what) throws MpiException {
        if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, what + " count is negative: " + count);
    }

    static void root(int root, int size) throws MpiException {
        if (root < 0 || root >= size) {
            throw new MpiException(ErrorClass.ERR_ROOT, "root " + root + " is not a rank of a communicator of size " + size);
        }
    }

    /** The send and receive sides of a collective on basic datatypes must have equal type signatures. */
    static void sameSignature(Datatype stype, int scount, Datatype rtype, int rcount) throws MpiException {
        if (stype != rtype) {
            throw new MpiException(ErrorClass.ERR_TYPE, "send type " + stype + " differs from receive type " + rtype);
        }
        if (scount != rcount) {
            throw new MpiException(ErrorClass.ERR_COUNT, "send count " + scount + " differs from receive count " + rcount);
        }
    }

    /**
     * Checks per-rank counts and displacements of a v-collective against a buffer region starting at
     * {@code offset}: arrays of at least {@code size} entries, counts non-negative, blocks inside the buffer.
     */
    static void vector(int[] counts, int[] displs, int size, Object buf, int offset, Datatype type, boolean writable,
                       String what) throws MpiException {
        if (counts == null || displs == null) {
            throw new MpiException(ErrorClass.ERR_ARG, what + ": counts or displacements array is null");
        }
        if (counts.length < size || displs.length < size) {
            throw new MpiException(ErrorClass.ERR_ARG, what + ": counts/displacements arrays shorter than size " + size);
        }
        for (int i = 0; i < size; i++) {
            count(counts[i], what + "[" + i + "]");
        }
        for (int i = 0; i < size; i++) {
            long start = (long) offset + displs[i];
            if (start < 0 || start > Integer.MAX_VALUE) {
                throw new MpiException(ErrorClass.ERR_BUFFER, what + ": block " + i + " starts at " + start);
            }
            CollectiveArgs.region(what + " block " + i, buf, (int) start, counts[i], type, writable);
        }
    }

    /** {@link Buffers#checkRegion}, and {@link Collectives#IN_PLACE} is not a buffer where this is called. */
    static void region(String what, Object buf, int offset, long count, Datatype type, boolean writable) {
        if (buf == Collectives.IN_PLACE) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + ": IN_PLACE is not allowed here");
        }
        Buffers.checkRegion(what, buf, offset, count, type, writable);
    }
}
