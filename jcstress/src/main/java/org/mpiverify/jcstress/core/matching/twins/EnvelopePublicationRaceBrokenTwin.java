package org.mpiverify.jcstress.core.matching.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Known-bad twin of {@code EnvelopePublicationRace}: the sender publishes its envelope in the
 * unexpected slot (a volatile store) before it writes the payload — a publish before the payload
 * write. A receiver that takes the envelope reads a payload of 0.
 *
 * <p>r1 = payload read by the receiver (-1 if the slot was still empty), r2 = tag.
 */
@JCStressTest
@Description("Broken twin: an envelope published before its payload is written")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "Nothing arrived yet.")
@Outcome(id = "42, 5", expect = ACCEPTABLE, desc = "The envelope, whole.")
@Outcome(expect = FORBIDDEN, desc = "The receiver matched an envelope whose payload or tag was not yet written.")
@State
public class EnvelopePublicationRaceBrokenTwin {
    static final class Message {
        int tag;
        int payload;
    }

    volatile Message unexpected;

    @Actor
    public void sender() {
        Message m = new Message();
        unexpected = m;        // DEFECT: published ...
        m.tag = 5;             // ... before it is written
        m.payload = 42;
    }

    @Actor
    public void receiver(II_Result r) {
        Message m = unexpected;
        if (m != null) {
            r.r1 = m.payload;
            r.r2 = m.tag;
        } else {
            r.r1 = r.r2 = -1;
        }
    }
}
