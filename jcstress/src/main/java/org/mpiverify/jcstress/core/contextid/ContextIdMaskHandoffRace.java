package org.mpiverify.jcstress.core.contextid;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.contextid.MaskAllreduce;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: two threads of one process allocate a context id at once with the multithreaded algorithm of
 * Gropp &amp; Thakur §5.3, Fig. 3: they contend for {@code mask_in_use}, the loser lowers
 * {@code lowestContextId} (here: the (parent, tag) key) or retries, and the owner's update of the mask
 * must be handed to the next owner's snapshot. The communicator has one member, so the allreduce is
 * the identity and every retry round is local; the mask has four free ids (2 to 5), id 2 forming the
 * eager segment, so the eager round and the Fig. 3 rounds hand the segment between the threads too.
 *
 * <p>r1 = id returned to the call with key (0, 1), r2 = id returned to the call with key (0, 2),
 * r3 = free ids left (2 of 4). Forbidden: both got the same id (two owners at once, or the second owner's
 * snapshot missed the first owner's clear), an id outside the mask or an exception (-1), or a mask
 * that does not show both ids taken.
 */
@JCStressTest
@Description("MultithreadedContextIdAllocator: mask_in_use / lowestContextId hand-off between two threads")
@Outcome(id = {"2, 3, 2", "3, 2, 2"}, expect = ACCEPTABLE, desc = "Distinct ids, both taken from the mask, in either order.")
@Outcome(expect = FORBIDDEN, desc = "Both threads got the same id, an exception, or the mask lost an update.")
@State
public class ContextIdMaskHandoffRace {
    static final MaskAllreduce ONE_MEMBER = words -> { };

    final MultithreadedContextIdAllocator allocator = new MultithreadedContextIdAllocator(6, false);   // ids 2..5; eager segment {2}

    int allocate(int tag) {
        try {
            return allocator.allocate(0, tag, ONE_MEMBER);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    @Actor
    public void lowKey(III_Result r) {
        r.r1 = allocate(1);
    }

    @Actor
    public void highKey(III_Result r) {
        r.r2 = allocate(2);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = allocator.freeCount();
    }
}
