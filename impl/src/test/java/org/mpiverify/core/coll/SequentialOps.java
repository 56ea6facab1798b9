package org.mpiverify.core.coll;

import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Op;

/**
 * The sequential specification of the reductions, one element at a time on element bits (see
 * {@link TestData}): obviously correct scalar code, written without reference to {@code Reductions}.
 */
final class SequentialOps {
    private SequentialOps() {}

    /** {@code a op b} on bits of {@code type}. */
    static long combine(Op op, Datatype type, long a, long b) {
        return switch (type) {
            case FLOAT -> {
                float x = Float.intBitsToFloat((int) a), y = Float.intBitsToFloat((int) b);
                float z = switch (op) {
                    case SUM -> x + y;
                    case PROD -> x * y;
                    case MIN -> Math.min(x, y);
                    case MAX -> Math.max(x, y);
                    case LAND -> (x != 0 && y != 0) ? 1f : 0f;
                    case LOR -> (x != 0 || y != 0) ? 1f : 0f;
                    case LXOR -> ((x != 0) ^ (y != 0)) ? 1f : 0f;
                    default -> throw new IllegalArgumentException(op + " on FLOAT");
                };
                yield Float.floatToRawIntBits(z) & 0xFFFF_FFFFL;
            }
            case DOUBLE -> {
                double x = Double.longBitsToDouble(a), y = Double.longBitsToDouble(b);
                double z = switch (op) {
                    case SUM -> x + y;
                    case PROD -> x * y;
                    case MIN -> Math.min(x, y);
                    case MAX -> Math.max(x, y);
                    case LAND -> (x != 0 && y != 0) ? 1 : 0;
                    case LOR -> (x != 0 || y != 0) ? 1 : 0;
                    case LXOR -> ((x != 0) ^ (y != 0)) ? 1 : 0;
                    default -> throw new IllegalArgumentException(op + " on DOUBLE");
                };
                yield Double.doubleToRawLongBits(z);
            }
            default -> {
                long z = switch (op) {
                    case SUM -> a + b;
                    case PROD -> a * b;
                    case MIN -> Math.min(a, b);
                    case MAX -> Math.max(a, b);
                    case LAND -> (a != 0 && b != 0) ? 1 : 0;
                    case LOR -> (a != 0 || b != 0) ? 1 : 0;
                    case LXOR -> ((a != 0) ^ (b != 0)) ? 1 : 0;
                    case BAND -> a & b;
                    case BOR -> a | b;
                    case BXOR -> a ^ b;
                };
                yield TestData.bitsOf(type, z);
            }
        };
    }

    /** {@code ((v[0] op v[1]) op v[2]) ...} element-wise over the rows of {@code contributions}. */
    static long[] reduce(Op op, Datatype type, long[][] contributions) {
        long[] acc = contributions[0].clone();
        for (int r = 1; r < contributions.length; r++) {
            for (int i = 0; i < acc.length; i++) acc[i] = combine(op, type, acc[i], contributions[r][i]);
        }
        return acc;
    }
}
