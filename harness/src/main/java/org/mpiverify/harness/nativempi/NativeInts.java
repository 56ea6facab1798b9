package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The Java {@code int[]} buffers of {@link org.mpiverify.harness.api.AuditMpi} in native memory: copies in, copies
 * back, and the bounds a call must respect before the library reads or writes unchecked. Stateless.
 */
final class NativeInts {
    private NativeInts() { }

    /** A native copy of the first {@code count} elements (at least one element, so no call sees a zero-size segment). */
    static MemorySegment ints(Arena a, int[] buf, int count) {
        checkCount(buf, count);
        MemorySegment s = a.allocate(JAVA_INT, Math.max(1, count));
        MemorySegment.copy(buf, 0, s, JAVA_INT, 0, count);
        return s;
    }

    /** Native memory for {@code count} ints that a call will write, checked against the Java array they go back to. */
    static MemorySegment blank(Arena a, int[] buf, int count) {
        checkCount(buf, count);
        return a.allocate(JAVA_INT, Math.max(1, count));
    }

    static void checkCount(int[] buf, int count) {
        if (count < 0 || count > buf.length) {
            throw new IllegalArgumentException("count " + count + " outside the buffer of " + buf.length + " ints");
        }
    }

    /** A v-collective's blocks must lie in the root's buffer: the library writes or reads there unchecked. */
    static void checkBlocks(int[] buf, int[] counts, int[] displs, int size) {
        if (counts.length < size || displs.length < size) {
            throw new IllegalArgumentException("counts and displacements for " + size + " ranks, got " + counts.length
                    + " and " + displs.length);
        }
        for (int r = 0; r < size; r++) {
            if (counts[r] < 0 || displs[r] < 0 || (long) displs[r] + counts[r] > buf.length) {
                throw new IllegalArgumentException("rank " + r + "'s block (" + counts[r] + " ints at " + displs[r]
                        + ") outside the buffer of " + buf.length + " ints");
            }
        }
    }

    /**
     * Copies the whole posted buffer back, not just the status count: the native buffer started as a
     * copy of the Java array, so elements the library did not write come back unchanged, and the data
     * arrives even where a library's status undercounts (MPICH 4.0.2's MPI_Isendrecv reports count 0).
     */
    static void copyBack(MemorySegment from, int[] to, int posted) {
        MemorySegment.copy(from, JAVA_INT, 0, to, 0, posted);
    }
}
