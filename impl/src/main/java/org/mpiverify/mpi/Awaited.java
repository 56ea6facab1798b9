package org.mpiverify.mpi;

import org.mpiverify.core.request.Completion;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.EventCount;

/**
 * What a waiting call waits for, as {@link ProgressEngine} sees it: one of some completions done, or a
 * message arrival after a ticket ({@code probe}, {@code mprobe}). A wait on a user's request also ends when
 * the request's state has moved on to another use (its generation changed): another thread's wait or test
 * completed the handle and the state was recycled (two threads waiting on one request, erroneous in MPI),
 * so the caller, whose handle can no longer complete, raises ERR_REQUEST instead of waiting on someone
 * else's operation.
 *
 * <p>Waking: {@link #register} puts the waiting thread where each completion's signal, or the arrival's
 * signal, unparks it; the answer is read after the registration (the waiter's half of each Dekker pair), so
 * a wait that registers and then finds nothing reached may park.
 *
 * <p>Thread safety: an instance belongs to one waiting thread; what it reads (completion flags, generations,
 * the event count) is volatile.
 */
final class Awaited {
    private final Completion[] completions;
    /** Per completion, the use of its request state the caller waits on, or null: no use to check (internal waits). */
    private final int[] generations;
    private final EventCount arrivals;
    private final long ticket;

    private Awaited(Completion[] completions, int[] generations, EventCount arrivals, long ticket) {
        this.completions = completions;
        this.generations = generations;
        this.arrivals = arrivals;
        this.ticket = ticket;
    }

    /** Until one of {@code completions} is done (none: at once). */
    static Awaited anyOf(Completion... completions) {
        return new Awaited(completions, null, null, 0);
    }

    /** Until one of {@code states} is done or has moved on from use {@code generations[i]}. */
    static Awaited anyOf(RequestState[] states, int[] generations) {
        return new Awaited(states, generations, null, 0);
    }

    /** Until {@code arrivals} moves past {@code ticket} (a message arrived: a probe looks again). */
    static Awaited arrivalAfter(EventCount arrivals, long ticket) {
        return new Awaited(new Completion[0], null, arrivals, ticket);
    }

    /** True if the wait is over: a completion done, a request's use over, or an arrival after the ticket. */
    boolean reached() {
        if (arrivals != null) {
            return arrivals.ticket() != ticket;
        }
        for (int i = 0; i < completions.length; i++) {
            if (completions[i].isDone() || generations != null && stale(i)) {
                return true;
            }
        }
        return completions.length == 0;
    }

    private boolean stale(int i) {
        return ((RequestState) completions[i]).generation() != generations[i];
    }

    /**
     * Registers {@code me} to be unparked when the wait may be over: {@link Completion#ALREADY_DONE} if it is
     * over (read after registering), {@link Completion#TAKEN} if another thread holds a completion's waiter
     * slot (erroneous: {@code me} must then park in slices), else {@link Completion#REGISTERED}.
     */
    int register(Thread me) {
        if (arrivals != null) {
            arrivals.enlist(me);
            return arrivals.ticket() != ticket ? Completion.ALREADY_DONE : Completion.REGISTERED;
        }
        int result = Completion.REGISTERED;
        for (int i = 0; i < completions.length; i++) {
            int r = completions[i].tryRegister(me);
            // A state recycled under us: its slot now belongs to another use's waiter, and our use is over.
            if (r == Completion.ALREADY_DONE || generations != null && stale(i)) return Completion.ALREADY_DONE;
            if (r == Completion.TAKEN) result = r;
        }
        return result;
    }

    /** Undoes {@link #register} (a slot is cleared only if {@code me} still holds it). */
    void deregister(Thread me) {
        if (arrivals != null) {
            arrivals.delist(me);
            return;
        }
        for (Completion c : completions) {
            c.deregister(me);
        }
    }

    /** True if {@code c} is one of the completions waited on (a schedule's request: its waiter polls it). */
    boolean awaits(Completion c) {
        for (Completion mine : completions) {
            if (mine == c) return true;
        }
        return false;
    }
}
