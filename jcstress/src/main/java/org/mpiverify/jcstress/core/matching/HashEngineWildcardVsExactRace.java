package org.mpiverify.jcstress.core.matching;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: in the hash-table engine, a wildcard receive ({@code MPI_ANY_SOURCE}) is posted — which moves
 * its context from the exact-match table to the wildcard mode — while a message for it arrives on the
 * exact path. The two must meet: exactly one of {@code matchOrPost} and {@code matchOrEnqueue} returns
 * the other, and nothing is left in the engine.
 *
 * <p>r1 = 1 if the receive matched the message, r2 = 1 if the message matched the receive, r3 = what
 * the engine still holds. Forbidden: both left in the engine (the receive in the wildcard queue, the
 * message in the table: a missed match, the receive would hang), or both matched.
 */
@JCStressTest
@Description("HashMatchingEngine: wildcard receive posted while an exact message arrives: they meet exactly once")
@Outcome(id = {"1, 0, 0", "0, 1, 0"}, expect = ACCEPTABLE, desc = "They met once; the engine is empty.")
@Outcome(expect = FORBIDDEN, desc = "Missed match (both stay in the engine) or a double match.")
@State
public class HashEngineWildcardVsExactRace {
    final MatchingEngine engine = new HashMatchingEngine(4, 1);

    @Actor
    public void receiver(III_Result r) {
        EnvelopePublicationRace.Receive rv = new EnvelopePublicationRace.Receive();
        rv.post(EnvelopePublicationRace.CTX, MatchingEngine.ANY_SOURCE, EnvelopePublicationRace.TAG);
        r.r1 = engine.matchOrPost(rv) != null ? 1 : 0;
    }

    @Actor
    public void sender(III_Result r) {
        EnvelopePublicationRace.Message m = new EnvelopePublicationRace.Message();
        m.payload = 42;
        r.r2 = engine.matchOrEnqueue(m) != null ? 1 : 0;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = engine.size();
    }
}
