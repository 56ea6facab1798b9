package org.mpiverify.core.contextid;

import java.util.Arrays;
import java.util.Objects;

import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.ContextIdStep.Kind;
import org.mpiverify.core.trace.ContextIdStep.Outcome;

import org.mpiverify.mpi.MpiException;

/**
 * EXPERIMENTAL, CAN LIVELOCK: Gropp &amp; Thakur 2007 §5.2's naive multithreaded algorithm. Each round:
 * <ol>
 *   <li>under the lock, copy the mask (the snapshot); release the lock;</li>
 *   <li>allreduce(BAND) the snapshot; the candidate is the lowest set bit of the AND;</li>
 *   <li>under the lock, check that the mask still equals the snapshot ("nobody changed it") and if so
 *       claim the candidate by clearing its bit (without this claim two threads of one process could
 *       both accept the same id for different communicators);</li>
 *   <li>second allreduce(BAND) of one word: all ones iff this member's check passed;</li>
 *   <li>all passed: return the candidate. Otherwise give the claim back (set the bit) and retry.</li>
 * </ol>
 * It is safe (no id is live twice on a process) but costs two allreduces per round, and competing
 * threads can invalidate each other forever: the claim of one thread changes the mask under the
 * other's snapshot, on process P thread a wins the check and b loses, on process Q the opposite, both
 * second allreduces fail, both give back, and the same schedule can repeat without end (§5.2: "two
 * competing threads could loop forever, with each thread invalidating the other's choice").
 * A snapshot taken while another thread holds a claim may also make the AND empty and raise "out of
 * context ids" spuriously (consistently on every member). Kept for the audit and the benchmarks only.
 *
 * <p>Invariants: mask guarded by lock; a bit of mask is clear iff its id is live here or claimed by a
 * thread between its check (step 3) and its give-back or return (step 5). Linearization point of a
 * successful allocate: the claim in step 3 of the final round.
 *
 * <p>Memory consistency effects: as for {@link MaskContextIdAllocator}.
 */
public final class NaiveRetryContextIdAllocator extends MaskContextIdAllocator {

    public NaiveRetryContextIdAllocator() {
        this(ContextIdMask.MAX_CAPACITY, false);
    }

    public NaiveRetryContextIdAllocator(int capacity, boolean countStats) {
        super(capacity, countStats);
    }

    @Override
    public int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException {
        Objects.requireNonNull(allreduce, "allreduce");
        int locks = 0, rounds = 0;
        final TracedCall traced = traceCall(parentContext, tag, allreduce);   // null unless recording
        while (true) {
            long[] snapshot;
            lock.lock();
            try {
                locks++;
                snapshot = mask.clone();
                if (traced != null) traced.step(Kind.SNAPSHOT, true, snapshot, null, false, ContextIdStep.NO_KEY, -1, Outcome.WAITS);
            } finally {
                lock.unlock();
            }

            long[] words = snapshot.clone();
            rounds++;
            allreduce.allreduceBand(words);
            int candidate = ContextIdMask.lowestSetBit(words);
            if (candidate < 0) {               // every member sees the same empty AND
                lock.lock();
                try {
                    recordLocked(false, ++locks, rounds);
                    if (traced != null) traced.step(Kind.RESERVE, false, null, words, false, ContextIdStep.NO_KEY, -1, Outcome.FAILS);
                } finally {
                    lock.unlock();
                }
                throw outOfIds();
            }

            boolean claimed;
            lock.lock();
            try {
                locks++;
                claimed = Arrays.equals(mask, snapshot);
                if (claimed) ContextIdMask.clear(mask, candidate);  // tentative claim
                if (traced != null) traced.step(Kind.RESERVE, claimed, null, words, false, ContextIdStep.NO_KEY, candidate, Outcome.WAITS);
            } finally {
                lock.unlock();
            }

            long[] ok = {claimed ? -1L : 0L};
            rounds++;
            try {
                allreduce.allreduceBand(ok);
            } catch (RuntimeException | Error e) {
                if (claimed) giveBack(candidate, null);
                if (traced != null) traced.step(Kind.ABANDON, false, null, null, false, ContextIdStep.NO_KEY, -1, Outcome.NONE);
                throw e;
            }
            if (ok[0] != 0) {
                if (traced != null) traced.step(Kind.DECIDE, claimed, null, ok, true, ContextIdStep.NO_KEY, candidate, Outcome.TAKES_ID);
                if (counting()) {
                    lock.lock();
                    try {
                        recordLocked(true, ++locks, rounds);
                    } finally {
                        lock.unlock();
                    }
                }
                return candidate;
            }
            if (claimed) {
                giveBack(candidate, traced);   // this too changes the mask under other snapshots
                locks++;
            } else if (traced != null) {
                traced.step(Kind.DECIDE, false, null, ok, false, ContextIdStep.NO_KEY, candidate, Outcome.RETRIES);
            }
        }
    }

    private void giveBack(int id, TracedCall traced) {
        lock.lock();
        try {
            ContextIdMask.set(mask, id);
            if (traced != null) traced.step(Kind.DECIDE, true, null, new long[] {0L}, false, ContextIdStep.NO_KEY, id, Outcome.RETRIES);
        } finally {
            lock.unlock();
        }
    }
}
