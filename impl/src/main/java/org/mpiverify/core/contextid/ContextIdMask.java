package org.mpiverify.core.contextid;

/**
 * Bit operations on a context-id mask: {@value #WORDS} {@code long}s, bit {@code id % 64} of word
 * {@code id / 64} set iff {@code id} is free (Gropp &amp; Thakur §5.1). Stateless; callers guard the
 * arrays they pass.
 */
final class ContextIdMask {
    /** Words in a full mask. */
    static final int WORDS = 16;
    /** Ids in a full mask. */
    static final int MAX_CAPACITY = WORDS * Long.SIZE;

    private ContextIdMask() {}

    /** A mask with ids {@code [FIRST_DYNAMIC_ID, capacity)} free and every other id taken. */
    static long[] initial(int capacity) {
        if (capacity <= ContextIdAllocator.FIRST_DYNAMIC_ID || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be in (" + ContextIdAllocator.FIRST_DYNAMIC_ID
                    + ", " + MAX_CAPACITY + "]: " + capacity);
        }
        long[] mask = new long[WORDS];
        for (int id = ContextIdAllocator.FIRST_DYNAMIC_ID; id < capacity; id++) {
            set(mask, id);
        }
        return mask;
    }

    /** The lowest id set in the first {@value #WORDS} words of {@code words}, or -1 if none is. */
    static int lowestSetBit(long[] words) {
        for (int w = 0; w < WORDS; w++) {
            if (words[w] != 0) {
                return w * Long.SIZE + Long.numberOfTrailingZeros(words[w]);
            }
        }
        return -1;
    }

    static boolean isSet(long[] mask, int id) {
        return (mask[id >>> 6] & (1L << id)) != 0;   // shift distance is taken mod 64
    }

    static void set(long[] mask, int id) {
        mask[id >>> 6] |= 1L << id;
    }

    static void clear(long[] mask, int id) {
        mask[id >>> 6] &= ~(1L << id);
    }

    /** Whether {@code a} and {@code b} have an id in common. */
    static boolean intersects(long[] a, long[] b) {
        for (int w = 0; w < WORDS; w++) {
            if ((a[w] & b[w]) != 0) return true;
        }
        return false;
    }

    static int count(long[] mask) {
        int n = 0;
        for (int w = 0; w < WORDS; w++) {
            n += Long.bitCount(mask[w]);
        }
        return n;
    }
}
