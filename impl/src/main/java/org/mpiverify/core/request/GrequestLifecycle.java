package org.mpiverify.core.request;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The two events that decide when a generalized request's free callback runs (MPI-3.1 §12.2): the user's
 * {@code MPI_Grequest_complete} ({@link #complete}) and the end of the user's handle ({@link #handleDone}: a
 * wait or test that completes it, or {@code MPI_Request_free}). The free callback runs once, in the call that
 * makes the second of the two happen, which is the standard's "whichever happens last": a wait or test can
 * complete the handle only after the completion, so it runs the callback itself (after the query callback);
 * a free before the completion leaves it to {@code MPI_Grequest_complete}.
 *
 * <p>{@link #complete} signals the request's completion ({@link RequestState#signal}) only after it has
 * recorded it, so a waiter woken by the signal always finds it recorded and runs the free callback in its own
 * call (signalled first, the waiter could complete its handle, find no completion recorded and leave the free
 * callback to {@code MPI_Grequest_complete}, after the wait has returned).
 *
 * <p>Thread safety: both methods may be called by any thread at once; each event is recorded by one atomic
 * read-modify-write of one word, so of a completion and a handle's end that race, exactly one caller is told
 * to run the free callback. Memory consistency effects: actions before either event happen-before actions
 * after the other event's method returns true.
 */
public final class GrequestLifecycle {
    private static final int COMPLETED = 1;
    private static final int HANDLE_DONE = 2;

    private final AtomicInteger events = new AtomicInteger();

    /** What {@link #complete} found. */
    public enum Completed {
        /** Recorded; the handle is still in use: whoever ends it runs the free callback. */
        FIRST,
        /** Recorded after the handle was freed: the caller runs the free callback. */
        LAST,
        /** Completed before (erroneous): nothing changed. */
        TWICE
    }

    /**
     * Records {@code MPI_Grequest_complete} and then, unless it was recorded before, runs {@code signal} (the
     * request's completion): in this order, so that a waiter that sees the signal finds the completion recorded.
     */
    public Completed complete(Runnable signal) {
        int was = events.getAndUpdate(e -> e | COMPLETED);   // linearization point
        if ((was & COMPLETED) != 0) {
            return Completed.TWICE;
        }
        signal.run();
        return (was & HANDLE_DONE) != 0 ? Completed.LAST : Completed.FIRST;
    }

    /**
     * Records the end of the handle (called once per handle: its completing CAS or its free decided that); true
     * if the completion had been recorded, and so the caller runs the free callback.
     */
    public boolean handleDone() {
        int was = events.getAndUpdate(e -> e | HANDLE_DONE);   // linearization point
        return (was & COMPLETED) != 0;
    }

    /** True once {@link #complete} was recorded (the cancel callback's {@code complete} argument). */
    public boolean isComplete() {
        return (events.get() & COMPLETED) != 0;
    }
}
