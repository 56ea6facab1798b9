package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;

import org.mpiverify.core.request.RequestState;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: the two references of a request in flight (Gropp &amp; Thakur §4.1; Balaji et al. §5.3) are
 * dropped by two threads at once — the operation's by the completer, the user's by the user's thread —
 * while the user's thread also takes and drops a new reference ({@code retain} then {@code release},
 * as {@code waitAny} or a persistent request restart does). The count goes 2 → ... → 0 with the two
 * threads' atomic read-modify-writes interleaved in any order.
 *
 * <p>r1 = recycles (the recycler call: "free"), r2 = final refs, r3 = generation, r4 = exceptions
 * ({@code retain of a free request}, {@code released more often than referenced}). Forbidden: no
 * recycle (leak: a lost decrement), two recycles (double free: two threads saw zero), a negative
 * count or an exception (use after free: a reference taken on a recycled state).
 */
@JCStressTest
@Description("RequestState.release racing release and retain: exactly one recycle")
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "The last releaser, whichever it was, recycled exactly once.")
@Outcome(expect = FORBIDDEN, desc = "Lost update (leak), double free, or a reference to a freed request.")
@State
public class RequestRefCountReleaseRace {
    final AtomicInteger recycles = new AtomicInteger();
    final AtomicInteger exceptions = new AtomicInteger();
    final RequestState state = new RequestState(s -> recycles.incrementAndGet());

    public RequestRefCountReleaseRace() {
        state.begin(2);
    }

    @Actor
    public void completer() {
        try {
            state.signal();
            state.release();             // the operation's reference
        } catch (IllegalStateException e) {
            exceptions.incrementAndGet();
        }
    }

    @Actor
    public void user() {
        try {
            state.retain();              // a new reference, taken while holding the user's
            state.release();
            state.release();             // the user's reference
        } catch (IllegalStateException e) {
            exceptions.incrementAndGet();
        }
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = recycles.get();
        r.r2 = state.refs();
        r.r3 = state.generation();
        r.r4 = exceptions.get();
    }
}
