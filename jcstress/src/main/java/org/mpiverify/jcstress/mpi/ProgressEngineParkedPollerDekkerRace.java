package org.mpiverify.jcstress.mpi;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.LockSupport;

import org.mpiverify.mpi.ProgressEngineHarness;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: the progress engine's Dekker pair between a poller about to park and a transfer's signal, in
 * continuous mode, the two accesses of each side and nothing else (where {@code ProgressEnginePollerVsSignalRace}
 * runs the whole wait): {@code ProgressEngine.publishParked} (write {@code parkedPoller}, re-read {@code events})
 * against {@code ProgressEngine.transferDone} (increment {@code events}, read {@code parkedPoller}, unpark
 * it), through the real engine. A signal reads only the published poller, so that a poller which spins or
 * polls costs it no unpark; the pair is what keeps a poller that is about to park from missing the signal.
 *
 * <p>The poller is a probe: a virtual thread parked before the sample starts, whose state the arbiter reads
 * (as in {@code CompletionRegisterVsSignalDekkerRace}): still {@code WAITING} after both actors means the
 * signal unparked nobody. r1 = the signal unparked the probe (1), did not (0), or the probe was not parked
 * in time and the sample is not judged (-1); r2 = the re-read saw the event (1: the poller polls again) or
 * not (0: it parks). Forbidden: {@code 0, 0}, a lost wake-up: the poller would park, and the signal that
 * came after its ticket woke nobody.
 */
@JCStressTest
@Description("ProgressEngine: the poller's publication and re-read vs a transfer's signal, the Dekker pair through the unpark of a parked probe")
@Outcome(id = {"1, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "At least one side saw the other: the poller is woken, or saw the event and polls again.")
@Outcome(id = {"-1, 0", "-1, 1"}, expect = ACCEPTABLE_INTERESTING, desc = "The probe was not parked within the bound when the sample began: not judged.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Lost wake-up: the poller's re-read missed the event and the signal saw no parked poller.")
@State
public class ProgressEngineParkedPollerDekkerRace {
    final ProgressEngineHarness engine = new ProgressEngineHarness();
    final Thread probe = Thread.ofVirtual().unstarted(LockSupport::park);
    final long ticket = engine.events();
    final boolean armed;

    public ProgressEngineParkedPollerDekkerRace() {
        probe.start();
        armed = WaiterThreads.awaitParked(probe);
    }

    @Actor
    public void signaller() {
        engine.signal();
    }

    @Actor
    public void poller(II_Result r) {
        r.r2 = engine.publishParked(ticket, probe) ? 0 : 1;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = !armed ? -1 : probe.getState() == Thread.State.WAITING ? 0 : 1;
        LockSupport.unpark(probe);   // let the probe end, whatever happened
    }
}
