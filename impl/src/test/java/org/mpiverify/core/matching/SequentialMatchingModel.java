package org.mpiverify.core.matching;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The sequential specification of {@link MatchingEngine}, as plainly as possible: two lists in the
 * order items were added, searched from the front. Synchronized only so a test may share it.
 */
final class SequentialMatchingModel implements MatchingEngine {
    private final List<PostedReceive> posted = new ArrayList<>();
    private final List<Envelope> unexpected = new ArrayList<>();

    @Override
    public synchronized Envelope matchOrPost(PostedReceive r) {
        Envelope e = find(r.context(), r.source(), r.tag(), true);
        if (e == null) posted.add(r);
        return e;
    }

    @Override
    public synchronized PostedReceive matchOrEnqueue(Envelope e) {
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
    public synchronized Envelope peek(int context, int source, int tag) {
        return find(context, source, tag, false);
    }

    @Override
    public synchronized Envelope take(int context, int source, int tag) {
        return find(context, source, tag, true);
    }

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
    public synchronized boolean remove(PostedReceive r) {
        return posted.removeIf(p -> p == r);
    }

    @Override
    public synchronized int size() {
        return posted.size() + unexpected.size();
    }

    @Override
    public synchronized int size(int context) {
        return (int) (posted.stream().filter(r -> r.context() == context).count()
                + unexpected.stream().filter(e -> e.context() == context).count());
    }
}
