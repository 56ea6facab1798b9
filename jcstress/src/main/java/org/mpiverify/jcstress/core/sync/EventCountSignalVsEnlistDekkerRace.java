package org.mpiverify.jcstress.core.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.LockSupport;

import org.mpiverify.core.sync.EventCount;
import org.mpiverify.jcstress.mpi.WaiterThreads;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: a message arrival (change the state, then {@link EventCount#signal()}: advance the count, read the
 * sleeper count, unpark the queued waiters) against a blocking probe about to park: it takes its
 * {@link EventCount#ticket()}, checks the state, registers ({@link EventCount#enlist}: the waiter queue, then
 * the sleeper count, as {@code await} does for its own thread before it parks) and reads the count again,
 * parking only if it still equals the ticket. Continuous mode, so the signal lands inside the registration in
 * a useful share of the samples (jcstress's Termination mode signals an actor a millisecond after it starts, when
 * the waiter has almost always parked already; a signal after the waiter's last look is {@code EventCountTest}'s).
 *
 * <p>Which order the two sides need: the signaller's increment before its read of the sleeper count, the
 * waiter's registration before its read of the count. Then the two reads cannot both miss the other side's
 * write (every access is volatile or atomic: one synchronization order): the waiter sees the count moved, or
 * the signaller sees it registered and unparks it. The user's promise is MPI's: a blocking probe whose
 * message has arrived returns; a probe that sleeps through the arrival hangs.
 *
 * <p>{@code signal()} returns nothing, so the unpark is observed as in {@code CompletionRegisterVsSignalDekkerRace}:
 * the thread registered is a probe, a virtual thread parked before the sample starts; unparking a parked virtual
 * thread makes it runnable inside {@code unpark}, synchronously, so the arbiter reads from its
 * {@link Thread#getState()} whether the signal woke it, then unparks it so that it ends.
 *
 * <p>r1 = the signal unparked the probe (1), did not (0), or the probe was not parked in time and the sample
 * is not judged (-1); r2 = the waiter would return without parking: it saw the arrival, or its ticket was
 * stale once it had registered (1), or it would park (0). Forbidden: {@code 0, 0}, a lost wake-up: the waiter
 * parks on a ticket the signal has already made stale, and the signal woke nobody.
 */
@JCStressTest
@Description("EventCount: ticket/check/register/re-read vs state change + signal, observed through the unpark of a parked probe")
@Outcome(id = {"1, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "The waiter saw the arrival or a stale ticket, or the signal woke it.")
@Outcome(id = {"-1, 0", "-1, 1"}, expect = ACCEPTABLE_INTERESTING, desc = "The probe was not parked within the bound when the sample began: not judged.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Lost wake-up: the waiter would park on a stale ticket and the signal unparked nobody.")
@State
public class EventCountSignalVsEnlistDekkerRace {
    final EventCount events = new EventCount();
    final Thread probe = Thread.ofVirtual().unstarted(LockSupport::park);
    final boolean armed;
    volatile boolean arrived;

    public EventCountSignalVsEnlistDekkerRace() {
        probe.start();
        armed = WaiterThreads.awaitParked(probe);
    }

    @Actor
    public void arrival() {
        arrived = true;
        events.signal();
    }

    @Actor
    public void waiter(II_Result r) {
        long ticket = events.ticket();
        if (arrived) {
            r.r2 = 1;
            return;
        }
        events.enlist(probe);
        r.r2 = events.ticket() != ticket ? 1 : 0;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = !armed ? -1 : probe.getState() == Thread.State.WAITING ? 0 : 1;
        LockSupport.unpark(probe);   // let the probe end, whatever happened
    }
}
