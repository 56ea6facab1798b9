package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.coll.TestData.Kind;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.Op;

/** {@link Reductions} against {@link SequentialOps}, element by element and bit for bit. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReductionsTest {
    /** Values that stress every op: zero, one, signs, extremes, and for floats NaN, infinities and -0.0. */
    private static long[] interestingBits(Datatype type, SplittableRandom rnd, int n) {
        long[] special = switch (type) {
            case FLOAT -> new long[] {bf(0f), bf(-0f), bf(1f), bf(-1f), bf(Float.NaN), bf(Float.POSITIVE_INFINITY),
                    bf(Float.NEGATIVE_INFINITY), bf(Float.MAX_VALUE), bf(Float.MIN_VALUE), bf(2.5f)};
            case DOUBLE -> new long[] {bd(0), bd(-0.0), bd(1), bd(-1), bd(Double.NaN), bd(Double.POSITIVE_INFINITY),
                    bd(Double.NEGATIVE_INFINITY), bd(Double.MAX_VALUE), bd(Double.MIN_VALUE), bd(2.5)};
            default -> new long[] {0, 1, -1, 2, Long.MIN_VALUE, Long.MAX_VALUE, 0x5555_5555_5555_5555L, 7, -128, 255};
        };
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long v = rnd.nextInt(3) == 0 ? rnd.nextLong() : special[rnd.nextInt(special.length)];
            out[i] = switch (type) {
                case FLOAT, DOUBLE -> rnd.nextInt(3) == 0 ? TestData.bitsOf(type, rnd.nextInt(-50, 50)) : special[rnd.nextInt(special.length)];
                default -> TestData.bitsOf(type, v);
            };
        }
        return out;
    }

    private static long bf(float f) { return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL; }

    private static long bd(double d) { return Double.doubleToRawLongBits(d); }

    @Test
    void everyOpOnEveryTypeAndBufferKindMatchesTheSequentialSpecification() {
        SplittableRandom rnd = new SplittableRandom(42);
        int checked = 0;
        for (Datatype type : TestData.TYPES) {
            for (Op op : Op.values()) {
                if (!op.appliesTo(type)) continue;
                for (Kind inKind : Kind.values()) {
                    for (Kind ioKind : Kind.values()) {
                        int n = 64, inOff = 3, ioOff = 5;
                        long[] x = interestingBits(type, rnd, n + inOff), y = interestingBits(type, rnd, n + ioOff);
                        Object in = TestData.fromBits(type, inKind, x), inout = TestData.fromBits(type, ioKind, y);
                        Reductions.apply(op, type, in, inOff, inout, ioOff, n);
                        for (int i = 0; i < n + ioOff; i++) {
                            long expected = i < ioOff ? y[i] : SequentialOps.combine(op, type, x[inOff + i - ioOff], y[i]);
                            assertEquals(expected, TestData.bits(inout, type, i),
                                    () -> op + " on " + type + " " + inKind + "->" + ioKind);
                        }
                        assertArrayEquals(x, TestData.bits(in, type, 0, n + inOff), "input must not change");
                        checked++;
                    }
                }
            }
        }
        assertEquals(64 * 9, checked);
    }

    @Test
    void operandOrderIsInOpInout() {
        // All predefined ops are commutative in value, but NaN payloads show the operand order: x86 returns
        // the first operand's NaN for NaN + NaN, and Java does not canonicalise arithmetic NaNs.
        double a = Double.longBitsToDouble(0x7ff8_0000_0000_0001L), b = Double.longBitsToDouble(0x7ff8_0000_0000_0002L);
        double[] in = {a}, inout = {b};
        Reductions.apply(Op.SUM, Datatype.DOUBLE, in, 0, inout, 0, 1);
        assertEquals(Double.doubleToRawLongBits(a + b), Double.doubleToRawLongBits(inout[0]));
    }

    @Test
    void bitwiseOpsOnFloatingTypesAreErrOp() {
        for (Datatype type : new Datatype[] {Datatype.FLOAT, Datatype.DOUBLE}) {
            for (Op op : new Op[] {Op.BAND, Op.BOR, Op.BXOR}) {
                Object a = Reductions.allocateLike(type, 1), b = Reductions.allocateLike(type, 1);
                MpiException e = assertThrows(MpiException.class, () -> Reductions.apply(op, type, a, 0, b, 0, 1));
                assertEquals(ErrorClass.ERR_OP, e.errorClass());
                // also through a ByteBuffer, where the check must not depend on the typed loops
                MpiException f = assertThrows(MpiException.class,
                        () -> Reductions.apply(op, type, ByteBuffer.allocate(8), 0, ByteBuffer.allocate(8), 0, 1));
                assertEquals(ErrorClass.ERR_OP, f.errorClass());
            }
        }
    }

    @Test
    void badArgumentsHaveTheirErrorClasses() {
        int[] a = new int[4];
        assertClass(ErrorClass.ERR_OP, () -> Reductions.apply(null, Datatype.INT, a, 0, a, 0, 1));
        assertClass(ErrorClass.ERR_TYPE, () -> Reductions.apply(Op.SUM, null, a, 0, a, 0, 1));
        assertClass(ErrorClass.ERR_COUNT, () -> Reductions.apply(Op.SUM, Datatype.INT, a, 0, a, 0, -1));
        assertClass(ErrorClass.ERR_BUFFER, () -> Reductions.apply(Op.SUM, Datatype.INT, new long[4], 0, a, 0, 1));
        assertClass(ErrorClass.ERR_BUFFER, () -> Reductions.apply(Op.SUM, Datatype.INT, a, 2, a, 0, 3));
        assertClass(ErrorClass.ERR_BUFFER, () -> Reductions.apply(Op.SUM, Datatype.INT, a, 0, null, 0, 1));
        assertClass(ErrorClass.ERR_BUFFER,
                () -> Reductions.apply(Op.SUM, Datatype.INT, a, 0, ByteBuffer.allocate(16).asReadOnlyBuffer(), 0, 1));
        assertClass(ErrorClass.ERR_BUFFER, () -> Reductions.apply(Op.SUM, Datatype.LONG, a, 0, a, 0, 1));
    }

    @Test
    void allocateLikeGivesTheTypesArray() {
        for (Datatype type : TestData.TYPES) {
            Object buf = Reductions.allocateLike(type, 3);
            assertEquals(type.arrayClass(), buf.getClass());
            assertEquals(3, java.lang.reflect.Array.getLength(buf));
        }
    }

    private static void assertClass(ErrorClass expected, org.junit.jupiter.api.function.Executable call) {
        assertEquals(expected, assertThrows(MpiException.class, call).errorClass());
    }
}
