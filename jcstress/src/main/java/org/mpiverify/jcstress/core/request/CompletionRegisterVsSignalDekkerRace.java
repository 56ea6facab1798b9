package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.LockSupport;

import org.mpiverify.core.request.Completion;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: the Dekker pair of the real {@link Completion}, in continuous mode (millions of samples, where
 * {@code CompletionSignalVsParkRace} gets a few hundred): {@link Completion#signal()} (write {@code done},
 * read {@code waiter}, unpark it) against {@link Completion#tryRegister} (CAS {@code waiter}, read
 * {@code done}), the registration of {@code waitAny} (Dang, Snir &amp; Gropp §3.1, "already signalled").
 *
 * <p>{@code signal()} returns nothing, so the test sees its read of {@code waiter} through its effect, the
 * unpark. The thread registered is a probe: a virtual thread parked in {@link LockSupport#park()} before
 * the sample starts (the state's constructor waits until it is). Unparking a parked virtual thread changes
 * its state from parked to runnable inside {@code unpark}, synchronously, so once both actors are done the
 * arbiter reads from the probe's {@link Thread#getState()} whether {@code signal()} saw it: still
 * {@code WAITING} means nobody unparked it. (A platform thread would not do: its permit cannot be read
 * without parking, and its state stays {@code WAITING} until it runs again.) The arbiter then unparks the
 * probe, which ends.
 *
 * <p>r1 = {@code signal()} unparked the probe (1), did not (0), or the probe was not parked in time and the
 * sample is not judged (-1); r2 = {@code tryRegister} found the request done (1) or registered the probe (0).
 * Forbidden: {@code 0, 0}, a lost wake-up: registered on a request that was not done, and the completion
 * woke nobody. A spurious wake-up of the probe can only turn a 0 of r1 into 1 (hide a failure, never make one).
 */
@JCStressTest
@Description("Completion: tryRegister vs signal, the Dekker pair observed through the unpark of a parked probe")
@Outcome(id = {"1, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "At least one side saw the other: the registered waiter is woken, or saw done and does not park.")
@Outcome(id = {"-1, 0", "-1, 1"}, expect = ACCEPTABLE_INTERESTING, desc = "The probe was not parked within the bound when the sample began: not judged.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Lost wake-up: tryRegister saw the request not done and signal() saw no waiter, so it unparked nobody.")
@State
public class CompletionRegisterVsSignalDekkerRace {
    /** Bound on waiting for the probe to park (it needs a carrier thread of the virtual-thread scheduler). */
    static final long PARK_BOUND_NANOS = 1_000_000_000L;

    final Completion completion = new Completion();
    final Thread probe = Thread.ofVirtual().unstarted(LockSupport::park);
    final boolean armed;

    public CompletionRegisterVsSignalDekkerRace() {
        probe.start();
        armed = awaitParked(probe, PARK_BOUND_NANOS);
    }

    @Actor
    public void completer() {
        completion.signal();
    }

    @Actor
    public void waiter(II_Result r) {
        r.r2 = completion.tryRegister(probe) == Completion.ALREADY_DONE ? 1 : 0;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = !armed ? -1 : probe.getState() == Thread.State.WAITING ? 0 : 1;
        LockSupport.unpark(probe);   // let the probe end, whatever happened
    }

    /**
     * Waits (bounded) until {@code t} is parked. Nobody unparks it before the sample, so once it shows
     * {@code WAITING} it stays parked until an unpark.
     */
    static boolean awaitParked(Thread t, long boundNanos) {
        long deadline = System.nanoTime() + boundNanos;
        while (t.getState() != Thread.State.WAITING) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.yield();   // the probe needs a carrier; on two cores, give this one up
        }
        return true;
    }
}
