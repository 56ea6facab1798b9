package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

import org.mpiverify.core.request.RequestState;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Known-bad twin of {@code RequestRefCountLockedReleaseRace}: the real {@link RequestState}, given a
 * REFCOUNT "mutex" that excludes nothing — the quasi-thread-safe count Balaji et al. §6 report hitting
 * failures with. The plain read-modify-write of the count then loses updates: jcstress must observe a
 * leak or a double free.
 */
@JCStressTest
@Description("Twin: RequestState's locked count with a lock that does not lock; updates are lost")
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "Exactly one recycle (the race did not hit).")
@Outcome(expect = FORBIDDEN, desc = "Lost update (leak), double free, or a reference to a freed request.")
@State
public class RequestRefCountLockedReleaseRaceBrokenTwin {
    /** The defect: an empty critical section. */
    static final class NotALock implements Lock {
        @Override public void lock() { }
        @Override public void lockInterruptibly() { }
        @Override public boolean tryLock() { return true; }
        @Override public boolean tryLock(long time, TimeUnit unit) { return true; }
        @Override public void unlock() { }
        @Override public Condition newCondition() { throw new UnsupportedOperationException(); }
    }

    final AtomicInteger recycles = new AtomicInteger();
    final AtomicInteger exceptions = new AtomicInteger();
    final RequestState state = new RequestState(s -> recycles.incrementAndGet(), new NotALock());

    public RequestRefCountLockedReleaseRaceBrokenTwin() {
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
