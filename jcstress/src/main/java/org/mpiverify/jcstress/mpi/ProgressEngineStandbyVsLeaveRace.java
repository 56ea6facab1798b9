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
 * Race: a waiter going on standby against the progress engine's poller leaving its role, through the real
 * engine. Before the sample, a poller P (a virtual thread) waits on its own request and is parked as the
 * engine's poller. In the sample, W (a virtual thread) completes a transfer of its schedule and signals, as a
 * completing transfer does, and waits on the schedule's request: while P holds the poller role, W adds itself to {@code standby},
 * registers, reads {@code poller} and parks if there is one. At the same time P's own request completes: P
 * wakes, polls once more and leaves, clearing {@code poller} and then waking every thread on standby. If
 * P's last poll missed the transfer, nobody but W will poll the schedule: W must either see no poller and
 * take the role itself, or be woken by P. (W and P both run on virtual threads, so the two race on the
 * scheduler's carriers while the arbiter waits, not only while the actors run.)
 *
 * <p>The Dekker pair under test: W writes {@code standby}, then reads {@code poller}; P writes
 * {@code poller} (null), then reads {@code standby}. Invariant: no thread waiting for a schedule stays
 * parked on standby while nobody is the poller. The job's wait policy neither spins nor yields, and the
 * parks have no timeout; W is judged by {@link WaiterThreads} once P has ended. r1 = W returned (1), W
 * parked in the engine's park after P left (0, a lost wake-up: forbidden), or not judged (-1: W or P did
 * not settle within 10 s).
 */
@JCStressTest
@Description("ProgressEngine: a waiter going on standby vs the poller leaving: no lost wake-up")
@Outcome(id = "1", expect = ACCEPTABLE, desc = "W returned: a poll saw its transfer (P's, or W's own as the next poller).")
@Outcome(id = "-1", expect = ACCEPTABLE_INTERESTING, desc = "Not judged: the waiter or a waker did not settle within 10 s (a loaded machine).")
@Outcome(id = "0", expect = FORBIDDEN, desc = "Lost wake-up: W parked on standby after the poller left, its schedule unpolled.")
@State
public class ProgressEngineStandbyVsLeaveRace {
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
    final Thread waiter = Thread.ofVirtual().unstarted(() -> {
        arrived = true;               // W's transfer completes ...
        engine.signal();              // ... and signals, as a completed transfer does
        engine.await(schedule.state());
    });

    public ProgressEngineStandbyVsLeaveRace() {
        engine.start(schedule);       // outstanding, its transfer not arrived
        poller = Thread.ofVirtual().start(() -> engine.await(pollerRequest));
        WaiterThreads.awaitParked(poller);   // P is the poller, parked (bounded: the race is valid from any state)
    }

    @Actor
    public void waiter() {
        waiter.start();               // W's transfer completes, W waits on its schedule's request
    }

    @Actor
    public void pollerRequestCompletes() {
        pollerRequest.signal();       // P wakes, polls once more and leaves the role
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = WaiterThreads.judge(waiter, engine, poller);
    }
}
