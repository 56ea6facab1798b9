package org.mpiverify.core.trace;

import java.util.Arrays;

/**
 * One step of a rank's progress engine (the API package's {@code ProgressEngine}: the poller and standby
 * roles, the doorbell a completed transfer rings, the active set of nonblocking operations), with the values
 * {@code specs/progress/ProgressTrace.tla} needs to take the same step of {@code ProgressEngine.tla}.
 *
 * <p>Requests are named by identity ({@code subject}, {@code ids}): a number per object, given by the
 * engine's recording in order of first sight; a nonblocking operation is named by its request. A completer's steps share a {@code lane}: one call of the engine's
 * {@code transferDone}, numbered by the stamp of its first step.
 *
 * @param kind    which step
 * @param rank    the world rank whose engine took it
 * @param thread  the id of the thread that took it ({@link Thread#threadId()})
 * @param lane    TELL, ROUTE, RING: the completer's lane; else 0
 * @param subject START, ADD, POLL, DROP, SPIN_POLL, OWN_POLL: the operation (0: none found); TELL: the
 *                operation whose transfer completed (0: none in particular); else 0
 * @param value   LOOK, PASS_END: whether a target was done; CLAIM: whether the role was taken; TICKET: the
 *                event count read; POLL, SPIN_POLL, OWN_POLL: whether the operation was done after it (bit 0),
 *                and, bit 1, that it was not the first of a standby's polls of its own in one look; DROP:
 *                whether it was still in the set; REGISTER: 0 registered, 1 done, 2 another thread's slot;
 *                RECHECK: whether the count was unchanged; STANDBY_CHECK: whether a poller was there; ROUTE:
 *                whether someone was on standby; ADD: whether the outstanding count went from 0 to 1; else 0
 * @param ids     LOOK: the requests waited on; REGISTER: those whose waiter slot it holds; WAKE: the threads
 *                on standby it unparks; ROUTE: the waiter found (empty: none); RING, START_RING: the parked
 *                poller found (empty: none); START_WAKE: the threads in the rank's blocked-thread registry
 *                then; else empty
 */
public record ProgressStep(Kind kind, int rank, long thread, long lane, long subject, long value, long[] ids) {
    /** The steps, named after the actions of {@code ProgressEngine.tla} they are. */
    public enum Kind {
        /** Look: a wait looks at its requests (the first look begins the call). */
        LOOK,
        /** Claim: the CAS of the poller role from null, and its result. */
        CLAIM,
        /** Ticket: the poller reads the event count; its pass over the active set begins. */
        TICKET,
        /** Begin("test") and PassBegin: a test's pass ({@code poll()}) begins. */
        TEST,
        /** PollOne: {@code Schedule.progress()} of one operation of a pass (stamped before it ran). */
        POLL,
        /** Drop: {@code active.remove} of an operation a poll found done. */
        DROP,
        /** PassEnd: a pass ended, and the look at the thread's requests after it (a test: always done). */
        PASS_END,
        /** Register: the waiter slots of the thread's requests. */
        REGISTER,
        /** Publish: the poller publishes itself in {@code parkedPoller}. */
        PUBLISH,
        /** Recheck: its re-read of the event count after publishing. */
        RECHECK,
        /** Wake or Spurious: a park returned. */
        RETURN,
        /** Unregister: {@code parkedPoller = null} and the waiter slots released. */
        UNREGISTER,
        /** Leave: the poller gives up the role. */
        LEAVE,
        /** WakeStandby: the leaving poller unparks the threads on standby. */
        WAKE,
        /** SpinPoll: a standby's spin saw the count move and polled its own operation. */
        SPIN_POLL,
        /** OwnPoll: a thread back from standby polls its own operation. */
        OWN_POLL,
        /** Enlist: standbyCount++ and the standby queue. */
        ENLIST,
        /** SCheck: a registered standby reads the poller role. */
        STANDBY_CHECK,
        /** SLeave: its waiter slots, the queue and the count, left. */
        STANDBY_LEAVE,
        /** Start: the first step of an operation that it did not finish (stamped before it ran). */
        START,
        /** Add: outstanding++ and the active set. */
        ADD,
        /** STell: start's signal counts an event. */
        START_TELL,
        /** SRing: start's signal reads the parked poller and unparks it. */
        START_RING,
        /** SWake: the start of the first outstanding operation wakes the rank's blocked threads. */
        START_WAKE,
        /** Tell: a completer counts an event (a transfer of {@code subject} completed). */
        TELL,
        /** Route: with someone on standby, the completer reads the waiter slot of the operation's request. */
        ROUTE,
        /** Ring: the completer reads the parked poller and unparks it. */
        RING
    }

    public ProgressStep {
        ids = ids.clone();
    }

    @Override
    public long[] ids() {
        return ids.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProgressStep p && p.kind == kind && p.rank == rank && p.thread == thread && p.lane == lane
                && p.subject == subject && p.value == value && Arrays.equals(p.ids, ids);
    }

    @Override
    public int hashCode() {
        return ((kind.hashCode() * 31 + Long.hashCode(thread)) * 31 + Long.hashCode(subject)) * 31 + Arrays.hashCode(ids);
    }

    @Override
    public String toString() {
        String s = "q" + subject;
        String list = Arrays.toString(ids);
        return switch (kind) {
            case LOOK -> "looks at " + list + ": " + (value != 0 ? "done" : "not done");
            case CLAIM -> value != 0 ? "takes the poller role" : "finds a poller: goes on standby";
            case TICKET -> "reads the event count (" + value + "), begins a pass";
            case TEST -> "tests: begins a pass";
            case POLL -> "polls " + s + ((value & 1) != 0 ? ": done" : "");
            case DROP -> "drops " + s + (value != 0 ? "" : " (already dropped)");
            case PASS_END -> "ends its pass: " + (value != 0 ? "done" : "not done");
            case REGISTER -> "registers on " + list + (value == 1 ? ": done" : value == 2 ? ": slot taken" : "");
            case PUBLISH -> "publishes itself as the parked poller";
            case RECHECK -> "re-reads the count: " + (value != 0 ? "unchanged, parks" : "moved");
            case RETURN -> "returns from park";
            case UNREGISTER -> "clears parkedPoller and its registration";
            case LEAVE -> "leaves the poller role";
            case WAKE -> "wakes the threads on standby " + list;
            case SPIN_POLL -> "spinning, polls its own " + (subject == 0 ? "(none)" : s) + ((value & 1) != 0 ? ": done" : "");
            case OWN_POLL -> "polls its own " + (subject == 0 ? "(none)" : s) + ((value & 1) != 0 ? ": done" : "");
            case ENLIST -> "goes on standby";
            case STANDBY_CHECK -> value != 0 ? "sees a poller, parks" : "sees no poller";
            case STANDBY_LEAVE -> "leaves standby";
            case START -> "starts " + s;
            case ADD -> "adds " + s + " to the active set";
            case START_TELL -> "counts an event (start)";
            case START_RING -> "unparks the parked poller " + list + " (start)";
            case START_WAKE -> "first outstanding: wakes the rank's blocked threads " + list;
            case TELL -> "lane " + lane + ": counts an event" + (subject == 0 ? "" : " for " + s);
            case ROUTE -> "lane " + lane + ": " + (value != 0 ? "routes to " + list : "nobody on standby");
            case RING -> "lane " + lane + ": unparks the parked poller " + list;
        };
    }
}
