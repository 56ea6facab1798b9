package org.mpiverify.core.contextid;

import java.util.Objects;

import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.ContextIdStep.Kind;
import org.mpiverify.core.trace.ContextIdStep.Outcome;

import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * EXPERIMENTAL, UNSAFE with several threads per process: Gropp &amp; Thakur 2007 §5.1's single-threaded
 * algorithm made "thread safe" the obvious way §5.2 rejects — one process lock held across the
 * allreduce. With one thread per process it is correct and as cheap as it gets (one allreduce, one
 * lock). With several threads, threads of different processes can take their process locks in
 * different orders and each wait in an allreduce for a member blocked on a lock another waiter holds:
 * a deadlock (e.g. comms A={0,1}, B={1,2}, C={2,0}, one thread each per member; 0 takes its lock for
 * A, 1 for B, 2 for C). Kept for the audit and the benchmarks only.
 *
 * <p>Invariants: every field guarded by lock; the lock is held from the snapshot to the update, so a
 * bit of mask is clear iff its id is live here. Linearization point: the clear under the lock.
 * The lock is taken interruptibly so a test can free a deadlocked thread by interrupting it.
 *
 * <p>Memory consistency effects: as for {@link MaskContextIdAllocator}.
 */
public final class SingleThreadedContextIdAllocator extends MaskContextIdAllocator {

    public SingleThreadedContextIdAllocator() {
        this(ContextIdMask.MAX_CAPACITY, false);
    }

    public SingleThreadedContextIdAllocator(int capacity, boolean countStats) {
        super(capacity, countStats);
    }

    @Override
    public int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException {
        Objects.requireNonNull(allreduce, "allreduce");
        final TracedCall traced = traceCall(parentContext, tag, allreduce);   // null unless recording
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MpiException(ErrorClass.ERR_OTHER, "interrupted while waiting for the context-id lock", e);
        }
        try {
            long[] words = mask.clone();
            if (traced != null) traced.step(Kind.ENTER, true, words, null, false, ContextIdStep.NO_KEY, -1, Outcome.WAITS);
            try {
                allreduce.allreduceBand(words);        // UNSAFE: the process lock is held while we wait
            } catch (RuntimeException | Error e) {
                if (traced != null) traced.step(Kind.ABANDON, false, null, null, false, ContextIdStep.NO_KEY, -1, Outcome.NONE);
                throw e;
            }
            int id = ContextIdMask.lowestSetBit(words);
            recordLocked(id >= 0, 1, 1);
            if (traced != null) {
                traced.step(Kind.FINISH, false, null, words, true, ContextIdStep.NO_KEY, id,
                        id >= 0 ? Outcome.TAKES_ID : Outcome.FAILS);
            }
            if (id < 0) throw outOfIds();
            ContextIdMask.clear(mask, id);             // linearization point
            return id;
        } finally {
            lock.unlock();
        }
    }
}
