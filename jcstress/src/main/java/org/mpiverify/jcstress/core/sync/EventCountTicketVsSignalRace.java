package org.mpiverify.jcstress.core.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.sync.EventCount;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Race: a blocking probe's wait on the rank's {@link EventCount} against a message arrival. The waiter
 * takes a ticket, checks its condition (a message is there) and, if not, waits with the ticket; the
 * arrival changes the condition and then signals. The waiter goes straight to register-and-park (no
 * spin, no yields, a 10-minute park slice), so only the protocol can end its wait: either its ticket is
 * already stale, or the signaller sees it registered ({@code sleepers}, a Dekker pair with the count)
 * and unparks it.
 *
 * <p>Forbidden: STALE — the waiter sleeps through the arrival (lost wake-up).
 */
@JCStressTest(Mode.Termination)
@Description("EventCount: ticket/condition/await vs state change + signal, no lost wake-up")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter saw the arrival or was woken.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the waiter parked through the signal.")
@State
public class EventCountTicketVsSignalRace {
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 600_000_000_000L);

    final EventCount events = new EventCount();
    volatile boolean arrived;

    @Actor
    public void probe() {
        while (true) {
            long ticket = events.ticket();
            if (arrived) {
                return;
            }
            events.await(ticket, () -> false, PARK_AT_ONCE);
        }
    }

    @Signal
    public void arrival() {
        arrived = true;
        events.signal();
    }
}
