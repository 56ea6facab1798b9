package org.mpiverify.jcstress.core.sync.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Known-bad twin of {@code EventCountTicketVsSignalRace}: an event count whose counter is a plain
 * {@code long}, waited on in the spin phase with {@code while (count == ticket) {}}. The JIT
 * may read the plain field once and hoist it out of the loop: the waiter never sees the signal's
 * increment (STALE).
 */
@JCStressTest(Mode.Termination)
@Description("Broken twin: an event count with a plain counter, spun on")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter saw the new count.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the hoisted read never sees the increment.")
@State
public class EventCountTicketVsSignalRaceBrokenTwin {
    long count; // DEFECT: plain
    volatile boolean arrived;

    @Actor
    public void probe() {
        long ticket = count;
        if (arrived) {
            return;
        }
        while (count == ticket) {
            // spin: nothing here forces a re-read of count (not even onSpinWait, which C2 treats as a
            // memory barrier and which the real EventCount uses together with a volatile count)
        }
    }

    @Signal
    public void arrival() {
        arrived = true;
        count++;
    }
}
