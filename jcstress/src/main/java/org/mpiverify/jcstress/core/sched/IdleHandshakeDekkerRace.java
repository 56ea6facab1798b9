package org.mpiverify.jcstress.core.sched;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.sched.IdleHandshake;
import org.mpiverify.core.sched.ReadyBitVector;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: an idle worker of the bit-vector scheduler goes to sleep ({@link IdleHandshake#announce}: announce,
 * then re-read the {@link ReadyBitVector}) while a {@code ThreadSignal} sets a thread's bits and then reads
 * the announcement to decide whether to unpark the worker.
 *
 * <p>r1 = 1 if the worker would park, r2 = 1 if the signaller would unpark it. Forbidden: 1, 0, the worker
 * asleep with a runnable thread and nobody to wake it (a store-load reordering of either side, or a worker
 * that does not re-read).
 */
@JCStressTest
@Description("IdleHandshake: a worker's announced sleep racing a ThreadSignal (Dekker)")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "The worker saw the signal, or the signaller saw the worker's sleep.")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "Lost wake-up: the worker parks with a runnable thread and the signaller does not wake it.")
@State
public class IdleHandshakeDekkerRace {
    final ReadyBitVector ready = new ReadyBitVector(512);
    final IdleHandshake idle = new IdleHandshake();

    @Actor
    public void worker(II_Result r) {
        r.r1 = idle.announce(ready) ? 1 : 0;
    }

    @Actor
    public void signaller(II_Result r) {
        ready.signal(0);
        r.r2 = idle.sleeping() ? 1 : 0;
    }
}
