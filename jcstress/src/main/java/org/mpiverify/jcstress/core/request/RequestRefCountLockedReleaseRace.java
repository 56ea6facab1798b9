package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import org.mpiverify.core.request.RequestState;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: as {@link RequestRefCountReleaseRace}, but the reference count is the mutex-protected one of
 * Balaji et al. §5.3 before "atom" (the REFCOUNT section under Brief Global and Per Object with
 * {@code withRequestOptions(tlp, false)}): each update is a plain read and write of the count inside
 * the request's mutex. The mutex must make the read-modify-write atomic: exactly one recycle.
 *
 * <p>r1 = recycles, r2 = final refs, r3 = generation, r4 = exceptions. Forbidden as in the atomic test:
 * a lost decrement (no recycle), a double free (two recycles), a use after free.
 */
@JCStressTest
@Description("RequestState.release under its REFCOUNT mutex racing release and retain: exactly one recycle")
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "The last releaser, whichever it was, recycled exactly once.")
@Outcome(expect = FORBIDDEN, desc = "Lost update (leak), double free, or a reference to a freed request.")
@State
public class RequestRefCountLockedReleaseRace {
    final AtomicInteger recycles = new AtomicInteger();
    final AtomicInteger exceptions = new AtomicInteger();
    final RequestState state = new RequestState(s -> recycles.incrementAndGet(), new ReentrantLock());

    public RequestRefCountLockedReleaseRace() {
        state.begin(2);
    }

    @Actor
    public void completer() {
        try {
            state.signal();
            state.release();
        } catch (IllegalStateException e) {
            exceptions.incrementAndGet();
        }
    }

    @Actor
    public void user() {
        try {
            state.retain();
            state.release();
            state.release();
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
