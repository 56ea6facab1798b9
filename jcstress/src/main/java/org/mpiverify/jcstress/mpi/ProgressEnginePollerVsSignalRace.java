package org.mpiverify.jcstress.mpi;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.ReentrantLock;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.mpi.ProgressEngineHarness;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Race: the progress engine's poller about to park against a transfer that completes and signals
 * ({@code ProgressEngine.signal()}: increment {@code events}, then read {@code parkedPoller} and unpark it), through
 * the real engine of nonblocking collectives and idups (no progress thread). The waiter W waits on a
 * schedule's request and becomes the poller: it reads {@code events} (its ticket), polls the schedule,
 * registers on the request and parks only if {@code events} still equals its ticket. The completer is the
 * transfer: it marks the schedule's transfer done and signals.
 *
 * <p>The schedule's step, when the transfer has not arrived, takes a lock that the completer holds while it
 * completes the transfer and signals, as a step of a real schedule takes a matching engine's or the
 * allocator's lock that a completing sender may hold. If W's step blocks on that lock, the park inside the
 * lock consumes the permit of the signal's unpark, and the wake-up rests on W's re-read of {@code events}
 * alone: that re-read and the signal's increment are the Dekker pair under test (W publishes itself in
 * {@code parkedPoller}, then reads {@code events}; the signaller reads {@code parkedPoller} after its
 * increment: one sees the other's write). The
 * job's wait policy neither spins nor yields (a spin phase re-reads {@code events} too) and the park has no
 * timeout. W runs on a virtual thread started by the waiter actor and is judged by {@link WaiterThreads}.
 *
 * <p>Invariant: a poller never stays parked after an event it has not polled. r1 = W returned (1), W
 * parked in the engine's park after the completer returned (0, a lost wake-up: forbidden), or not judged
 * (-1: W did not settle within 10 s).
 */
@JCStressTest
@Description("ProgressEngine: the poller's park vs a transfer's signal (the events re-check): no lost wake-up")
@Outcome(id = "1", expect = ACCEPTABLE, desc = "W returned: its poll saw the transfer, or the signal made it poll again.")
@Outcome(id = "-1", expect = ACCEPTABLE_INTERESTING, desc = "Not judged: the waiter or a waker did not settle within 10 s (a loaded machine).")
@Outcome(id = "0", expect = FORBIDDEN, desc = "Lost wake-up: the poller parked after the signal with the transfer unpolled.")
@State
public class ProgressEnginePollerVsSignalRace {
    /** How long the completer holds the lock before it completes the transfer (a send's critical section). */
    static final int CRITICAL_SECTION_SPINS = 256;

    final ProgressEngineHarness engine = new ProgressEngineHarness();
    final ReentrantLock transferLock = new ReentrantLock();
    volatile boolean arrived;
    final Schedule schedule = new Schedule() {
        @Override
        protected boolean advance() {
            if (arrived) {
                return true;
            }
            transferLock.lock();      // a step's critical section: parks while the completer is inside
            transferLock.unlock();
            return false;
        }
    };
    final Thread waiter = Thread.ofVirtual().unstarted(() -> engine.await(schedule.state()));

    public ProgressEnginePollerVsSignalRace() {
        engine.start(schedule);       // outstanding, its transfer not arrived
    }

    @Actor
    public void waiter() {
        waiter.start();
    }

    @Actor
    public void completer() {
        transferLock.lock();
        try {
            for (int i = 0; i < CRITICAL_SECTION_SPINS; i++) {
                Thread.onSpinWait();
            }
            arrived = true;
            engine.signal();
        } finally {
            transferLock.unlock();
        }
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = WaiterThreads.judge(waiter, engine);
    }
}
