package org.mpiverify.core.contextid;

/**
 * The priority key {@code (parentContext, tag)} packed into one {@code long} so that signed
 * {@code long} order is the lexicographic order of the pair: the parent context in the high 32 bits,
 * the tag with its sign bit flipped (so that -1 sorts below 0) in the low 32 bits.
 */
final class ContextIdKey {
    /** "No thread is contending": above every real key (the paper's {@code MAXINT}). */
    static final long NONE = Long.MAX_VALUE;

    private ContextIdKey() {}

    static long of(int parentContext, int tag) {
        long key = ((long) parentContext << 32) | ((tag ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL);
        if (key == NONE) {
            throw new IllegalArgumentException("(parentContext, tag) = (MAX_VALUE, MAX_VALUE) is reserved");
        }
        return key;
    }

    static String toString(long key) {
        if (key == NONE) return "NONE";
        return "(" + (int) (key >> 32) + ", " + (((int) key) ^ Integer.MIN_VALUE) + ")";
    }
}
