package org.mpiverify.jcstress.core.sync.twins;

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
 * Known-bad twin of {@code EventCountWatchVsSignalRace}: the prober announces itself only after its
 * first look at the state (ticket, check, then watch), so a sender that changes the state between the
 * check and the watch reads no watcher and skips the signal, and the prober parks on a ticket nobody
 * will advance. jcstress must observe the lost wake-up.
 *
 * <p>The window is held open until the sender has finished (bounded at 50 ms): jcstress's termination
 * harness signals a millisecond or more after the actor starts, so a window of a few microseconds was
 * missed in every one of 902 samples on a 2-core CI machine. The good test holds the same window.
 */
@JCStressTest(Mode.Termination)
@Description("Twin: watch() after the first check; the skipped signal is lost")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The race did not hit.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the sender skipped the signal and the prober parked.")
@State
public class EventCountWatchVsSignalRaceBrokenTwin {
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 600_000_000_000L);

    final EventCount events = new EventCount();
    volatile boolean arrived;
    volatile boolean senderDone;

    @Actor
    public void probe() {
        long ticket = events.ticket();
        if (arrived) {
            return;
        }
        // The window the defect opens, held until the sender is through it (bounded).
        long deadline = System.nanoTime() + 50_000_000L;
        while (!senderDone && System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
        events.watch();          // the defect: announced after the check it should have preceded
        try {
            while (true) {
                events.await(ticket, () -> false, PARK_AT_ONCE);
                ticket = events.ticket();
                if (arrived) {
                    return;
                }
            }
        } finally {
            events.unwatch();
        }
    }

    @Signal
    public void arrival() {
        arrived = true;
        events.signalIfWatched();
        senderDone = true; // instrumentation only: tells the prober its window may close
    }
}
