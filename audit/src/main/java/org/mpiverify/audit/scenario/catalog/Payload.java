package org.mpiverify.audit.scenario.catalog;

/**
 * A message that says who sent it and proves it arrived intact:
 * {@code [source, thread, seq, length, checksum, data...]}, {@code length} counting every int.
 * Data words are a hash of (source, thread, seq, index), so a message delivered into the wrong
 * buffer, truncated or mixed with another one fails {@link #check}.
 */
public final class Payload {
    public static final int HEADER = 5;
    private static final int SOURCE = 0, THREAD = 1, SEQ = 2, LENGTH = 3, CHECKSUM = 4;

    private Payload() { }

    public static int[] make(int source, int thread, int seq, int length) {
        if (length < HEADER) throw new IllegalArgumentException("a payload has at least " + HEADER + " ints");
        int[] m = new int[length];
        m[SOURCE] = source;
        m[THREAD] = thread;
        m[SEQ] = seq;
        m[LENGTH] = length;
        int sum = 0;
        for (int i = HEADER; i < length; i++) {
            m[i] = word(source, thread, seq, i);
            sum += m[i];
        }
        m[CHECKSUM] = sum;
        return m;
    }

    /** Null if {@code buf[0..count)} is an intact payload, else what is wrong with it. */
    public static String check(int[] buf, int count) {
        if (count < HEADER) return "only " + count + " ints, shorter than a payload header";
        if (buf[LENGTH] != count) return "header says " + buf[LENGTH] + " ints, status says " + count;
        int sum = 0;
        for (int i = HEADER; i < count; i++) {
            if (buf[i] != word(buf[SOURCE], buf[THREAD], buf[SEQ], i)) {
                return "word " + i + " of " + describe(buf) + " is corrupt";
            }
            sum += buf[i];
        }
        return sum == buf[CHECKSUM] ? null : "checksum of " + describe(buf) + " is wrong";
    }

    public static int source(int[] buf) { return buf[SOURCE]; }
    public static int thread(int[] buf) { return buf[THREAD]; }
    public static int seq(int[] buf) { return buf[SEQ]; }
    public static int length(int[] buf) { return buf[LENGTH]; }

    public static String describe(int[] buf) {
        return "message (src " + buf[SOURCE] + ", thread " + buf[THREAD] + ", seq " + buf[SEQ] + ", "
                + buf[LENGTH] + " ints)";
    }

    private static int word(int source, int thread, int seq, int index) {
        int h = source * 0x9E3779B1 ^ thread * 0x85EBCA6B ^ seq * 0xC2B2AE35 ^ index * 0x27D4EB2F;
        return h ^ (h >>> 15);
    }
}
