package org.mpiverify.jcstress.core.sched;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.sched.ReadyBitVector;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: the worker takes a word of a {@link ReadyBitVector} (Dang, Snir &amp; Gropp §3.1, Algorithm 3's atomic
 * exchange) while a {@code ThreadSignal} (Algorithm 4's atomic bit set) sets another bit of the same word.
 * Thread 1 is already marked; the signaller marks thread 0; the worker runs one pass, and after both a last
 * pass (the arbiter) takes whatever is left.
 *
 * <p>r1, r2 = how many times threads 0 and 1 were taken over both passes. Each was signalled once, so each
 * must be taken exactly once: 0 is a lost wake-up (the thread never runs), 2 a thread run twice for one
 * signal.
 */
@JCStressTest
@Description("ReadyBitVector: a signal racing the worker's exchange of the same word")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "Each signalled thread taken once, by the racing pass or the last one.")
@Outcome(expect = FORBIDDEN, desc = "A signal lost (0) or a thread taken twice (2).")
@State
public class ReadyBitVectorSignalVsTakeRace {
    final ReadyBitVector ready = new ReadyBitVector(512);
    final int[] taken = new int[2];

    public ReadyBitVectorSignalVsTakeRace() {
        ready.signal(1);
    }

    @Actor
    public void worker() {
        ready.drain(id -> taken[id]++);
    }

    @Actor
    public void signaller() {
        ready.signal(0);
    }

    @Arbiter
    public void lastPass(II_Result r) {
        ready.drain(id -> taken[id]++);
        r.r1 = taken[0];
        r.r2 = taken[1];
    }
}
