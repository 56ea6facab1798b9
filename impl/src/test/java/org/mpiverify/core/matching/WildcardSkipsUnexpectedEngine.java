package org.mpiverify.core.matching;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Known-bad twin for the differential test: the sequential model with one bug, the one an engine
 * with a separate wildcard path is prone to: a wildcard receive is posted without searching the
 * unexpected messages first, so it waits while a matching message sits unexpected. The differential
 * test must report a divergence.
 */
final class WildcardSkipsUnexpectedEngine implements MatchingEngine {
    private final List<PostedReceive> posted = new ArrayList<>();
    private final List<Envelope> unexpected = new ArrayList<>();

    @Override
    public Envelope matchOrPost(PostedReceive r) {
        Envelope e = r.isExact() ? find(r.context(), r.source(), r.tag(), true) : null; // the bug
        if (e == null) posted.add(r);
        return e;
    }

    @Override
    public PostedReceive matchOrEnqueue(Envelope e) {
        for (Iterator<PostedReceive> it = posted.iterator(); it.hasNext(); ) {
            PostedReceive r = it.next();
            if (r.matches(e)) {
                it.remove();
                return r;
            }
        }
        unexpected.add(e);
        return null;
    }

    @Override
    public Envelope peek(int context, int source, int tag) { return find(context, source, tag, false); }

    @Override
    public Envelope take(int context, int source, int tag) { return find(context, source, tag, true); }

    private Envelope find(int context, int source, int tag, boolean remove) {
        for (Iterator<Envelope> it = unexpected.iterator(); it.hasNext(); ) {
            Envelope e = it.next();
            if (e.matches(context, source, tag)) {
                if (remove) it.remove();
                return e;
            }
        }
        return null;
    }

    @Override
    public boolean remove(PostedReceive r) { return posted.removeIf(p -> p == r); }

    @Override
    public int size() { return posted.size() + unexpected.size(); }

    @Override
    public int size(int context) {
        return (int) (posted.stream().filter(r -> r.context() == context).count()
                + unexpected.stream().filter(e -> e.context() == context).count());
    }
}
