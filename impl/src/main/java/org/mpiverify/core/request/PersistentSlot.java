package org.mpiverify.core.request;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * The activity of one persistent request (MPI-3.1 §3.9): inactive, active with one started operation, or
 * freed. {@link #start} makes it active with the operation its poster posts, {@link #finish} makes it
 * inactive again once that operation's handle has completed, {@link #free} ends it.
 *
 * <p>Thread safety: every method may be called by any thread at once. Of two threads that start one inactive
 * request at once (erroneous in MPI: a request must be inactive when started, and one start makes it active),
 * exactly one posts its operation; the other is told {@link Outcome#ACTIVE} and posts nothing, so the started
 * operation is never lost under another. Waiters read {@link #current()} without a lock.
 *
 * <p>Memory consistency effects: actions of a starter before its operation is published (the posting of the
 * operation) happen-before actions of a thread after it reads that operation from {@link #current()}.
 */
public final class PersistentSlot<T> {
    /*
     * Implementation notes.
     *
     * State: current (the started operation, null while inactive; volatile) and freed (guarded by the monitor;
     * volatile so that readers outside it see it too). Starts and frees take this object's monitor for the
     * check, the post and the publication; the post is a nonblocking start (no wait inside it), so the monitor
     * is never held while anything waits. finish is one CAS outside the monitor.
     *
     * Invariants: a started operation is published in current exactly once, and replaced only by finish's CAS
     * to null (the linearization point of the completion); start publishes only over null, under the monitor,
     * so two starts never both post, and a start never replaces an operation that has not finished.
     *
     * Linearization point of start: the volatile write of current, inside the monitor. A start that finds the
     * request active or freed changes nothing (it linearizes at its read, under the monitor, after the start
     * or free that made it so, whose monitor section has ended).
     */

    /** What a {@link #start} did. */
    public enum Outcome {
        /** The operation was posted and published. */
        STARTED,
        /** The request was active already: nothing posted. */
        ACTIVE,
        /** The request was freed: nothing posted. */
        FREED
    }

    private static final VarHandle CURRENT;
    static {
        try {
            CURRENT = MethodHandles.lookup().findVarHandle(PersistentSlot.class, "current", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Object current;
    private volatile boolean freed;

    /**
     * Posts an operation with {@code poster} and makes the request active with it, if the request is inactive
     * and not freed; else posts nothing. A poster that throws leaves the request as it was.
     */
    public synchronized Outcome start(Supplier<? extends T> poster) {
        if (freed) {
            return Outcome.FREED;
        }
        if (current != null) {
            return Outcome.ACTIVE;
        }
        T op = poster.get();
        if (op == null) {
            throw new IllegalArgumentException("a poster must return the operation it posted");
        }
        current = op;
        return Outcome.STARTED;
    }

    /** The started operation, or null while inactive. */
    @SuppressWarnings("unchecked")
    public T current() {
        return (T) current;
    }

    /** Makes the request inactive if {@code op} is its operation; false if another thread did first. */
    public boolean finish(T op) {
        return CURRENT.compareAndSet(this, op, null);
    }

    /** True once {@link #free} was called. */
    public boolean isFreed() {
        return freed;
    }

    /**
     * Frees the request; returns the operation still active (the caller lets it complete on its own) or
     * null. Throws {@link IllegalStateException} if it was freed already (nothing changes).
     */
    @SuppressWarnings("unchecked")
    public synchronized T free() {
        if (freed) {
            throw new IllegalStateException("persistent request freed twice");
        }
        freed = true;
        return (T) current;
    }
}
