package org.mpiverify.jcstress.core.matching;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.matching.QueueMatchingEngine;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: a receive being posted ({@code matchOrPost}) against the matching message arriving
 * ({@code matchOrEnqueue}), in both matching engines. Both objects carry plain fields: the
 * {@link PostedReceive}'s match fields are set with {@code setMatchFields} after construction (as
 * when a pooled receive is reused) plus a plain "where to deliver" field; the {@link Envelope}
 * subclass carries a plain payload written after construction. Nothing but the engine's own
 * synchronization (queue lock, or bucket lock and release/acquire of the hash table's values)
 * publishes them to the thread that matches.
 *
 * <p>r1, r2 = the payload and tag the receiver read from the envelope it matched (-1 if it posted);
 * r3, r4 = the tag and delivery field the sender read from the receive it matched (-1 if it queued).
 * Forbidden: neither or both matched (message lost or delivered twice), or the matching side read a
 * stale (zero) field: the engine did not publish the other side's writes.
 */
public class EnvelopePublicationRace {
    /** The envelope of every message and receive here; public for the races' known-bad twins, in {@code twins}. */
    public static final int CTX = 3, SRC = 1, TAG = 5;

    /** A message with a plain payload, written after construction. */
    public static final class Message extends Envelope {
        public int payload;

        public Message() {
            super(CTX, SRC, TAG);
        }
    }

    /** A receive whose match fields are set after construction, plus a plain delivery field. */
    public static final class Receive extends PostedReceive {
        int deliverTo;

        public Receive() {
            super(0, 0, 0);
        }

        public void post(int context, int source, int tag) {
            setMatchFields(context, source, tag);
        }
    }

    static void receive(MatchingEngine engine, IIII_Result r) {
        Receive rv = new Receive();
        rv.deliverTo = 7;
        rv.post(CTX, SRC, TAG);
        Envelope e = engine.matchOrPost(rv);
        if (e != null) {
            r.r1 = ((Message) e).payload;
            r.r2 = e.tag();
        } else {
            r.r1 = r.r2 = -1;
        }
    }

    static void send(MatchingEngine engine, IIII_Result r) {
        Message m = new Message();
        m.payload = 42;
        PostedReceive p = engine.matchOrEnqueue(m);
        if (p != null) {
            r.r3 = p.tag();
            r.r4 = ((Receive) p).deliverTo;
        } else {
            r.r3 = r.r4 = -1;
        }
    }

    @JCStressTest
    @Description("QueueMatchingEngine: posted receive and arriving envelope publish their plain fields to the matcher")
    @Outcome(id = "42, 5, -1, -1", expect = ACCEPTABLE, desc = "Message arrived first (unexpected); the receive matched it and read it whole.")
    @Outcome(id = "-1, -1, 5, 7", expect = ACCEPTABLE, desc = "Receive posted first; the message matched it and read it whole.")
    @Outcome(expect = FORBIDDEN, desc = "Lost or doubly matched message, or a stale field: the engine did not publish it.")
    @State
    public static class Queues {
        final MatchingEngine engine = new QueueMatchingEngine();

        @Actor
        public void receiver(IIII_Result r) {
            receive(engine, r);
        }

        @Actor
        public void sender(IIII_Result r) {
            send(engine, r);
        }
    }

    @JCStressTest
    @Description("HashMatchingEngine (DSG table): posted receive and arriving envelope publish their plain fields to the matcher")
    @Outcome(id = "42, 5, -1, -1", expect = ACCEPTABLE, desc = "Message arrived first (unexpected); the receive matched it and read it whole.")
    @Outcome(id = "-1, -1, 5, 7", expect = ACCEPTABLE, desc = "Receive posted first; the message matched it and read it whole.")
    @Outcome(expect = FORBIDDEN, desc = "Lost or doubly matched message, or a stale field: the engine did not publish it.")
    @State
    public static class HashTable {
        final MatchingEngine engine = new HashMatchingEngine(4, 1);

        @Actor
        public void receiver(IIII_Result r) {
            receive(engine, r);
        }

        @Actor
        public void sender(IIII_Result r) {
            send(engine, r);
        }
    }
}
