package org.mpiverify.core.matching;

/**
 * The matching part of a message that has reached its destination rank: the context id, the
 * sender's rank in the communicator and the tag. Subclasses carry the payload (an eager packet or a
 * rendezvous handle to the sender's buffer). A matching engine reads only these three fields, which
 * are final, so an envelope is safely published to any thread that obtains it through the engine.
 */
public abstract class Envelope {
    private final int context;
    private final int source;
    private final int tag;
    /**
     * The id of this message in a recorded trace: the stamp of its arrival step (0 when not recorded).
     * Written and read only under the lock that decides the arrival and the match.
     */
    long traceId;

    protected Envelope(int context, int source, int tag) {
        this.context = context;
        this.source = source;
        this.tag = tag;
    }

    public final int context() { return context; }

    public final int source() { return source; }

    public final int tag() { return tag; }

    /** True if a receive for ({@code context}, {@code source}, {@code tag}), possibly with wildcards, matches this message. */
    public final boolean matches(int context, int source, int tag) {
        return this.context == context
                && (source == MatchingEngine.ANY_SOURCE || source == this.source)
                && (tag == MatchingEngine.ANY_TAG || tag == this.tag);
    }

    /**
     * True if this message is longer than the buffer of {@code r}, a receive it matches: the match completes
     * {@code r} with ERR_TRUNCATE (MPI-3.1 §3.2.4). An engine that decides truncation when it matches, as MPICH's
     * receive-data-found step does, asks this there; the core's engines leave it to the delivery, which asks the
     * same. An envelope carries no size, so this one says false; the core's messages, which know their size and
     * their receives', override it. Reads what the sender set before the message reached the engine and what the
     * receive's owner set before posting it, both published by the engine that matched them.
     */
    public boolean longerThan(PostedReceive r) {
        return false;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[ctx=" + context + ", src=" + source + ", tag=" + tag + "]";
    }
}
