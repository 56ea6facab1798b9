package org.mpiverify.core.trace;

/**
 * One step of a request's completion or of a wait for it ({@code org.mpiverify.core.request.Completion}:
 * Dang, Snir &amp; Gropp's ThreadWait/ThreadSignal with the "already signalled" flag, §3.1), with the values
 * {@code specs/matchtable/CompletionTrace.tla} needs to take the same step.
 *
 * <p>A request is named by its use ({@code use}, unique in the recorder): a pooled request is reset for
 * each operation, and each reset is a new request for the spec, whose flag starts clear.
 *
 * @param kind     which step
 * @param use      the request's use
 * @param thread   the id of the thread that took the step ({@link Thread#threadId()})
 * @param value    CHECK, PEEK: the flag read; UNPARK: whether a waiter was found; else false
 * @param waiter   UNPARK: the id of the waiter found (0 if none); else 0
 */
public record CompletionStep(Kind kind, long use, long thread, boolean value, long waiter) {
    /** The steps, named after the actions of {@code ThreadWaitSignal.tla} and {@code CompletionTrace.tla}. */
    public enum Kind {
        /** Peek: a read of the flag before the waiter published itself that found it set (the wait ends). */
        PEEK,
        /** Publish: the waiter took the waiter slot (a CAS from null). */
        PUBLISH,
        /** Check: the waiter read the flag after publishing (set: it goes on; clear: it parks). */
        CHECK,
        /** Return: the waiter's park returned (unparked, timed out or spuriously). */
        RETURN,
        /** Deregister: the waiter left the waiter slot (its wait ended). */
        DEREGISTER,
        /** Signal: the completer set the flag (the request's linearization point). */
        SIGNAL,
        /** Unpark: the completer read the waiter slot, and unparked the waiter found there. */
        UNPARK
    }

    @Override
    public String toString() {
        String k = "req" + use;
        return switch (kind) {
            case PEEK -> "sees " + k + " done before waiting";
            case PUBLISH -> "publishes itself as " + k + "'s waiter";
            case CHECK -> "checks " + k + ": " + (value ? "done" : "not done, parks");
            case RETURN -> "returns from park (" + k + ")";
            case DEREGISTER -> "leaves " + k + "'s waiter slot";
            case SIGNAL -> "signals " + k;
            case UNPARK -> value ? "unparks " + k + "'s waiter (thread " + waiter + ")" : "finds no waiter of " + k;
        };
    }
}
