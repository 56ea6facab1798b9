package org.mpiverify.mutate.race.scenarios;

import java.util.Set;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.TraceRecorder;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Signal;

/**
 * A race scenario for the detector: a {@link Completion} that records its steps for trace validation,
 * awaited (spin, yield, park) and polled against its signal. Recording moves the signal's write of
 * {@code done} into the completion's monitor, but a waiter's first look and a poller still read it
 * outside.
 */
public class RecordedCompletionVsSignal {
    static final WaitPolicy SPIN_YIELD_PARK = new WaitPolicy(20_000, 20_000, 2, 2, 1_000_000);

    final Completion completion = new Completion();

    public RecordedCompletionVsSignal() {
        completion.recordTo(TraceRecorder.create(Set.of(TraceRecorder.Algorithm.COMPLETION), false));
    }

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
