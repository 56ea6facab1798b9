package org.mpiverify.core.contextid;

import java.util.Arrays;
import java.util.Objects;

import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.ContextIdStep.Kind;
import org.mpiverify.core.trace.ContextIdStep.Outcome;

import org.mpiverify.mpi.MpiException;

/**
 * EXPERIMENTAL, FLAWED: Gropp &amp; Thakur 2007 §5.3, Fig. 3 exactly as published, for the audit and the
 * benchmarks. The key is the parent's context id alone ({@code tag} is ignored) and the allreduce
 * carries only the 16 mask words, so "the AND is zero" means both "someone did not own the mask" and
 * "the members have no free id in common". Consequences:
 * <ul>
 *   <li>exhaustion is never reported: when the members' masks have no common free id, every round's
 *       AND is zero and every member retries forever (a livelock; the caller hangs);</li>
 *   <li>concurrent {@code createGroup} calls on one parent from two threads of a process have equal
 *       keys, so neither yields to the other and a schedule in which they win the mask on different
 *       processes can repeat forever (§5.3's argument assumes distinct keys per process).</li>
 * </ul>
 * {@link MultithreadedContextIdAllocator} is this algorithm with both holes closed.
 *
 * <p>Invariants: as for {@link MultithreadedContextIdAllocator}, with key = parent context id.
 * Linearization point: the clear of the chosen bit under the lock in the final round.
 *
 * <p>Memory consistency effects: as for {@link MaskContextIdAllocator}.
 */
public final class PublishedFig3ContextIdAllocator extends MaskContextIdAllocator {

    private static final long MAXINT = Long.MAX_VALUE;

    /** The paper's {@code mask_in_use}. Guarded by lock. */
    private boolean maskInUse;
    /** The paper's {@code lowestContextId}. Guarded by lock. */
    private long lowestContextId = MAXINT;

    public PublishedFig3ContextIdAllocator() {
        this(ContextIdMask.MAX_CAPACITY, false);
    }

    public PublishedFig3ContextIdAllocator(int capacity, boolean countStats) {
        super(capacity, countStats);
    }

    @Override
    public int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException {
        Objects.requireNonNull(allreduce, "allreduce");
        final long contextId = parentContext;   // MyComm->contextid; the tag plays no part
        final long[] localMask = new long[ContextIdMask.WORDS];
        int locks = 0, rounds = 0;
        final TracedCall traced = traceCall(parentContext, tag, allreduce);   // null unless recording
        while (true) {
            boolean iOwnTheMask;
            lock.lock();
            try {
                locks++;
                if (maskInUse || contextId > lowestContextId) {
                    Arrays.fill(localMask, 0L);
                    iOwnTheMask = false;
                    if (contextId < lowestContextId) lowestContextId = contextId;
                } else {
                    System.arraycopy(mask, 0, localMask, 0, ContextIdMask.WORDS);
                    maskInUse = true;
                    iOwnTheMask = true;
                    lowestContextId = contextId;
                }
                if (traced != null) {
                    traced.step(Kind.ENTER, iOwnTheMask, localMask, null, false, lowestContextId, -1, Outcome.WAITS);
                }
            } finally {
                lock.unlock();
            }

            rounds++;
            try {
                allreduce.allreduceBand(localMask);
            } catch (RuntimeException | Error e) {
                // Not in Fig. 3 (no error path); as in MultithreadedContextIdAllocator.abandon.
                lock.lock();
                try {
                    if (iOwnTheMask) maskInUse = false;
                    if (lowestContextId == contextId) lowestContextId = MAXINT;
                    if (traced != null) traced.step(Kind.ABANDON, false, null, null, false, lowestContextId, -1, Outcome.NONE);
                } finally {
                    lock.unlock();
                }
                throw e;
            }

            if (iOwnTheMask) {
                int id = -1;
                lock.lock();
                try {
                    locks++;
                    id = ContextIdMask.lowestSetBit(localMask);
                    if (id >= 0) {
                        ContextIdMask.clear(mask, id);   // linearization point
                        if (lowestContextId == contextId) lowestContextId = MAXINT;
                        recordLocked(true, locks, rounds);
                    }
                    maskInUse = false;
                    if (traced != null) {
                        traced.step(Kind.FINISH, false, null, localMask, false, ContextIdStep.NO_KEY, id,
                                id >= 0 ? Outcome.TAKES_ID : Outcome.RETRIES);
                    }
                } finally {
                    lock.unlock();
                }
                if (id >= 0) return id;
            } else if (traced != null) {
                traced.step(Kind.FINISH, false, null, localMask, false, ContextIdStep.NO_KEY, -1, Outcome.RETRIES);
            }
        }
    }
}
