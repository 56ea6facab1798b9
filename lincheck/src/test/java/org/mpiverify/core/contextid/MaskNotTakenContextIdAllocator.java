package org.mpiverify.core.contextid;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Known-bad twin of {@link MultithreadedContextIdAllocator} for the Lincheck suite (in this package to
 * use {@link ContextIdMask} and {@link ContextIdKey}): a copy of its Fig. 3 rounds (without the eager first
 * round, which this suite does not need to expose the defect): {@code allocate}, {@code abandon},
 * {@code release} and {@code freeCount} in which the owner never sets {@code maskInUse} (Gropp &amp;
 * Thakur Fig. 3's {@code mask_in_use = 1} dropped). Two threads of a process can then both take the
 * mask, snapshot the same free ids and both choose the same lowest common id.
 */
public final class MaskNotTakenContextIdAllocator implements ContextIdAllocator {
    static final int OWNER_WORD = ContextIdMask.WORDS;
    static final int BUFFER_WORDS = ContextIdMask.WORDS + 1;

    final ReentrantLock lock = new ReentrantLock();
    final long[] mask;
    private final int capacity;
    private boolean maskInUse;
    private long lowestKey = ContextIdKey.NONE;

    public MaskNotTakenContextIdAllocator(int capacity) {
        this.mask = ContextIdMask.initial(capacity);
        this.capacity = capacity;
    }

    @Override
    public int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException {
        Objects.requireNonNull(allreduce, "allreduce");
        final long key = ContextIdKey.of(parentContext, tag);
        final long[] words = new long[BUFFER_WORDS];
        while (true) {
            boolean own;
            lock.lock();
            try {
                if (maskInUse || key > lowestKey) {
                    Arrays.fill(words, 0L);
                    own = false;
                    if (key < lowestKey) {
                        lowestKey = key;          // make the current owner's successors yield to us
                    }
                } else {
                    System.arraycopy(mask, 0, words, 0, ContextIdMask.WORDS);
                    words[OWNER_WORD] = -1L;       // all ones: "I own my process's mask"
                    // DEFECT: maskInUse = true; is missing: the mask is never taken
                    own = true;
                    lowestKey = key;
                }
            } finally {
                lock.unlock();
            }

            try {
                allreduce.allreduceBand(words);   // no lock held: §5.2's deadly embrace is impossible
            } catch (RuntimeException | Error e) {
                abandon(key, own);
                throw e;
            }

            if (own) {
                int id = -1;
                boolean exhausted = false;
                lock.lock();
                try {
                        if (words[OWNER_WORD] != 0) {  // every member owned its mask this round
                        id = ContextIdMask.lowestSetBit(words);
                        if (id >= 0) {
                            ContextIdMask.clear(mask, id);   // linearization point of a successful allocate
                        } else {
                            exhausted = true;
                        }
                        if (lowestKey == key) {
                            lowestKey = ContextIdKey.NONE;   // we leave; let higher keys compete again
                        }
                        // (counters omitted in the twin)
                    }
                    maskInUse = false;
                } finally {
                    lock.unlock();
                }
                if (id >= 0) return id;
                if (exhausted) throw new MpiException(ErrorClass.ERR_OTHER, "out of context ids: the members have no free context id in common");
            }
            // Not everyone owned (or we did not): every member saw the same word and retries with us.
        }
    }

    /**
     * The allreduce failed (job aborted, interrupted): leave the shared state as if this call had
     * never started, so the other threads of this process are not blocked by a mask that nobody
     * releases or a lowestKey that nobody resets. Not part of Fig. 3, which has no error path.
     */
    private void abandon(long key, boolean own) {
        lock.lock();
        try {
            if (own) maskInUse = false;
            if (lowestKey == key) lowestKey = ContextIdKey.NONE;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void release(int id) {
        lock.lock();
        try {
            if (ContextIdMask.isSet(mask, id)) throw new IllegalStateException("context id " + id + " released twice");
            ContextIdMask.set(mask, id);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int freeCount() {
        lock.lock();
        try {
            return ContextIdMask.count(mask);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int capacity() {
        return capacity;
    }
}
