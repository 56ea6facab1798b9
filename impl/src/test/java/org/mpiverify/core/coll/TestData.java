package org.mpiverify.core.coll;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.IntToLongFunction;

import org.mpiverify.mpi.Datatype;

/**
 * Test data in every buffer kind, and exact read-back. Values are given and compared as "bits": the
 * element's value as a long for integer types (CHAR zero-extended, others sign-extended), the raw IEEE
 * bits for FLOAT and DOUBLE, so comparisons are bitwise.
 */
public final class TestData {
    private TestData() {}

    enum Kind { ARRAY, HEAP, DIRECT }

    static final Datatype[] TYPES = Datatype.values();

    /** A buffer of {@code kind} with {@code n} elements; element i is {@code value(i)} converted to {@code type}. */
    static Object buffer(Datatype type, Kind kind, int n, IntToLongFunction value) {
        Object a = switch (type) {
            case BYTE -> { byte[] x = new byte[n]; for (int i = 0; i < n; i++) x[i] = (byte) value.applyAsLong(i); yield x; }
            case SHORT -> { short[] x = new short[n]; for (int i = 0; i < n; i++) x[i] = (short) value.applyAsLong(i); yield x; }
            case CHAR -> { char[] x = new char[n]; for (int i = 0; i < n; i++) x[i] = (char) value.applyAsLong(i); yield x; }
            case INT -> { int[] x = new int[n]; for (int i = 0; i < n; i++) x[i] = (int) value.applyAsLong(i); yield x; }
            case LONG -> { long[] x = new long[n]; for (int i = 0; i < n; i++) x[i] = value.applyAsLong(i); yield x; }
            case FLOAT -> { float[] x = new float[n]; for (int i = 0; i < n; i++) x[i] = value.applyAsLong(i); yield x; }
            case DOUBLE -> { double[] x = new double[n]; for (int i = 0; i < n; i++) x[i] = value.applyAsLong(i); yield x; }
        };
        return kind == Kind.ARRAY ? a : toByteBuffer(a, type, n, kind == Kind.DIRECT);
    }

    /** A zero-filled buffer of {@code kind}. */
    static Object zeros(Datatype type, Kind kind, int n) { return buffer(type, kind, n, i -> 0); }

    /** A buffer of {@code kind} holding the given element bits. */
    static Object fromBits(Datatype type, Kind kind, long[] bits) {
        Object b = zeros(type, kind, bits.length);
        for (int i = 0; i < bits.length; i++) setBits(b, type, i, bits[i]);
        return b;
    }

    private static ByteBuffer toByteBuffer(Object array, Datatype type, int n, boolean direct) {
        ByteBuffer bb = (direct ? ByteBuffer.allocateDirect(n * type.size()) : ByteBuffer.allocate(n * type.size()))
                .order(ByteOrder.nativeOrder());
        for (int i = 0; i < n; i++) setBits(bb, type, i, bits(array, type, i));
        return bb;
    }

    /** The bits of element {@code i}. */
    static long bits(Object buf, Datatype type, int i) {
        if (buf instanceof ByteBuffer b) {
            ByteBuffer bb = b.duplicate().order(ByteOrder.nativeOrder());
            int at = i * type.size();
            return switch (type) {
                case BYTE -> bb.get(at);
                case SHORT -> bb.getShort(at);
                case CHAR -> bb.getChar(at);
                case INT, FLOAT -> type == Datatype.INT ? bb.getInt(at) : bb.getInt(at) & 0xFFFF_FFFFL;
                case LONG, DOUBLE -> bb.getLong(at);
            };
        }
        return switch (buf) {
            case byte[] a -> a[i];
            case short[] a -> a[i];
            case char[] a -> a[i];
            case int[] a -> a[i];
            case long[] a -> a[i];
            case float[] a -> Float.floatToRawIntBits(a[i]) & 0xFFFF_FFFFL;
            case double[] a -> Double.doubleToRawLongBits(a[i]);
            default -> throw new IllegalArgumentException(buf.getClass().toString());
        };
    }

    public static void setBits(Object buf, Datatype type, int i, long bits) {
        if (buf instanceof ByteBuffer b) {
            ByteBuffer bb = b.duplicate().order(ByteOrder.nativeOrder());
            int at = i * type.size();
            switch (type) {
                case BYTE -> bb.put(at, (byte) bits);
                case SHORT, CHAR -> bb.putShort(at, (short) bits);
                case INT, FLOAT -> bb.putInt(at, (int) bits);
                case LONG, DOUBLE -> bb.putLong(at, bits);
            }
            return;
        }
        switch (buf) {
            case byte[] a -> a[i] = (byte) bits;
            case short[] a -> a[i] = (short) bits;
            case char[] a -> a[i] = (char) bits;
            case int[] a -> a[i] = (int) bits;
            case long[] a -> a[i] = bits;
            case float[] a -> a[i] = Float.intBitsToFloat((int) bits);
            case double[] a -> a[i] = Double.longBitsToDouble(bits);
            default -> throw new IllegalArgumentException(buf.getClass().toString());
        }
    }

    /** Bits of elements {@code [off, off+n)}. */
    static long[] bits(Object buf, Datatype type, int off, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = bits(buf, type, off + i);
        return out;
    }

    /** The bits of {@code value} as an element of {@code type} (FP types: the value converted, not reinterpreted). */
    static long bitsOf(Datatype type, long value) {
        return switch (type) {
            case BYTE -> (byte) value;
            case SHORT -> (short) value;
            case CHAR -> (char) value;
            case INT -> (int) value;
            case LONG -> value;
            case FLOAT -> Float.floatToRawIntBits((float) value) & 0xFFFF_FFFFL;
            case DOUBLE -> Double.doubleToRawLongBits((double) value);
        };
    }
}
