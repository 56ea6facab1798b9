package org.mpiverify.core.buffer;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Checks and copies message buffers, for point-to-point and collectives alike. A buffer is a Java array
 * of the datatype's element type or a {@link ByteBuffer} (heap or direct) holding elements in native
 * byte order, whatever its {@code order()}; offsets and counts are in elements. A ByteBuffer's elements
 * run from index 0 to its {@code limit()}: its position is ignored, as in the absolute bulk methods.
 */
public final class Buffers {
    private Buffers() {
    }

    /** Throws ERR_TYPE, ERR_COUNT or ERR_BUFFER unless {@code buf[offset, offset+count)} is a valid region of {@code type}. */
    public static void check(Object buf, int offset, int count, Datatype type) {
        checkTypeAndCount(count, type);
        checkRegion("buffer", buf, offset, count, type, false);
    }

    /** As {@link #check}, and the buffer must be writable (a receive buffer). */
    public static void checkWritable(Object buf, int offset, int count, Datatype type) {
        checkTypeAndCount(count, type);
        checkRegion("receive buffer", buf, offset, count, type, true);
    }

    private static void checkTypeAndCount(int count, Datatype type) {
        if (type == null) {
            throw new MpiException(ErrorClass.ERR_TYPE, "datatype is null");
        }
        if (count < 0) {
            throw new MpiException(ErrorClass.ERR_COUNT, "count " + count + " is negative");
        }
    }

