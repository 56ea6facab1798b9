package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Known-bad twin of {@code CompletionSignalVsParkRace}: a completion whose {@code done} flag is a plain
 * field, waited on by a spin loop. Without a volatile (acquire) read the JIT may hoist the read out of
 * the loop, so the waiter never sees the signal: STALE. jcstress must report it.
 */
@JCStressTest(Mode.Termination)
@Description("Broken twin: a plain done flag, spun on; the JIT hoists the read")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter happened to see the flag.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the hoisted read never sees done = true.")
@State
public class CompletionSignalVsParkRaceBrokenTwin {
    boolean done; // DEFECT: plain, not volatile

    @Actor
    public void waiter() {
        while (!done) {
            // spin: nothing here forces a re-read of done
        }
    }

    @Signal
    public void completer() {
        done = true;
    }
}
