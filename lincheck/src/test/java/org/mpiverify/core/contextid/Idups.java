package org.mpiverify.core.contextid;

import org.mpiverify.core.coll.Schedule;

/**
 * Test access for the Lincheck suite of the nonblocking allocation: starts one on an allocator, real
 * ({@link NonblockingContextIdAllocation}) or the known-bad twin ({@link EmptyEagerFailsAllocation}), with
 * the allocator's round steps.
 */
public final class Idups {
    private Idups() {}

    /** Tag of the first idup key: above every createGroup tag, as the core's. */
    public static final int FIRST_TAG = 4096;

    public static Schedule start(MultithreadedContextIdAllocator a, int parent, int tag, MaskIallreduce allreduce) {
        return a.allocateNonblocking(parent, tag, allreduce, id -> id);
    }

    public static Schedule startTwin(MultithreadedContextIdAllocator a, int parent, int tag, MaskIallreduce allreduce) {
        return new EmptyEagerFailsAllocation(rounds(a), ContextIdKey.of(parent, tag), allreduce, id -> id);
    }

    private static Adapter rounds(MultithreadedContextIdAllocator a) {
        return new Adapter(a);
    }

    /** The allocator's round steps, for the allocation and for its twin (which has its own copy of the interface). */
    private record Adapter(MultithreadedContextIdAllocator a)
            implements NonblockingContextIdAllocation.Rounds, EmptyEagerFailsAllocation.Rounds {
        @Override
        public int enter(long key, boolean firstRound, long[] words, int[] counts) {
            return a.enterRound(key, firstRound, words, counts, null);
        }

        @Override
        public int finish(long key, boolean firstRound, int own, long[] words, int[] counts) {
            return a.finishRound(key, firstRound, own, words, counts, null);
        }

        @Override
        public void giveBack(long key, int own) {
            a.abandon(key, own);
        }
    }
}
