package org.mpiverify.core.contextid;

/**
 * Test access to the package-private mask layout for the Lincheck suite: builds the other members'
 * contribution to the allreduce (their free ids, plus the ownership word).
 */
public final class ContextIdMasks {
    private ContextIdMasks() {}

    /** Words of the allreduce buffer: the mask plus the ownership word of MultithreadedContextIdAllocator. */
    public static final int BUFFER_WORDS = ContextIdMask.WORDS + 1;

    /** A buffer in which ids {@code [2, capacity)} except {@code taken} are free and the member owns its mask. */
    public static long[] remoteMember(int capacity, int... taken) {
        long[] words = new long[BUFFER_WORDS];
        System.arraycopy(ContextIdMask.initial(capacity), 0, words, 0, ContextIdMask.WORDS);
        for (int id : taken) ContextIdMask.clear(words, id);
        words[ContextIdMask.WORDS] = -1L;
        return words;
    }
}
