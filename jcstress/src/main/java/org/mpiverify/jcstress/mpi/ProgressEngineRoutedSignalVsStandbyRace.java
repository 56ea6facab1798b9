package org.mpiverify.jcstress.mpi;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.mpi.ProgressEngineHarness;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Race: a transfer's routed wake-up ({@code ProgressEngine.transferDone}) against the thread that
 * waits on that schedule's request going on standby, through the real engine. Before the sample, a poller
 * P (a virtual thread) waits on a request of its own that never completes and is parked as the engine's
 * poller. In the sample, W (a virtual thread) waits on schedule S's request: P holds the role, so W adds
 * itself to {@code standby}, registers in the waiter slot of S's request and parks. At the same time S's
 * transfer completes and signals S: the signal reads the waiter slot and wakes W if it finds it there (W
 * then polls its own schedule), else the poller (which polls every schedule, S too, and wakes W through
 * S's request). Either way S is finished and W returns.
 *
 * <p>The Dekker pair under test: W counts itself on standby, writes the waiter slot (a CAS), then parks; the
 * signal increments {@code events}, then reads the standby count and the waiter slot, and falls back to the
 * poller if either is empty. Invariant: a
 * completed transfer of a schedule someone waits on wakes a thread that will poll it. The job's wait
 * policy neither spins nor yields, and the parks have no timeout. r1 = W returned (1), W and P both parked
 * with S unfinished after the actors ended (0, a lost wake-up: nothing is left to wake either, since an
 * unpark leaves a virtual thread runnable until it has run), or not judged (-1: not settled within 10 s).
 */
@JCStressTest
@Description("ProgressEngine: a transfer's wake-up routed to its schedule's waiter vs that waiter going on standby")
@Outcome(id = "1", expect = ACCEPTABLE, desc = "W returned: it was woken and polled S, or the poller polled S and woke it.")
@Outcome(id = "-1", expect = ACCEPTABLE_INTERESTING, desc = "Not judged: W did not settle within 10 s (a loaded machine).")
@Outcome(id = "0", expect = FORBIDDEN, desc = "Lost wake-up: W and the poller parked, S's transfer complete but S unpolled.")
@State
public class ProgressEngineRoutedSignalVsStandbyRace {
    final ProgressEngineHarness engine = new ProgressEngineHarness();
    final Completion pollerRequest = new Completion();
    volatile boolean arrived;
    final Schedule schedule = new Schedule() {
        @Override
        protected boolean advance() {
            return arrived;
        }
    };
    final Thread poller;
    final Thread waiter = Thread.ofVirtual().unstarted(() -> engine.await(schedule.state()));

    public ProgressEngineRoutedSignalVsStandbyRace() {
        engine.start(schedule);       // outstanding, its transfer not arrived
        poller = Thread.ofVirtual().start(() -> engine.await(pollerRequest));
        WaiterThreads.awaitParked(poller);   // P is the poller, parked (bounded: the race is valid from any state)
    }

    @Actor
    public void waiter() {
        waiter.start();               // W waits on S's request: on standby, P being the poller
    }

    @Actor
    public void transferCompletes() {
        arrived = true;               // S's transfer completes ...
        engine.signal(schedule);      // ... and signals S, as a completed transfer of S does
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = WaiterThreads.judgeBesidePoller(waiter, engine, poller, schedule::isDone);
        pollerRequest.signal();       // P leaves its role and ends
    }
}
