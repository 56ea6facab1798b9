package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.LockSupport;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Known-bad twin of {@code CompletionSecondWaiterRace}: the completion as it was before, whose waiter slot
 * is overwritten by every registration ({@code waiter = t}). The second registration replaces the first
 * waiter, the completion unparks the second, and the first, parked without a timeout, never wakes: STALE.
 */
@JCStressTest(Mode.Termination)
@Description("Broken twin: registrations overwrite the waiter slot; the first waiter is lost")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter saw done before parking.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the slot was overwritten by the second registration.")
@State
public class CompletionSecondWaiterRaceBrokenTwin {
    volatile boolean done;
    volatile Thread waiter;
    final Thread second = Thread.ofPlatform().unstarted(() -> { });

    @Actor
    public void firstWaiter() {
        waiter = Thread.currentThread();      // DEFECT: a plain overwrite, no CAS from null
        while (!done) {
            LockSupport.park(this);
        }
    }

    @Signal
    public void secondRegistersThenComplete() {
        waiter = second;                      // the second registration overwrites the first
        done = true;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }
}
