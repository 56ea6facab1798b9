package org.mpiverify.core.coll;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.MpiOp;
import org.mpiverify.mpi.Op;
import org.mpiverify.mpi.UserOp;

/**
 * Element-wise application of the predefined reduction operations (MPI-3.1 §5.9.2) and of user-defined ones
 * ({@link UserOp}, §5.9.5: its function, called once per application), the local step of every reducing
 * collective.
 *
 * <p>{@link #apply} computes {@code inout[i] = in[i] op inout[i]}. MPI evaluates a reduction in rank
 * order with {@code in} holding the lower ranks' partial result; the collectives keep to that order even
 * though every predefined op is commutative, so that (a) the floating-point association is a function of
 * the communicator size alone, and (b) two ranks that combine the same two operands do the very same
 * floating-point operation and get bitwise-identical results.
 *
 * <p>Semantics per op: arithmetic ops wrap around on integer types like Java arithmetic of the element
 * type ({@code CHAR} is unsigned 16-bit); {@code MIN}/{@code MAX} on floating types are
 * {@link Math#min(double, double)}/{@link Math#max(double, double)} (NaN wins, -0.0 &lt; 0.0); logical ops
 * treat non-zero (and NaN) as true and produce 1 or 0; bitwise ops on FLOAT or DOUBLE are
 * {@link ErrorClass#ERR_OP}.
 *
 * <p>When both buffers are arrays each (op, type) pair is one tight typed loop. A {@link ByteBuffer} on
 * either side goes through {@link MemorySegment} views with native-order unaligned accessors, computing
 * integer types in {@code long} and floating types in {@code double}; narrowing the result back gives the
 * same value as the typed loop (integers: same low bits; floats: float +, * and min/max evaluated in double
 * and rounded once equal the float operation, since double has more than 2·24+2 significand bits).
 */
public final class Reductions {
    private Reductions() {}

