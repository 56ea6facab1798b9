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
 * Race: a blocking probe against a message arrival when senders skip the event count unless someone
 * watches ({@link EventCount#signalIfWatched()}, the message path's fast case). The prober announces
 * itself ({@link EventCount#watch()}) before its first ticket; the sender changes the state, then reads
 * the watcher count. A Dekker pair: either the sender sees the watcher and signals, or the watcher's
 * check of the state comes after the change and sees it. The waiter parks at once with a 10-minute
 * slice, so only the protocol can end its wait.
 *
 * <p>Forbidden: STALE — the prober sleeps through the arrival (lost wake-up).
 */
@JCStressTest(Mode.Termination)
@Description("EventCount: watch/ticket/condition/await vs state change + signalIfWatched, no lost wake-up")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The prober saw the arrival or was woken.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the sender skipped the signal and the prober parked.")
@State
public class EventCountWatchVsSignalRace {
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 600_000_000_000L);

    final EventCount events = new EventCount();
    volatile boolean arrived;

    @Actor
    public void probe() {
        events.watch();
        try {
            while (true) {
                long ticket = events.ticket();
                if (arrived) {
                    return;
                }
                events.await(ticket, () -> false, PARK_AT_ONCE);
            }
        } finally {
            events.unwatch();
        }
    }

    @Signal
    public void arrival() {
        arrived = true;
        events.signalIfWatched();
    }
}
