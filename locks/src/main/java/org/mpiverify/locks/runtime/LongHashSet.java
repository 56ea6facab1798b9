package org.mpiverify.locks.runtime;

import java.util.Arrays;

/**
 * A set of longs with open addressing, used by one thread only (so a thread remembers which edges and
 * findings it already reported without touching shared state). Zero is stored out of band.
 */
final class LongHashSet {
    private long[] keys = new long[64];
    private int size;
    private boolean hasZero;

    /** Adds {@code k}; returns true if it was not present. */
    boolean add(long k) {
        if (k == 0) {
            boolean added = !hasZero;
            hasZero = true;
            return added;
        }
        int mask = keys.length - 1;
        int i = (int) mix(k) & mask;
        while (true) {
            long cur = keys[i];
            if (cur == 0) {
                keys[i] = k;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return true;
            }
            if (cur == k) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    void clear() {
        Arrays.fill(keys, 0);
        size = 0;
        hasZero = false;
    }

    private void grow() {
        long[] old = keys;
        keys = new long[old.length * 2];
        size = 0;
        for (long k : old) {
            if (k != 0) {
                add(k);
            }
        }
    }

    static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        return k ^ (k >>> 33);
    }
}
