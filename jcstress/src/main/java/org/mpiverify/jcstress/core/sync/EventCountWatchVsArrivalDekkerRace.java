package org.mpiverify.jcstress.core.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.sync.EventCount;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: the state/watchers Dekker pair of the real {@link EventCount}, in continuous mode (millions of
 * samples, where {@code EventCountWatchVsSignalRace} gets a few hundred). A sender changes the state, then
 * calls {@link EventCount#signalIfWatched()} (read {@code watchers}, advance the count if non-zero); a
 * prober calls {@link EventCount#watch()} (increment {@code watchers}), takes its {@link EventCount#ticket()}
 * and checks the state, as a blocking probe does before it awaits.
 *
 * <p>{@code signalIfWatched()} returns nothing; its read of {@code watchers} shows in the count: the arbiter
 * compares the prober's ticket with the count once both are done. The state is a volatile flag, as the
 * protocol requires of the signaller's state change (in the core, a release of the lock the message was
 * queued under).
 *
 * <p>r1 = the prober's ticket is stale at the end (the sender signalled after it was taken: an await on it
 * returns at once); r2 = the prober saw the state changed. Forbidden: {@code 0, 0}, a lost wake-up: the
 * prober found nothing and holds a ticket nobody will advance, so its await would park for good.
 */
@JCStressTest
@Description("EventCount: watch/ticket/check vs state change + signalIfWatched, the Dekker pair observed through the count")
@Outcome(id = {"1, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "The prober saw the arrival, or its ticket went stale (its await returns).")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Lost wake-up: the sender saw no watcher and skipped the signal, and the prober's check missed the arrival.")
@State
public class EventCountWatchVsArrivalDekkerRace {
    final EventCount events = new EventCount();
    volatile boolean arrived;
    long ticket;   // the prober's, read by the arbiter after the actors

    @Actor
    public void sender() {
        arrived = true;
        events.signalIfWatched();
    }

    @Actor
    public void prober(II_Result r) {
        events.watch();
        ticket = events.ticket();
        r.r2 = arrived ? 1 : 0;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = events.ticket() != ticket ? 1 : 0;
    }
}
