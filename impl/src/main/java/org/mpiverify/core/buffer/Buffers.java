package org.mpiverify.core.buffer;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Checks and copies message buffers. A buffer is a Java array of the datatype's element type or a
 * {@link ByteBuffer} (heap or direct) holding elements in native byte order; offsets and counts are in
 * elements and, for a ByteBuffer, relative to index 0 (position and limit are ignored, as in the
 * absolute bulk methods of {@code ByteBuffer}).
 */
public final class Buffers {
    private Buffers() {
    }

    /** Throws ERR_TYPE, ERR_COUNT or ERR_BUFFER unless {@code buf[offset, offset+count)} is a valid region of {@code type}. */
    public static void check(Object buf, int offset, int count, Datatype type) {
        if (type == null) {
            throw new MpiException(ErrorClass.ERR_TYPE, "datatype is null");
        }
        if (count < 0) {
            throw new MpiException(ErrorClass.ERR_COUNT, "count " + count + " is negative");
        }
        if (buf == null) {
            if (count == 0) {
                return;
            }
            throw new MpiException(ErrorClass.ERR_BUFFER, "buffer is null");
        }
        if (!type.accepts(buf)) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "a " + buf.getClass().getSimpleName()
                    + " cannot hold " + type + " (needs " + type.arrayClass().getSimpleName() + " or a ByteBuffer)");
        }
        if (offset < 0) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "offset " + offset + " is negative");
        }
        long capacity = capacityElements(buf, type);
        if ((long) offset + count > capacity) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "offset " + offset + " + count " + count
                    + " exceeds the buffer's " + capacity + " elements of " + type);
        }
        if (buf instanceof ByteBuffer bb && bb.isReadOnly()) {
            // A read-only buffer is fine to send from; receives check it with checkWritable.
            return;
        }
    }

    /** As {@link #check}, and the buffer must be writable (a receive buffer). */
    public static void checkWritable(Object buf, int offset, int count, Datatype type) {
        check(buf, offset, count, type);
        if (buf instanceof ByteBuffer bb && bb.isReadOnly() && count > 0) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "receive buffer is a read-only ByteBuffer");
        }
    }

    /** Capacity of {@code buf} in elements of {@code type}. */
    public static long capacityElements(Object buf, Datatype type) {
        if (buf instanceof ByteBuffer bb) {
            return bb.capacity() / type.size();
        }
        return Array.getLength(buf);
    }

    /**
     * Copies {@code bytes} bytes from {@code src} at element offset {@code srcOffset} of {@code srcType} to
     * {@code dst} at element offset {@code dstOffset} of {@code dstType}. Same-typed arrays use
     * {@link System#arraycopy}; everything else goes through memory segments, which cover heap arrays,
     * heap and direct buffers alike.
     */
    public static void copy(Object src, int srcOffset, Datatype srcType,
                            Object dst, int dstOffset, Datatype dstType, long bytes) {
        if (bytes == 0) {
            return;
        }
        if (srcType == dstType && src.getClass() == dst.getClass() && src.getClass().isArray()) {
            System.arraycopy(src, srcOffset, dst, dstOffset, (int) (bytes / srcType.size()));
            return;
        }
        MemorySegment.copy(segment(src), (long) srcOffset * srcType.size(),
                segment(dst), (long) dstOffset * dstType.size(), bytes);
    }

    /** Copies {@code bytes} bytes from a typed buffer into a byte array packet at 0. */
    public static void pack(Object src, int srcOffset, Datatype srcType, byte[] packet, long bytes) {
        copy(src, srcOffset, srcType, packet, 0, Datatype.BYTE, bytes);
    }

    /** Copies {@code bytes} bytes from a packet into a typed buffer. */
    public static void unpack(byte[] packet, Object dst, int dstOffset, Datatype dstType, long bytes) {
        copy(packet, 0, Datatype.BYTE, dst, dstOffset, dstType, bytes);
    }

    private static MemorySegment segment(Object buf) {
        return switch (buf) {
            case byte[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            // Absolute addressing: the whole buffer from index 0, whatever its position and limit.
            case ByteBuffer bb -> MemorySegment.ofBuffer(bb.duplicate().clear());
            default -> throw new MpiException(ErrorClass.ERR_BUFFER, "unsupported buffer " + buf.getClass());
        };
    }
}
