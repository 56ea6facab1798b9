package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.LockSupport;

import org.mpiverify.core.request.Completion;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Race: {@code MPI_Waitany}'s registration with several completions ({@link Completion#register}, then
 * an untimed park) against one of them completing: the same Dekker handshake as
 * {@code CompletionSignalVsParkRace}, through the register/deregister path {@code Request.waitAny}
 * uses. The waiter registers with both completions, parks if neither was done, deregisters, and
 * retries; the second completion is signalled.
 *
 * <p>Forbidden: STALE — registered, parked without a deadline, and never unparked although a
 * completion it registered with was signalled.
 */
@JCStressTest(Mode.Termination)
@Description("Completion.register (waitAny) vs signal: no lost wake-up")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter saw the completion or was unparked.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: both Dekker reads missed; the waiter parks forever.")
@State
public class CompletionWaitAnyRegisterVsSignalRace {
    final Completion a = new Completion();
    final Completion b = new Completion();

    @Actor
    public void waitAny() {
        Thread me = Thread.currentThread();
        while (true) {
            boolean ready = a.register(me);
            ready |= b.register(me);
            if (!ready) {
                LockSupport.park(this);      // untimed: only an unpark (or a spurious wake-up) ends it
            }
            a.deregister(me);
            b.deregister(me);
            if (ready) {
                return;
            }
        }
    }

    @Signal
    public void complete() {
        b.signal();
    }
}
