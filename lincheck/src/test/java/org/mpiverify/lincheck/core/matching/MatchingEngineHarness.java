package org.mpiverify.lincheck.core.matching;

import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;

/**
 * The operations of the matching suites (each suite declares them as Lincheck operations that delegate
 * here) over any {@link MatchingEngine}, compared with
 * {@link MatchingSpec}: post a receive (exact or with ANY_SOURCE/ANY_TAG), arrive a message, probe
 * (peek), matched probe (take) and cancel (remove).
 *
 * <p>Parameters (declared by each concrete suite) are tiny so operations collide: contexts {0, 1} (two communicators), sources {0, 1},
 * tags {0, 1}, payload {0, 1}; in a receive pattern, 2 stands for the wildcard.
 *
 * <p>Determinism: results name messages by (context, source, tag, payload) and receives by their
 * pattern and the poster's ThreadIdGen id, all of which the spec knows; when two items are equal under
 * that naming they are interchangeable for every later result. MPI leaves no choice here once
 * "earliest" is fixed by the linearization order: the contract's "earliest-arrived" and
 * "earliest-posted" are exactly the spec's list order. cancel(t) targets thread t's most recent
 * receive (kept by the harness in slot t, touched only by that thread), so its result is determined.
 * {@code size()} is excluded: the contract calls it approximate under concurrency.
 */
public final class MatchingEngineHarness {
    /** A message: the engine reads (context, source, tag); the payload names it in results. */
    static final class Msg extends Envelope {
        final int payload;

        Msg(int ctx, int src, int tag, int payload) {
            super(ctx, src, tag);
            this.payload = payload;
        }

        @Override
        public String toString() {
            return "msg(ctx=" + context() + ",src=" + source() + ",tag=" + tag() + ",payload=" + payload + ")";
        }
    }

    /** A receive, remembering its poster's thread id. */
    static final class Recv extends PostedReceive {
        final int t;

        Recv(int ctx, int src, int tag, int t) {
            super(ctx, src, tag);
            this.t = t;
        }

        @Override
        public String toString() {
            return "recv(ctx=" + context() + ",src=" + (source() == MatchingEngine.ANY_SOURCE ? "ANY" : source())
                    + ",tag=" + (tag() == MatchingEngine.ANY_TAG ? "ANY" : tag()) + ") of t" + t;
        }
    }

    static int source(int sel) {
        return sel == 2 ? MatchingEngine.ANY_SOURCE : sel;
    }

    static int tag(int sel) {
        return sel == 2 ? MatchingEngine.ANY_TAG : sel;
    }

    private final MatchingEngine engine;
    private final Recv[] lastPosted = new Recv[8];

    public MatchingEngineHarness(MatchingEngine engine) {
        this.engine = engine;
    }

    public String post(int t, int ctx, int src, int tag) {
        Recv r = new Recv(ctx, source(src), tag(tag), t);
        Envelope e = engine.matchOrPost(r);
        lastPosted[t] = e == null ? r : null;
        return e == null ? "posted" : "got " + e;
    }

    public String arrive(int ctx, int src, int tag, int payload) {
        PostedReceive r = engine.matchOrEnqueue(new Msg(ctx, src, tag, payload));
        return r == null ? "unexpected" : "matched " + r;
    }

    public String iprobe(int ctx, int src, int tag) {
        Envelope e = engine.peek(ctx, source(src), tag(tag));
        return e == null ? "none" : e.toString();
    }

    public String improbe(int ctx, int src, int tag) {
        Envelope e = engine.take(ctx, source(src), tag(tag));
        return e == null ? "none" : e.toString();
    }

    public boolean cancel(int t) {
        Recv r = lastPosted[t];
        lastPosted[t] = null;
        return r != null && engine.remove(r);
    }
}
