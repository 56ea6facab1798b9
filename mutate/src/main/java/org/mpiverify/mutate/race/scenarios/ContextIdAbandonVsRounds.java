package org.mpiverify.mutate.race.scenarios;

import java.util.Set;
import org.mpiverify.core.contextid.MaskAllreduce;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.mpiverify.core.trace.TraceRecorder;
import org.openjdk.jcstress.annotations.Actor;

/**
 * A race scenario for the detector: the mask hand-off of {@code ContextIdMaskHandoffRace} (two calls of one
 * process, one eager id, so that one of them goes on to Fig. 3 rounds and writes the lowest waiting key)
 * on an allocator that records its steps, against a third call whose allreduce fails: it abandons its
 * round and records the lowest key as it is then.
 */
public class ContextIdAbandonVsRounds {
    static final MaskAllreduce ONE_MEMBER = words -> { };
    static final MaskAllreduce FAILING = words -> {
        throw new IllegalStateException("a member failed");
    };

    final MultithreadedContextIdAllocator allocator = new MultithreadedContextIdAllocator(6, false);

    public ContextIdAbandonVsRounds() {
        allocator.recordTo(TraceRecorder.create(Set.of(TraceRecorder.Algorithm.CONTEXT_ID), false), 0);
    }

    private void allocate(int tag, MaskAllreduce allreduce) {
        try {
            allocator.allocate(0, tag, allreduce);
        } catch (RuntimeException e) {
            // exhaustion, or the failing allreduce: both are expected here
        }
    }

    @Actor
    public void lowKey() {
        allocate(1, ONE_MEMBER);
    }

    @Actor
    public void highKey() {
        allocate(2, ONE_MEMBER);
    }

    @Actor
    public void failing() {
        allocate(3, FAILING);
    }
}
