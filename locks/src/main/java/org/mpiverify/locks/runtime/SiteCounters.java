package org.mpiverify.locks.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counters indexed by site id, growable without a lock on the increment path: chunks of 1024 counters
 * are created on first use (under this object's lock) and published through a volatile array.
 */
final class SiteCounters {
    private static final int CHUNK = 1024;
    private volatile AtomicLongArray[] chunks = new AtomicLongArray[4];

    void add(int site, long n) {
        int c = site / CHUNK;
        AtomicLongArray[] cs = chunks;
        AtomicLongArray a = c < cs.length ? cs[c] : null;
        if (a == null) {
            a = chunk(c);
        }
        a.getAndAdd(site % CHUNK, n);
    }

    private synchronized AtomicLongArray chunk(int c) {
        AtomicLongArray[] cs = chunks;
        if (c >= cs.length) {
            AtomicLongArray[] bigger = new AtomicLongArray[Math.max(c + 1, cs.length * 2)];
            System.arraycopy(cs, 0, bigger, 0, cs.length);
            cs = bigger;
        }
        if (cs[c] == null) {
            cs[c] = new AtomicLongArray(CHUNK);
        }
        chunks = cs;
        return cs[c];
    }

    /** Site id to count, for the sites with a nonzero count, in id order. */
    Map<Integer, Long> nonZero() {
        Map<Integer, Long> out = new LinkedHashMap<>();
        AtomicLongArray[] cs = chunks;
        for (int c = 0; c < cs.length; c++) {
            if (cs[c] == null) {
                continue;
            }
            for (int i = 0; i < CHUNK; i++) {
                long v = cs[c].get(i);
                if (v != 0) {
                    out.put(c * CHUNK + i, v);
                }
            }
        }
        return out;
    }
}
