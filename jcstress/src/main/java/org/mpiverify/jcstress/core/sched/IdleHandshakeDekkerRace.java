package org.mpiverify.jcstress.core.sched;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.sched.BitVectorWorkerHarness;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: an idle worker of the bit-vector scheduler goes to sleep ({@code BitVectorWorker.announceSleep}: announce,
 * then re-read its {@code ReadyBitVector}) while a {@code ThreadSignal} ({@code BitVectorWorker.signal}, the real
 * one) sets a thread's bits and then reads the announcement to decide whether to unpark the worker.
 *
 * <p>r1 = 1 if the worker would park, r2 = 1 if the signal unparked it. Forbidden: 1, 0, the worker asleep with a
 * runnable thread and nobody to wake it (a store-load reordering of either side, a worker that does not re-read, or
 * a signal that reads the announcement before its bit sets).
 */
@JCStressTest
@Description("BitVectorWorker: a worker's announced sleep racing its ThreadSignal (Dekker)")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "The worker saw the signal, or the signaller saw the worker's sleep.")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "Lost wake-up: the worker parks with a runnable thread and the signaller does not wake it.")
@State
public class IdleHandshakeDekkerRace {
    final BitVectorWorkerHarness worker = new BitVectorWorkerHarness();

    @Actor
    public void worker(II_Result r) {
        r.r1 = worker.announceSleep() ? 1 : 0;
    }

    @Actor
    public void signaller(II_Result r) {
        r.r2 = worker.signal(0) ? 1 : 0;
    }
}
