package org.mpiverify.jcstress.core.matching;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.QueueMatchingEngine;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: {@code MPI_Cancel} of a posted receive ({@code MatchingEngine.remove}) against the arrival of
 * its message ({@code matchOrEnqueue}), in both engines. Exactly one must win: either the cancel
 * removes the receive (and the message is queued as unexpected), or the message takes the receive (and
 * the cancel fails, so the receive completes normally).
 *
 * <p>r1 = 1 if the cancel removed the receive, r2 = 1 if the message matched it, r3 = entries left in
 * the engine. Forbidden: both won (a cancelled receive that is also filled: its buffer written after
 * the user was told it was cancelled, and a reference dropped twice), neither won (the message queued
 * while the receive stays posted: a missed match), or a leftover that does not fit the winner.
 */
public class ReceiveCancelVsMatchRace {
    static void post(MatchingEngine engine, EnvelopePublicationRace.Receive rv) {
        rv.post(EnvelopePublicationRace.CTX, EnvelopePublicationRace.SRC, EnvelopePublicationRace.TAG);
        if (engine.matchOrPost(rv) != null) {
            throw new IllegalStateException("nothing can match yet");
        }
    }

    static int arrive(MatchingEngine engine) {
        EnvelopePublicationRace.Message m = new EnvelopePublicationRace.Message();
        return engine.matchOrEnqueue(m) != null ? 1 : 0;
    }

    @JCStressTest
    @Description("QueueMatchingEngine: cancel of a posted receive vs its message arriving: exactly one wins")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "Cancel won; the message waits as unexpected.")
    @Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "The message took the receive; the cancel failed.")
    @Outcome(expect = FORBIDDEN, desc = "Both won (cancelled and filled), neither won (missed match), or a wrong leftover.")
    @State
    public static class Queues {
        final MatchingEngine engine = new QueueMatchingEngine();
        final EnvelopePublicationRace.Receive rv = new EnvelopePublicationRace.Receive();

        public Queues() {
            post(engine, rv);
        }

        @Actor
        public void cancel(III_Result r) {
            r.r1 = engine.remove(rv) ? 1 : 0;
        }

        @Actor
        public void arrival(III_Result r) {
            r.r2 = arrive(engine);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            r.r3 = engine.size();
        }
    }

    @JCStressTest
    @Description("HashMatchingEngine: cancel of a posted receive vs its message arriving: exactly one wins")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "Cancel won; the message waits as unexpected.")
    @Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "The message took the receive; the cancel failed.")
    @Outcome(expect = FORBIDDEN, desc = "Both won (cancelled and filled), neither won (missed match), or a wrong leftover.")
    @State
    public static class HashTable {
        final MatchingEngine engine = new HashMatchingEngine(4, 1);
        final EnvelopePublicationRace.Receive rv = new EnvelopePublicationRace.Receive();

        public HashTable() {
            post(engine, rv);
        }

        @Actor
        public void cancel(III_Result r) {
            r.r1 = engine.remove(rv) ? 1 : 0;
        }

        @Actor
        public void arrival(III_Result r) {
            r.r2 = arrive(engine);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            r.r3 = engine.size();
        }
    }
}
