package org.mpiverify.core.trace;

import java.util.Arrays;

/**
 * One step of a worker of the bit-vector scheduler ({@code org.mpiverify.core.sched}: Dang, Snir &amp; Gropp
 * §3.1, Algorithms 3–4), with the values {@code specs/scheduler/BitVectorSchedulerTrace.tla} needs to take the
 * same step. Each is recorded under one lock per worker, taken while recording only, together with its stamp.
 *
 * @param kind    which step
 * @param worker  the worker ω whose bit-vector the step touches (unique in the recorder: scheduler and worker)
 * @param slot    WORD, INDEX, WAKE, RUN, YIELD, END: the thread's bit Γ; SKIP, TAKE_WORD: the word's number;
 *                TAKE_INDEX: the index word's number; else 0
 * @param thread  WORD, INDEX, WAKE, RUN, YIELD, END: the thread's id ({@link Thread#threadId()}); else 0
 * @param bits    TAKE_INDEX: the groups taken; TAKE_WORD: the bits taken; else 0
 * @param threads TAKE_WORD: the id of each thread taken, in bit order; else empty
 * @param value   WAKE: the announcement read (the signaller unparks the worker); RECHECK: the bit-vector
 *                read idle (the worker parks); else false
 */
public record SchedulerStep(Kind kind, String worker, int slot, long thread, long bits, long[] threads, boolean value) {
    /** The steps, named after the events of {@code BitVectorSchedulerTrace.tla}. */
    public enum Kind {
        /** ThreadSignal's first-level bit set. */
        WORD,
        /** ThreadSignal's index bit set. */
        INDEX,
        /** ThreadSignal's read of the worker's sleep announcement. */
        WAKE,
        /** A pass's exchange of an index word. */
        TAKE_INDEX,
        /** A pass's read of a word of a taken group that found it zero. */
        SKIP,
        /** A pass's exchange of a word. */
        TAKE_WORD,
        /** The worker switches to a thread. */
        RUN,
        /** The thread gave the worker back: it parked or yielded. */
        YIELD,
        /** The thread gave the worker back: it ended. */
        END,
        /** The worker decides to sleep: its passes ran nothing for a while. */
        IDLE,
        /** The worker announces its sleep. */
        ANNOUNCE,
        /** The worker re-reads its bit-vector after the announcement. */
        RECHECK,
        /** The worker runs again and clears its announcement. */
        AWAKE
    }

    public SchedulerStep {
        threads = threads.clone();
    }

    @Override
    public long[] threads() {
        return threads.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchedulerStep s && s.kind == kind && s.worker.equals(worker) && s.slot == slot
                && s.thread == thread && s.bits == bits && Arrays.equals(s.threads, threads) && s.value == value;
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + worker.hashCode()) * 31 + Long.hashCode(thread) * 17 + slot;
    }

    @Override
    public String toString() {
        String t = "thread " + thread + " (bit " + slot + ")";
        return switch (kind) {
            case WORD -> "signal of " + t + ": sets its word bit";
            case INDEX -> "signal of " + t + ": sets its index bit";
            case WAKE -> "signal of " + t + ": reads the announcement, " + (value ? "unparks the worker" : "not asleep");
            case TAKE_INDEX -> "takes index word " + slot + ": groups 0x" + Long.toHexString(bits);
            case SKIP -> "reads word " + slot + ": zero";
            case TAKE_WORD -> "takes word " + slot + ": 0x" + Long.toHexString(bits) + " " + Arrays.toString(threads);
            case RUN -> "runs " + t;
            case YIELD -> t + " gives the worker back";
            case END -> t + " ends";
            case IDLE -> "finds nothing to run";
            case ANNOUNCE -> "announces its sleep";
            case RECHECK -> "re-reads its bit-vector: " + (value ? "empty, parks" : "marked, stays up");
            case AWAKE -> "runs again";
        };
    }
}