    /**
     * Checks that {@code buf[offset .. offset+count)} is a valid region of a buffer of {@code type}, and
     * writable if {@code writable}. A null buffer is allowed only for {@code count == 0}, as in MPI. The count
     * is a {@code long} because callers pass products such as {@code size * count}.
     */
    public static void checkRegion(String what, Object buf, int offset, long count, Datatype type, boolean writable) {
        if (buf == null) {
            if (count == 0) {
                return;
            }
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is null");
        }
        if (!type.accepts(buf)) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is a " + buf.getClass().getSimpleName()
                    + ", not a buffer of " + type + " (" + type.arrayClass().getSimpleName() + " or ByteBuffer)");
        }
        if (writable && buf instanceof ByteBuffer bb && bb.isReadOnly() && count > 0) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is a read-only ByteBuffer");
        }
        // long arithmetic: offset + count may overflow int
        if (offset < 0 || offset + count > capacity(buf, type)) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + ": elements [" + offset + ", " + (offset + count)
                    + ") out of range, capacity " + capacity(buf, type) + " " + type);
        }
    }

    /** Number of elements of {@code type} that {@code buf} holds ({@code buf} must be accepted by {@code type}). */
    public static int capacity(Object buf, Datatype type) {
        if (buf instanceof ByteBuffer bb) {
            return bb.limit() / type.size();
        }
        return Array.getLength(buf);
    }

    /** Copies {@code count} elements of {@code type} from {@code src[srcOffset..]} to {@code dst[dstOffset..]}. */
    public static void copy(Datatype type, Object src, int srcOffset, Object dst, int dstOffset, int count) {
        copy(src, srcOffset, type, dst, dstOffset, type, (long) count * type.size());
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

    /** Copies {@code bytes} bytes from a typed buffer into a byte array packet at 0; none from a null buffer of count 0. */
    public static void pack(Object src, int srcOffset, Datatype srcType, byte[] packet, long bytes) {
        if (bytes == 0) {
            return;
        }
        if (!packArray(src, srcOffset, srcType, packet, (int) bytes)) {
            copy(src, srcOffset, srcType, packet, 0, Datatype.BYTE, bytes);
        }
    }

    /** The first {@code n} (at most 8) bytes of {@code packet} as one word, the first in the low byte. */
    public static long word(byte[] packet, int n) {
        long w = 0;
        for (int i = 0; i < n; i++) {
            w |= (packet[i] & 0xFFL) << (8 * i);
        }
        return w;
    }

    /**
     * Copies the {@code n} (at most 8) bytes of a {@link #word} into a typed buffer, through {@code scratch} (8
     * bytes, the caller's own): as {@link #unpack} of the packet the word was taken from.
     */
    public static void unpackWord(long w, byte[] scratch, Object dst, int dstOffset, Datatype dstType, long n) {
        for (int i = 0; i < n; i++) {
            scratch[i] = (byte) (w >>> (8 * i));
        }
        unpack(scratch, dst, dstOffset, dstType, n);
    }

    /** Copies {@code bytes} bytes from a packet into a typed buffer; none into a null buffer of count 0. */
    public static void unpack(byte[] packet, Object dst, int dstOffset, Datatype dstType, long bytes) {
        if (bytes == 0) {
            return;
        }
        if (!unpackArray(packet, dst, dstOffset, dstType, (int) bytes)) {
            copy(packet, 0, Datatype.BYTE, dst, dstOffset, dstType, bytes);
        }
    }

    // Between a heap array and a packet (a byte array, so bytes fits an int): one bulk copy through a
    // native-order view of the packet. Measured per pack and unpack: two memory segments cost 130 ns for a
    // 264-byte context-id mask (each allocated with a session of its own; 7 % of an iallreduce's CPU
    // samples), element loops with shifts 28 ns for 8 bytes and 380 ns for 256, the view 11-21 ns at each of
    // these sizes, and the same as the segments from 64 KiB on. (Byte-array-view VarHandles would do what the
    // view does, but Lincheck's model checker rejects them.)

    /** Packs a heap array whose elements fill {@code bytes} exactly; false if it is not one. */
    private static boolean packArray(Object src, int off, Datatype type, byte[] p, int bytes) {
        if (bytes % type.size() != 0) {
            return false;
        }
        int n = bytes / type.size();
        switch (src) {
            case byte[] a -> System.arraycopy(a, off, p, 0, n);
            case int[] a -> view(p).asIntBuffer().put(a, off, n);
            case long[] a -> view(p).asLongBuffer().put(a, off, n);
            case double[] a -> view(p).asDoubleBuffer().put(a, off, n);
            case float[] a -> view(p).asFloatBuffer().put(a, off, n);
            case short[] a -> view(p).asShortBuffer().put(a, off, n);
            case char[] a -> view(p).asCharBuffer().put(a, off, n);
            default -> { return false; }
        }
        return true;
    }

    /** Unpacks into a heap array when {@code bytes} is whole elements; false if it is not one. */
    private static boolean unpackArray(byte[] p, Object dst, int off, Datatype type, int bytes) {
        if (bytes % type.size() != 0) {
            return false;
        }
        int n = bytes / type.size();
        switch (dst) {
            case byte[] a -> System.arraycopy(p, 0, a, off, n);
            case int[] a -> view(p).asIntBuffer().get(a, off, n);
            case long[] a -> view(p).asLongBuffer().get(a, off, n);
            case double[] a -> view(p).asDoubleBuffer().get(a, off, n);
            case float[] a -> view(p).asFloatBuffer().get(a, off, n);
            case short[] a -> view(p).asShortBuffer().get(a, off, n);
            case char[] a -> view(p).asCharBuffer().get(a, off, n);
            default -> { return false; }
        }
        return true;
    }

    private static ByteBuffer view(byte[] p) {
        return ByteBuffer.wrap(p).order(ByteOrder.nativeOrder());
    }

    /** A segment over the whole buffer: an array, or a ByteBuffer from index 0 to its limit. */
    public static MemorySegment segment(Object buf) {
        return switch (buf) {
            case byte[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case ByteBuffer bb -> MemorySegment.ofBuffer(bb.duplicate().position(0));
            default -> throw new MpiException(ErrorClass.ERR_BUFFER, "not a buffer: " + buf.getClass());
        };
    }
}
