package org.mpiverify.mutate.race.scenarios;

import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;
import org.openjdk.jcstress.annotations.Actor;

/**
 * A race scenario for the detector: the hash engine's per-context directory grows (a message on a
 * context id past its first 16 slots) while other threads look contexts up, by a probe (a lookup that
 * never installs) and by {@code size()} (which walks every context), and post a receive on a context that
 * is already there.
 */
public class EngineContextsGrowVsLookup {
    static final int LOW = 3, HIGH = 40, SOURCE = 1, TAG = 5;

    final MatchingEngine engine = new HashMatchingEngine(4, 1);

    public EngineContextsGrowVsLookup() {
        engine.matchOrEnqueue(new Message(LOW));
    }

    @Actor
    public void grower() {
        engine.matchOrEnqueue(new Message(HIGH));
    }

    @Actor
    public void prober() {
        for (int i = 0; i < 20 && engine.peek(HIGH, SOURCE, TAG) == null; i++) {
            Thread.onSpinWait();
        }
    }

    @Actor
    public void walker() {
        for (int i = 0; i < 20 && engine.size() < 2; i++) {
            Thread.onSpinWait();
        }
    }

    @Actor
    public void receiver() {
        engine.matchOrPost(new Receive(LOW, SOURCE, TAG));
    }

    /** A message on {@code context}. */
    static final class Message extends Envelope {
        Message(int context) {
            super(context, SOURCE, TAG);
        }
    }

    /** A posted receive with its match fields set. */
    static final class Receive extends PostedReceive {
        Receive(int context, int source, int tag) {
            super(0, 0, 0);
            setMatchFields(context, source, tag);
        }
    }
}
