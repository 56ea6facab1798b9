package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Race: a second thread registering with a request that a first thread already waits on (erroneous in
 * MPI: two waits on one request, or a waitAny over a request another thread waits on), then the
 * request completing. The first waiter holds the waiter slot and parks without a timeout (in a job's
 * registry); the second's registration must not take the slot from it, or the completion unparks the
 * second and the first sleeps for ever. (With the 50 ms park slices the core used before, that loss
 * showed only as a 50 ms delay; it was found when the slices went away.)
 *
 * <p>The actor is the first waiter; the signal registers a second thread (a thread object that never
 * runs) and then completes the request. If the actor lost the race for the slot itself, it waits as a
 * second waiter does, in slices of 1 ms, and still ends.
 *
 * <p>Forbidden: STALE — the first waiter never wakes.
 */
@JCStressTest(Mode.Termination)
@Description("Completion: a second registration does not steal the first waiter's slot")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The first waiter was unparked (or polled, if it came second).")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the second registration took the slot; the first waiter sleeps.")
@State
public class CompletionSecondWaiterRace {
    /** Park at once; a waiter without the slot polls every millisecond. */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 1_000_000L);

    final Completion completion = new Completion();
    final BlockedThreads blocked = new BlockedThreads(1);
    final Thread second = Thread.ofPlatform().unstarted(() -> { });

    @Actor
    public void firstWaiter() {
        completion.await(() -> false, PARK_AT_ONCE, null, blocked);
    }

    @Signal
    public void secondRegistersThenComplete() {
        completion.register(second);
        completion.signal();
    }
}