    /**
     * {@code inout[inoutOffset + i] = in[inOffset + i] op inout[inoutOffset + i]} for {@code i < count}.
     * {@code in} and {@code inout} may be any buffers of {@code type} (arrays or ByteBuffers, even of
     * different kinds); they must not overlap unless they are the same region.
     *
     * @throws MpiException ERR_OP if {@code op} is null or not defined on {@code type}, ERR_TYPE if
     *         {@code type} is null, ERR_COUNT if {@code count < 0}, ERR_BUFFER for a bad buffer or region
     */
    public static void apply(MpiOp op, Datatype type, Object in, int inOffset, Object inout, int inoutOffset,
                             int count) throws MpiException {
        check(op, type);
        if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, "negative count " + count);
        CollectiveArgs.region("reduction input", in, inOffset, count, type, false);
        CollectiveArgs.region("reduction in/out buffer", inout, inoutOffset, count, type, true);
        if (count == 0) return;
        if (op instanceof UserOp u) {
            u.apply(in, inOffset, inout, inoutOffset, count, type);
            return;
        }
        applyPredefined((Op) op, type, in, inOffset, inout, inoutOffset, count);
    }

    private static void applyPredefined(Op op, Datatype type, Object in, int inOffset, Object inout, int inoutOffset,
                                        int count) {
        switch (in) {
            case byte[] x when inout instanceof byte[] y -> applyByte(op, x, inOffset, y, inoutOffset, count);
            case short[] x when inout instanceof short[] y -> applyShort(op, x, inOffset, y, inoutOffset, count);
            case char[] x when inout instanceof char[] y -> applyChar(op, x, inOffset, y, inoutOffset, count);
            case int[] x when inout instanceof int[] y -> applyInt(op, x, inOffset, y, inoutOffset, count);
            case long[] x when inout instanceof long[] y -> applyLong(op, x, inOffset, y, inoutOffset, count);
            case float[] x when inout instanceof float[] y -> applyFloat(op, x, inOffset, y, inoutOffset, count);
            case double[] x when inout instanceof double[] y -> applyDouble(op, x, inOffset, y, inoutOffset, count);
            default -> applySegments(op, type, Buffers.segment(in), inOffset, Buffers.segment(inout), inoutOffset,
                    count);
        }
    }

    /** A fresh array of {@code count} elements of {@code type}: a temporary buffer for a collective. */
    public static Object allocateLike(Datatype type, int count) {
        return switch (type) {
            case BYTE -> new byte[count];
            case SHORT -> new short[count];
            case CHAR -> new char[count];
            case INT -> new int[count];
            case LONG -> new long[count];
            case FLOAT -> new float[count];
            case DOUBLE -> new double[count];
        };
    }

    /** Throws the error class MPI gives to an undefined (op, type) pair. */
    static void check(MpiOp op, Datatype type) throws MpiException {
        if (type == null) throw new MpiException(ErrorClass.ERR_TYPE, "null datatype");
        switch (op) {
            case null -> throw new MpiException(ErrorClass.ERR_OP, "null op");
            case Op p -> {
                if (!p.appliesTo(type)) throw undefined(op, type);
            }
            case UserOp u -> { }    // defined on every predefined type: the function decides
            default -> throw new MpiException(ErrorClass.ERR_OP, "not an op of this MPI: " + op.getClass().getName());
        }
    }

    private static MpiException undefined(MpiOp op, Datatype type) {
        return new MpiException(ErrorClass.ERR_OP, op + " is not defined on " + type);
    }

    private static void applySegments(Op op, Datatype type, MemorySegment x, long xo, MemorySegment y, long yo,
                                      int n) {
        long size = type.size();
        for (int i = 0; i < n; i++) {
            long xa = (xo + i) * size, ya = (yo + i) * size;
            switch (type) {
                case BYTE -> y.set(ValueLayout.JAVA_BYTE, ya,
                        (byte) combine(op, x.get(ValueLayout.JAVA_BYTE, xa), y.get(ValueLayout.JAVA_BYTE, ya)));
                case SHORT -> y.set(ValueLayout.JAVA_SHORT_UNALIGNED, ya, (short) combine(op,
                        x.get(ValueLayout.JAVA_SHORT_UNALIGNED, xa), y.get(ValueLayout.JAVA_SHORT_UNALIGNED, ya)));
                case CHAR -> y.set(ValueLayout.JAVA_CHAR_UNALIGNED, ya, (char) combine(op,
                        x.get(ValueLayout.JAVA_CHAR_UNALIGNED, xa), y.get(ValueLayout.JAVA_CHAR_UNALIGNED, ya)));
                case INT -> y.set(ValueLayout.JAVA_INT_UNALIGNED, ya, (int) combine(op,
                        x.get(ValueLayout.JAVA_INT_UNALIGNED, xa), y.get(ValueLayout.JAVA_INT_UNALIGNED, ya)));
                case LONG -> y.set(ValueLayout.JAVA_LONG_UNALIGNED, ya, combine(op,
                        x.get(ValueLayout.JAVA_LONG_UNALIGNED, xa), y.get(ValueLayout.JAVA_LONG_UNALIGNED, ya)));
                case FLOAT -> y.set(ValueLayout.JAVA_FLOAT_UNALIGNED, ya, (float) combine(op,
                        x.get(ValueLayout.JAVA_FLOAT_UNALIGNED, xa), y.get(ValueLayout.JAVA_FLOAT_UNALIGNED, ya)));
                case DOUBLE -> y.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, ya, combine(op,
                        x.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, xa), y.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, ya)));
            }
        }
    }

    private static long combine(Op op, long x, long y) {
        return switch (op) {
            case SUM -> x + y;
            case PROD -> x * y;
            case MIN -> Math.min(x, y);
            case MAX -> Math.max(x, y);
            case LAND -> x != 0 && y != 0 ? 1 : 0;
            case LOR -> x != 0 || y != 0 ? 1 : 0;
            case LXOR -> (x != 0) != (y != 0) ? 1 : 0;
            case BAND -> x & y;
            case BOR -> x | y;
            case BXOR -> x ^ y;
        };
    }

    private static double combine(Op op, double x, double y) {
        return switch (op) {
            case SUM -> x + y;
            case PROD -> x * y;
            case MIN -> Math.min(x, y);
            case MAX -> Math.max(x, y);
            case LAND -> x != 0 && y != 0 ? 1 : 0;
            case LOR -> x != 0 || y != 0 ? 1 : 0;
            case LXOR -> (x != 0) != (y != 0) ? 1 : 0;
            case BAND, BOR, BXOR -> throw undefined(op, Datatype.DOUBLE);
        };
    }

    // One loop per (type, op): the switch is outside the loop so each loop compiles to straight-line code.

    private static void applyByte(Op op, byte[] x, int xo, byte[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (x[xo + i] + y[yo + i]); }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (x[xo + i] * y[yo + i]); }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (Math.min(x[xo + i], y[yo + i])); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (Math.max(x[xo + i], y[yo + i])); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? (byte) 1 : (byte) 0; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? (byte) 1 : (byte) 0; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? (byte) 1 : (byte) 0; }
            case BAND -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (x[xo + i] & y[yo + i]); }
            case BOR -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (x[xo + i] | y[yo + i]); }
            case BXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (byte) (x[xo + i] ^ y[yo + i]); }
        }
    }

    private static void applyShort(Op op, short[] x, int xo, short[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (x[xo + i] + y[yo + i]); }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (x[xo + i] * y[yo + i]); }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (Math.min(x[xo + i], y[yo + i])); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (Math.max(x[xo + i], y[yo + i])); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? (short) 1 : (short) 0; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? (short) 1 : (short) 0; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? (short) 1 : (short) 0; }
            case BAND -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (x[xo + i] & y[yo + i]); }
            case BOR -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (x[xo + i] | y[yo + i]); }
            case BXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (short) (x[xo + i] ^ y[yo + i]); }
        }
    }

    private static void applyChar(Op op, char[] x, int xo, char[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (x[xo + i] + y[yo + i]); }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (x[xo + i] * y[yo + i]); }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (Math.min(x[xo + i], y[yo + i])); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (Math.max(x[xo + i], y[yo + i])); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? (char) 1 : (char) 0; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? (char) 1 : (char) 0; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? (char) 1 : (char) 0; }
            case BAND -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (x[xo + i] & y[yo + i]); }
            case BOR -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (x[xo + i] | y[yo + i]); }
            case BXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (char) (x[xo + i] ^ y[yo + i]); }
        }
    }

    private static void applyInt(Op op, int[] x, int xo, int[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] + y[yo + i]; }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] * y[yo + i]; }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = Math.min(x[xo + i], y[yo + i]); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = Math.max(x[xo + i], y[yo + i]); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? 1 : 0; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? 1 : 0; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? 1 : 0; }
            case BAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] & y[yo + i]; }
            case BOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] | y[yo + i]; }
            case BXOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] ^ y[yo + i]; }
        }
    }

    private static void applyLong(Op op, long[] x, int xo, long[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] + y[yo + i]; }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] * y[yo + i]; }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = Math.min(x[xo + i], y[yo + i]); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = Math.max(x[xo + i], y[yo + i]); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? 1L : 0L; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? 1L : 0L; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? 1L : 0L; }
            case BAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] & y[yo + i]; }
            case BOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] | y[yo + i]; }
            case BXOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] ^ y[yo + i]; }
        }
    }

    private static void applyFloat(Op op, float[] x, int xo, float[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] + y[yo + i]; }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] * y[yo + i]; }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = Math.min(x[xo + i], y[yo + i]); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = Math.max(x[xo + i], y[yo + i]); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? 1f : 0f; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? 1f : 0f; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? 1f : 0f; }
            case BAND, BOR, BXOR -> throw undefined(op, Datatype.FLOAT);
        }
    }

    private static void applyDouble(Op op, double[] x, int xo, double[] y, int yo, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] + y[yo + i]; }
            case PROD -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] * y[yo + i]; }
            case MIN -> { for (int i = 0; i < n; i++) y[yo + i] = Math.min(x[xo + i], y[yo + i]); }
            case MAX -> { for (int i = 0; i < n; i++) y[yo + i] = Math.max(x[xo + i], y[yo + i]); }
            case LAND -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 && y[yo + i] != 0 ? 1d : 0d; }
            case LOR -> { for (int i = 0; i < n; i++) y[yo + i] = x[xo + i] != 0 || y[yo + i] != 0 ? 1d : 0d; }
            case LXOR -> { for (int i = 0; i < n; i++) y[yo + i] = (x[xo + i] != 0) != (y[yo + i] != 0) ? 1d : 0d; }
            case BAND, BOR, BXOR -> throw undefined(op, Datatype.DOUBLE);
        }
    }
}
