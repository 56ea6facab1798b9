package org.mpiverify.core.contextid;

import java.util.function.IntFunction;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.mpi.MpiException;

/**
 * The core's context-id allocator with the known-bad nonblocking allocation {@link EmptyEagerFailsAllocation}
 * (generated at build time from {@code twins/patches/lincheck/EmptyEagerFailsAllocation.patch}) in place of
 * {@link NonblockingContextIdAllocation}: an idup whose eager round comes back empty with every member owning
 * its segment fails with "out of context ids" although ids are free. Blocking allocations, releases and round
 * ends are the real allocator's, so only {@code MPI_Comm_idup} is broken. The audit runs it as an unsafe core
 * column that the idup scenarios must reject; it is not thread-unsafe, it is wrong.
 *
 * <p>Thread safety and memory consistency effects: those of {@link MultithreadedContextIdAllocator}, to
 * which every call is forwarded; this class has no state of its own.
 */
public final class EmptyEagerFailsIdupAllocator implements ContextIdAllocator {
    /** The twin's name in reports. */
    public static final String NAME = "EmptyEagerFailsAllocation";

    private final MultithreadedContextIdAllocator real;

    public EmptyEagerFailsIdupAllocator(int capacity) {
        this.real = new MultithreadedContextIdAllocator(capacity, false);
    }

    @Override
    public int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException {
        return real.allocate(parentContext, tag, allreduce);
    }

    @Override
    public Schedule allocateNonblocking(int parentContext, int tag, MaskIallreduce allreduce, IntFunction<Object> onId) {
        return new EmptyEagerFailsAllocation(new EmptyEagerFailsAllocation.Rounds() {
            @Override
            public int enter(long key, boolean firstRound, long[] words, int[] counts) {
                return real.enterRound(key, firstRound, words, counts, null);
            }

            @Override
            public int finish(long key, boolean firstRound, int own, long[] words, int[] counts) {
                return real.finishRound(key, firstRound, own, words, counts, null);
            }

            @Override
            public void giveBack(long key, int own) {
                real.abandon(key, own);
            }
        }, ContextIdKey.of(parentContext, tag), allreduce, onId);
    }

    @Override
    public void onRoundEnd(Runnable r) {
        real.onRoundEnd(r);
    }

    @Override
    public void release(int id) {
        real.release(id);
    }

    @Override
    public int freeCount() {
        return real.freeCount();
    }

    @Override
    public int capacity() {
        return real.capacity();
    }
}
