package org.mpiverify.core.matching;

import java.util.ArrayList;
import java.util.List;

/**
 * Known-bad twin of {@link QueueMatchingEngine} for the concurrent test: a matching engine whose arrival checks for a posted
 * receive in one critical section and removes it in another ("check-then-act"). Two arrivals can both
 * find the same receive and both return it. {@code window} runs between check and act, so a test can
 * force the interleaving instead of hoping for it.
 */
final class CheckThenActEngine implements MatchingEngine {
    private final List<PostedReceive> posted = new ArrayList<>();
    private final SequentialMatchingModel unexpectedSide = new SequentialMatchingModel();
    private final Runnable window;

    CheckThenActEngine(Runnable window) {
        this.window = window;
    }

    @Override
    public synchronized Envelope matchOrPost(PostedReceive r) {
        Envelope e = unexpectedSide.take(r.context(), r.source(), r.tag());
        if (e == null) posted.add(r);
        return e;
    }

    @Override
    public PostedReceive matchOrEnqueue(Envelope e) {
        PostedReceive found = null;
        synchronized (this) { // check
            for (PostedReceive r : posted) {
                if (r.matches(e)) {
                    found = r;
                    break;
                }
            }
        }
        window.run();
        synchronized (this) { // act, trusting the check (the bug)
            if (found == null) {
                unexpectedSide.matchOrEnqueue(e);
                return null;
            }
            PostedReceive r = found;
            posted.removeIf(p -> p == r);
            return r;
        }
    }

    @Override
    public synchronized Envelope peek(int context, int source, int tag) { return unexpectedSide.peek(context, source, tag); }

    @Override
    public synchronized Envelope take(int context, int source, int tag) { return unexpectedSide.take(context, source, tag); }

    @Override
    public synchronized boolean remove(PostedReceive r) { return posted.removeIf(p -> p == r); }

    @Override
    public synchronized int size() { return posted.size() + unexpectedSide.size(); }

    @Override
    public synchronized int size(int context) {
        return (int) posted.stream().filter(r -> r.context() == context).count() + unexpectedSide.size(context);
    }
}
