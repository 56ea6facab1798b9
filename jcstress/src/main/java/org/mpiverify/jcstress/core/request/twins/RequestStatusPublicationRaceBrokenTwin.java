package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Known-bad twin of {@code RequestStatusPublicationRace}: the completer sets the (volatile) done flag
 * before it writes the payload and status — a publish before the payload write. The user sees done
 * and reads a stale buffer or status.
 */
@JCStressTest
@Description("Broken twin: done is published before the payload and status are written")
@Outcome(id = "-1, -1, -1, -1", expect = ACCEPTABLE, desc = "Not complete yet.")
@Outcome(id = "42, 3, 7, 4", expect = ACCEPTABLE, desc = "Complete, with the delivered payload and status.")
@Outcome(expect = FORBIDDEN, desc = "Complete but payload or status stale: published before written.")
@State
public class RequestStatusPublicationRaceBrokenTwin {
    volatile boolean done;
    final int[] buffer = new int[1];
    int source;
    int tag;
    int bytes;

    @Actor
    public void completer() {
        done = true;          // DEFECT: publish first ...
        buffer[0] = 42;       // ... then write what it should have published
        source = 3;
        tag = 7;
        bytes = 4;
    }

    @Actor
    public void user(IIII_Result r) {
        if (done) {
            r.r1 = buffer[0];
            r.r2 = source;
            r.r3 = tag;
            r.r4 = bytes;
        } else {
            r.r1 = r.r2 = r.r3 = r.r4 = -1;
        }
    }
}
