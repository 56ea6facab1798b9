package org.mpiverify.core.coll;

/**
 * The values every element of a collective's buffers must have in the sweeps of the nonblocking collectives
 * (this package's {@code ScheduleSweep}, the core's {@code CollectiveSweep}): each a function of the rank,
 * the index and a salt alone, never of another collective's result, and distinct for every (salt, rank,
 * index), so that a block from the wrong rank, at the wrong offset or from the wrong round shows.
 */
public final class SweepValues {
    private SweepValues() {}

    /** Elements of 8 bytes in the core's default eager limit (16 KiB). */
    public static final int EAGER_MAX = 16 * 1024 / 8;
    /** Counts: well under the eager limit, the largest eager message, the smallest rendezvous one, three times it. */
    public static final int EAGER = 100, AT_LIMIT = EAGER_MAX, RENDEZVOUS = EAGER_MAX + 1, LARGE = 3 * EAGER_MAX + 5;
    /** What an output element holds before the collective writes it. */
    public static final long SENTINEL = Long.MIN_VALUE + 12345;

    /** The LONG contribution of {@code rank} at {@code i}. */
    public static long v(int rank, int i, int salt) {
        return salt * 1_000_000_007L + rank * 1_000_003L + i * 7L + 1;
    }

    /** The INT contribution of {@code rank} at {@code i}. */
    public static int vi(int rank, int i, int salt) {
        return (salt * 7919 + rank * 104_729 + i * 3 + 1) & 0x3fff_ffff;
    }

    /** What rank {@code from} sends rank {@code to} at {@code i} in an alltoall. */
    public static long x(int from, int to, int i, int salt) {
        return salt * 1_000_000_007L + from * 1_000_003L + to * 10_007L + i;
    }

    /** The SUM over {@code n} ranks of {@link #v} at {@code i}, added up here, in a loop over the ranks. */
    public static long sum(int n, int i, int salt) {
        long s = 0;
        for (int r = 0; r < n; r++) s += v(r, i, salt);
        return s;
    }

    /** The MAX over {@code n} ranks of {@link #vi} at {@code i}. */
    public static int max(int n, int i, int salt) {
        int m = Integer.MIN_VALUE;
        for (int r = 0; r < n; r++) m = Math.max(m, vi(r, i, salt));
        return m;
    }

    /** The v-collectives' counts: one less, the same and one more than {@code count}, by rank. */
    public static int[] vCounts(int n, int count) {
        int[] c = new int[n];
        for (int r = 0; r < n; r++) c[r] = count + r % 3 - 1;
        return c;
    }

    /** Displacements with a gap of one element before each block (the gaps must stay untouched). */
    public static int[] vDispls(int[] counts) {
        int[] d = new int[counts.length];
        int at = 0;
        for (int r = 0; r < counts.length; r++) {
            d[r] = at + 1;
            at += counts[r] + 1;
        }
        return d;
    }

    /** The length of a v-collective's whole buffer: every block, its gap, and a gap at the end. */
    public static int vTotal(int[] counts) {
        int t = 0;
        for (int c : counts) t += c + 1;
        return t + 1;
    }

    /** An element's expected value by index. */
    @FunctionalInterface
    public interface Expected {
        long at(int i);
    }

    public static long[] filled(int n, Expected f) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = f.at(i);
        return a;
    }

    /** Fails at the first element of {@code a} that is not {@code expected}'s, saying which and where. */
    public static void expectEach(String what, long[] a, Expected expected, String where) {
        for (int i = 0; i < a.length; i++) {
            long e = expected.at(i);
            if (a[i] != e) {
                throw new AssertionError(what + ": element " + i + " of " + a.length + " is " + a[i] + ", expected " + e
                        + " (" + where + ")");
            }
        }
    }

    public static void expectEach(String what, int[] a, Expected expected, String where) {
        for (int i = 0; i < a.length; i++) {
            long e = expected.at(i);
            if (a[i] != e) {
                throw new AssertionError(what + ": element " + i + " of " + a.length + " is " + a[i] + ", expected " + e
                        + " (" + where + ")");
            }
        }
    }

    /** The expected v-collective buffer: each rank's block at its displacement, the gaps {@link #SENTINEL}. */
    public static long[] vExpected(int[] counts, int[] displs, int salt, boolean fromRoot, int root) {
        long[] e = filled(vTotal(counts), i -> SENTINEL);
        for (int r = 0; r < counts.length; r++) {
            for (int i = 0; i < counts[r]; i++) e[displs[r] + i] = fromRoot ? v(root, displs[r] + i, salt) : v(r, i, salt);
        }
        return e;
    }
}
