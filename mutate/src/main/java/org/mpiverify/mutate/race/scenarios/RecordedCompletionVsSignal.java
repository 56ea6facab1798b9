package org.mpiverify.mutate.race.scenarios;

import java.util.Set;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * A race scenario for the detector: {@link CompletionSpinThenParkVsSignal} on a {@code Completion} that
 * records its steps for trace validation. Recording moves the signal's write of {@code done} into the
 * completion's monitor, but a waiter's first look and a poller still read it outside.
 */
public class RecordedCompletionVsSignal extends CompletionSpinThenParkVsSignal {
    public RecordedCompletionVsSignal() {
        completion.recordTo(TraceRecorder.create(Set.of(TraceRecorder.Algorithm.COMPLETION), false));
    }
}
