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
 * <p>jcstress's termination harness delivers the signal a millisecond or more after the actor starts,
 * later than any natural window. So, as in the twin, the prober holds the window between its check and
 * its park open until the sender has finished (bounded at {@link #WINDOW_NANOS}): the schedule that
 * breaks the twin is forced on every sample, and the real protocol must survive it.
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

    /** Bound of the forced window; far above the harness's signal delay, so the sender lands inside it. */
    static final long WINDOW_NANOS = 50_000_000L;

    final EventCount events = new EventCount();
    volatile boolean arrived;
    volatile boolean senderDone;

    @Actor
    public void probe() {
        events.watch();
        try {
            while (true) {
                long ticket = events.ticket();
                if (arrived) {
                    return;
                }
                holdWindowUntilSenderDone();
                events.await(ticket, () -> false, PARK_AT_ONCE);
            }
        } finally {
            events.unwatch();
        }
    }

    /** Bounded: gives up after {@link #WINDOW_NANOS}, so a sample never depends on the sender to end. */
    void holdWindowUntilSenderDone() {
        long deadline = System.nanoTime() + WINDOW_NANOS;
        while (!senderDone && System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }

    @Signal
    public void arrival() {
        arrived = true;
        events.signalIfWatched();
        senderDone = true; // instrumentation only: tells the prober its window may close
    }
}
