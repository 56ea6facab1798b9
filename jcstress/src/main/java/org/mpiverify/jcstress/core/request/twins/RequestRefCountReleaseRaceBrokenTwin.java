package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Known-bad twin of {@code RequestRefCountReleaseRace}: the reference count is a plain {@code int}
 * changed with {@code refs--} / {@code refs++} — the non-atomic count Balaji et al. §5.3 report. Two
 * read-modify-writes interleave and one is lost: nobody sees zero (a leaked request) or, with the
 * retain, both see zero (a double free).
 *
 * <p>r1 = recycles, r2 = final refs.
 */
@JCStressTest
@Description("Broken twin: a plain int reference count")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Exactly one recycle.")
@Outcome(expect = FORBIDDEN, desc = "Lost update: leak (no recycle) or double free (two recycles).")
@State
public class RequestRefCountReleaseRaceBrokenTwin {
    int refs = 2; // DEFECT: plain int, non-atomic decrement
    final AtomicInteger recycles = new AtomicInteger();

    void release() {
        if (--refs == 0) {
            recycles.incrementAndGet();
        }
    }

    @Actor
    public void completer() {
        release();
    }

    @Actor
    public void user() {
        refs++;
        release();
        release();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = recycles.get();
        r.r2 = refs;
    }
}
