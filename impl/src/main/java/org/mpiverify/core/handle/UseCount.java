package org.mpiverify.core.handle;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reference count of a handle the user may free while operations still use it (Gropp &amp; Thakur §4.1,
 * the "Update Ref" class of §3): a derived datatype or a user-defined reduction operation. Each operation that
 * uses the object takes a use ({@link #tryUse}) before it starts and drops it ({@link #endUse}) when it has
 * completed; the user's {@link #free} marks the handle freed. The object is released (its release action runs)
 * exactly once, when it is freed and no use is pending: at the free if none is, else at the end of the last use.
 * A freed handle never gains a use again.
 *
 * <p>Thread safety: every method may be called by any thread at any time, concurrently with the others. Each
 * method is lock-free and linearizable; the count and the freed mark change together, atomically, so a use
 * can never be taken after the free that the release depended on.
 *
 * <p>Memory consistency effects: actions of a thread before its {@code endUse} or {@code free} happen-before
 * the release action, whichever thread runs it (all are volatile read-modify-writes of one word). Actions
 * before a successful {@code tryUse} are not ordered with other uses: the object's own state is immutable
 * after it is committed.
 *
 * <p>Spec: {@code specs/refcount/RefCount.tla} (and its non-atomic twin, which TLC rejects).
 */
public final class UseCount {
    /*
     * Implementation notes.
     *
     * One int, word: bit 31 (FREED) is the user's free; bits 0-30 the number of pending uses.
     *
     * Invariants:
     * - uses(word) >= 0; no method takes it below 0 (endUse without a pending use is refused).
     * - Once FREED is set it stays set, and uses go up only by addUse from a count above zero: tryUse fails on a
     *   freed word, so a freed word with no use pending has no way back up.
     * - released is set exactly once, by the one transition to FREED with zero uses: the free CAS that finds
     *   no use pending, or the endUse CAS that takes a freed word's last use away. Those are the only
     *   transitions into (FREED, 0), and (FREED, 0) has no successor, so exactly one thread ever makes one.
     *
     * Linearization points: the successful CAS of each method; a refused call (a tryUse or free of a freed
     * word, an endUse with no use pending) at its read of the word that shows why.
     */

    /** The outcome of a {@link #free} or {@link #endUse}. */
    public enum Step {
        /** This call released the object: its release action has run, in this thread. */
        RELEASED,
        /** Done; the object is not released by this call (uses are still pending, or it is not freed yet). */
        KEPT,
        /** Refused, nothing changed: a second free, or an end of use with no use pending. */
        REFUSED
    }

    private static final int FREED = 1 << 31;
    private static final int USES = ~FREED;

    private final AtomicInteger word = new AtomicInteger();
    private final Runnable release;

    /** @param release run once, by the thread whose {@code free} or {@code endUse} releases the object */
    public UseCount(Runnable release) {
        this.release = release;
    }

    /** Takes a use for an operation about to start; false (nothing changed) if the handle is freed. */
    public boolean tryUse() {
        while (true) {
            int w = word.get();
            if ((w & FREED) != 0) {
                return false;
            }
            if ((w & USES) == USES) {
                throw new IllegalStateException("more than " + USES + " pending uses");
            }
            if (word.compareAndSet(w, w + 1)) {
                return true;
            }
        }
    }

    /**
     * Takes one more use for a caller that holds one (an object that starts operations of its own, each with a
     * use): allowed on a freed handle, since the caller's pending use keeps the object from being released.
     *
     * @throws IllegalStateException if no use is pending (the caller holds none)
     */
    public void addUse() {
        while (true) {
            int w = word.get();
            int n = w & USES;
            if (n == 0) {
                throw new IllegalStateException("addUse without a pending use");
            }
            if (n == USES) {
                throw new IllegalStateException("more than " + USES + " pending uses");
            }
            if (word.compareAndSet(w, w + 1)) {
                return;
            }
        }
    }

    /** Drops a use whose operation has completed; releases the object if it was freed and this was the last use. */
    public Step endUse() {
        while (true) {
            int w = word.get();
            if ((w & USES) == 0) {
                return Step.REFUSED;
            }
            int next = w - 1;
            if (word.compareAndSet(w, next)) {
                return next == FREED ? released() : Step.KEPT;
            }
        }
    }

    /** The user's free: marks the handle freed; releases the object now if no use is pending. */
    public Step free() {
        while (true) {
            int w = word.get();
            if ((w & FREED) != 0) {
                return Step.REFUSED;
            }
            if (word.compareAndSet(w, w | FREED)) {
                return (w & USES) == 0 ? released() : Step.KEPT;
            }
        }
    }

    /** True once {@link #free} has succeeded. */
    public boolean isFreed() {
        return (word.get() & FREED) != 0;
    }

    /** True once the object is released: freed and no use pending (its release action has run or is running). */
    public boolean isReleased() {
        return word.get() == FREED;
    }

    /** Uses pending now (a snapshot). */
    public int uses() {
        return word.get() & USES;
    }

    private Step released() {
        release.run();
        return Step.RELEASED;
    }

    @Override
    public String toString() {
        int w = word.get();
        return "UseCount[uses=" + (w & USES) + ((w & FREED) != 0 ? ", freed]" : "]");
    }
}
