package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Known-bad twin of the Dekker handshake inside {@code Completion}: the same two halves
 * (completer: write done, read waiter; waiter: write waiter, read done), but with release stores and
 * acquire loads instead of volatile accesses. Release/acquire does not order a store before a later
 * load, and x86 store buffers do reorder them, so both reads can miss the other thread's write: the
 * completer does not unpark and the waiter parks — a lost wake-up. {@code Completion} uses volatile
 * (sequentially consistent) accesses, which forbid exactly this outcome.
 *
 * <p>r1 = completer saw the waiter registered, r2 = waiter saw done.
 */
@JCStressTest
@Description("Broken twin: Completion's Dekker handshake with release/acquire instead of volatile")
@Outcome(id = {"1, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "At least one side saw the other: the waiter does not sleep through the signal.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Store-load reordering: neither side saw the other; the waiter parks on a completed request and is never unparked.")
@State
public class CompletionDekkerNoFenceBrokenTwin {
    private static final VarHandle DONE;
    private static final VarHandle WAITER;
    static {
        try {
            var l = MethodHandles.lookup();
            DONE = l.findVarHandle(CompletionDekkerNoFenceBrokenTwin.class, "done", boolean.class);
            WAITER = l.findVarHandle(CompletionDekkerNoFenceBrokenTwin.class, "waiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    boolean done;
    Thread waiter;

    @Actor
    public void completer(II_Result r) {
        DONE.setRelease(this, true);                        // DEFECT: release store ...
        r.r1 = WAITER.getAcquire(this) != null ? 1 : 0;      // ... then acquire load: may be reordered before it
    }

    @Actor
    public void waiter(II_Result r) {
        WAITER.setRelease(this, Thread.currentThread());
        r.r2 = (boolean) DONE.getAcquire(this) ? 1 : 0;
    }
}
