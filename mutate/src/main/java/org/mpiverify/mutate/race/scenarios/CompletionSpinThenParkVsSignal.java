package org.mpiverify.mutate.race.scenarios;

import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Signal;

/**
 * A race scenario for the detector: a waiter on a {@link Completion} that spins past the ungated part,
 * yields and then parks, and a poller of {@link Completion#isDone()}, against the signal. The jcstress
 * races park at once, so only this scenario reads {@code done} in the spin and yield phases.
 */
public class CompletionSpinThenParkVsSignal {
    static final WaitPolicy SPIN_YIELD_PARK = new WaitPolicy(20_000, 20_000, 2, 2, 1_000_000);

    final Completion completion = new Completion();

    @Actor
    public void waiter() {
        completion.await(() -> false, SPIN_YIELD_PARK);
    }

    @Actor
    public void poller() {
        for (int i = 0; i < 1_000 && !completion.isDone(); i++) {
            Thread.onSpinWait();
        }
    }

    @Signal
    public void completer() {
        Delays.stagger();
        completion.signal();
    }
}
