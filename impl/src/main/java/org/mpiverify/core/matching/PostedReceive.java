package org.mpiverify.core.matching;

/**
 * The matching part of a receive posted at a rank: context id, source (a rank or
 * {@link MatchingEngine#ANY_SOURCE}) and tag (a tag or {@link MatchingEngine#ANY_TAG}). Subclasses carry
 * the receive buffer and the request to complete. The fields are final (safe publication).
 */
public abstract class PostedReceive {
    private final int context;
    private final int source;
    private final int tag;

    protected PostedReceive(int context, int source, int tag) {
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
