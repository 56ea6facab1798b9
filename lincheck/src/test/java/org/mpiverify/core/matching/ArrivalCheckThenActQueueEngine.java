package org.mpiverify.core.matching;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Known-bad twin of {@link QueueMatchingEngine}: a small copy (per-context posted and unexpected FIFOs
 * behind one lock per context) in which {@code matchOrEnqueue} scans the posted queue under the context
 * lock, releases it, and appends the message to the unexpected queue under a second acquisition. A
 * receive posted in between finds no unexpected message and is posted too: a matching receive and
 * message both stay pending (check-then-act).
 */
public final class ArrivalCheckThenActQueueEngine implements MatchingEngine {
    private static final class Context extends ReentrantLock {
        final List<PostedReceive> posted = new ArrayList<>();
        final List<Envelope> unexpected = new ArrayList<>();
    }

    private final Map<Integer, Context> contexts = new HashMap<>();

    private synchronized Context context(int id) {
        return contexts.computeIfAbsent(id, k -> new Context());
    }

    @Override
    public Envelope matchOrPost(PostedReceive r) {
        Context c = context(r.context());
        c.lock();
        try {
            for (Iterator<Envelope> it = c.unexpected.iterator(); it.hasNext(); ) {
                Envelope e = it.next();
                if (r.matches(e)) {
                    it.remove();
                    return e;
                }
            }
            c.posted.add(r);
            return null;
        } finally {
            c.unlock();
        }
    }

    @Override
    public PostedReceive matchOrEnqueue(Envelope e) {
        Context c = context(e.context());
        c.lock();
        try {
            for (Iterator<PostedReceive> it = c.posted.iterator(); it.hasNext(); ) {
                PostedReceive r = it.next();
                if (r.matches(e)) {
                    it.remove();
                    return r;
                }
            }
        } finally {
            c.unlock(); // DEFECT: the lock is dropped between the scan and the enqueue
        }
        c.lock();
        try {
            c.unexpected.add(e);
            return null;
        } finally {
            c.unlock();
        }
    }

    @Override
    public Envelope peek(int context, int source, int tag) {
        return find(context, source, tag, false);
    }

    @Override
    public Envelope take(int context, int source, int tag) {
        return find(context, source, tag, true);
    }

    private Envelope find(int context, int source, int tag, boolean take) {
        Context c = context(context);
        c.lock();
        try {
            for (Iterator<Envelope> it = c.unexpected.iterator(); it.hasNext(); ) {
                Envelope e = it.next();
                if (e.matches(context, source, tag)) {
                    if (take) it.remove();
                    return e;
                }
            }
            return null;
        } finally {
            c.unlock();
        }
    }

    @Override
    public boolean remove(PostedReceive r) {
        Context c = context(r.context());
        c.lock();
        try {
            return c.posted.remove(r);
        } finally {
            c.unlock();
        }
    }

    @Override
    public int size() {
        int n = 0;
        for (int id : List.copyOf(contexts.keySet())) n += size(id);
        return n;
    }

    @Override
    public int size(int context) {
        Context c = context(context);
        c.lock();
        try {
            return c.posted.size() + c.unexpected.size();
        } finally {
            c.unlock();
        }
    }
}
