package org.mpiverify.core.matching;

/**
 * The matching part of a receive posted at a rank: context id, source (a rank or
 * {@link MatchingEngine#ANY_SOURCE}) and tag (a tag or {@link MatchingEngine#ANY_TAG}). Subclasses carry
 * the receive buffer and the request to complete.
 *
 * <p>Receives are pooled (Balaji et al. §5.3), so the fields are plain and set again for each use by
 * {@link #setMatchFields}, before the receive is handed to an engine. An engine publishes a receive to
 * other threads only through its own synchronization (a lock or a volatile/CAS), which makes those
 * writes visible; the receive's reference count keeps it from being reused while an engine or a
 * user handle still refers to it.
 */
public abstract class PostedReceive {
    private int context;
    private int source;
    private int tag;
    /**
     * The id of this use of the receive in a recorded trace: the stamp of its post step (0 when not
     * recorded). Written and read only under the lock that decides the post and the match.
     */
    long traceId;
    /**
     * The next receive in the posted FIFO of {@link ContextQueues} that holds this one, else null: the receive is
     * its own node there, so posting allocates nothing and the matching thread reads no line but the receive's.
     * Written and read only under the lock of the context whose queues hold it; null whenever it is in none.
     */
    PostedReceive nextPosted;

    protected PostedReceive(int context, int source, int tag) {
        this.context = context;
        this.source = source;
        this.tag = tag;
    }

    /** Sets the match fields for a new use. Only the owner calls this, before posting. */
    protected final void setMatchFields(int context, int source, int tag) {
        this.context = context;
        this.source = source;
        this.tag = tag;
    }

    public final int context() { return context; }

    public final int source() { return source; }

    public final int tag() { return tag; }

    /** True if neither source nor tag is a wildcard: the receive can live in an exact-match table. */
    public final boolean isExact() {
        return source != MatchingEngine.ANY_SOURCE && tag != MatchingEngine.ANY_TAG;
    }

    /** True if this receive matches {@code e}. */
    public final boolean matches(Envelope e) {
        return e.matches(context, source, tag);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[ctx=" + context + ", src=" + source + ", tag=" + tag + "]";
    }
}
