package org.mpiverify.mutate.race.scenarios;

import org.mpiverify.core.sync.EventCount;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Signal;

/**
 * A race scenario for the detector (not a jcstress test: it has no outcomes; the detector's report is the
 * verdict): a waiter on an {@link EventCount} with the default shape of policy (spin past the ungated
 * part, yield, then park) against a signal. The jcstress races park at once, so only this scenario
 * reads the count in the spin and yield phases while another thread may be signalling.
 */
public class EventCountSpinThenParkVsSignal {
    static final WaitPolicy SPIN_YIELD_PARK = new WaitPolicy(20_000, 20_000, 2, 2, 1_000_000);

    final EventCount events = new EventCount();
    volatile boolean arrived;

    @Actor
    public void waiter() {
        while (true) {
            long ticket = events.ticket();
            if (arrived) {
                return;
            }
            events.await(ticket, () -> false, SPIN_YIELD_PARK);
        }
    }

    @Signal
    public void arrival() {
        Delays.stagger();
        arrived = true;
        events.signal();
    }
}
