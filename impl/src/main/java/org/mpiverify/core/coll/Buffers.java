package org.mpiverify.core.coll;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Buffer helpers for the collectives: capacity and range checks, and element copies between any two
 * buffers of one datatype.
 *
 * <p>A buffer is an array of the datatype's element type or a {@link ByteBuffer}. A ByteBuffer holds
 * element {@code i} at byte index {@code i * type.size()} counted from the buffer's index 0 (its position
 * is ignored), in native byte order; elements must lie below its limit. Copies go through
 * {@link MemorySegment} views, so array/array, array/ByteBuffer and ByteBuffer/ByteBuffer copies are one
 * bulk copy each and need no per-type code: an array segment and a native-order ByteBuffer hold the same
 * bytes for the same elements.
 */
final class Buffers {
    private Buffers() {}

    /** Number of elements of {@code type} that {@code buf} can hold. {@code buf} must be accepted by {@code type}. */
    static int capacity(Object buf, Datatype type) {
        if (buf instanceof ByteBuffer bb) return bb.limit() / type.size();
        return java.lang.reflect.Array.getLength(buf);
    }

    /**
     * Checks that {@code buf[offset .. offset+count)} is a valid region of a buffer of {@code type}, and
     * writable if {@code writable}. A null buffer is allowed only for {@code count == 0}, as in MPI. The count
     * is a {@code long} because callers pass products such as {@code size * count}.
     */
    static void checkRegion(String what, Object buf, int offset, long count, Datatype type, boolean writable)
            throws MpiException {
        if (buf == null) {
            if (count == 0) return;
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is null");
        }
        if (buf == Collectives.IN_PLACE) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + ": IN_PLACE is not allowed here");
        }
        if (!type.accepts(buf)) {
            throw new MpiException(ErrorClass.ERR_BUFFER,
                    what + " is a " + buf.getClass().getSimpleName() + ", not a buffer of " + type);
        }
        if (writable && buf instanceof ByteBuffer bb && bb.isReadOnly()) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is a read-only ByteBuffer");
        }
        // long arithmetic: offset + count may overflow int
        if (offset < 0 || offset + count > capacity(buf, type)) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + ": elements [" + offset + ", "
                    + (offset + count) + ") out of range, capacity " + capacity(buf, type));
        }
    }

    /** A buffer to pass to the channel for {@code buf}: an empty array stands for a null zero-length buffer. */
    static Object orEmpty(Object buf, Datatype type) {
        return buf != null ? buf : Reductions.allocateLike(type, 0);
    }

    /** Copies {@code count} elements of {@code type} from {@code src[srcOffset..]} to {@code dst[dstOffset..]}. */
    static void copy(Datatype type, Object src, int srcOffset, Object dst, int dstOffset, int count) {
        if (count == 0) return;
        if (src.getClass() == dst.getClass() && src.getClass().isArray()) {
            System.arraycopy(src, srcOffset, dst, dstOffset, count);
            return;
        }
        long size = type.size();
        MemorySegment.copy(segment(src), srcOffset * size, segment(dst), dstOffset * size, count * size);
    }

    /** A segment over the whole buffer: an array, or a ByteBuffer from index 0 to its limit. */
    static MemorySegment segment(Object buf) {
        return switch (buf) {
            case ByteBuffer bb -> MemorySegment.ofBuffer(bb.duplicate().position(0));
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> throw new MpiException(ErrorClass.ERR_BUFFER, "not a buffer: " + buf.getClass());
        };
    }
}
