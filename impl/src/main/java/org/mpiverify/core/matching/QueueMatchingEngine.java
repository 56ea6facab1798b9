package org.mpiverify.core.matching;

import org.mpiverify.core.trace.TraceRecorder;

/**
 * The MPICH-style matching engine: for each context, a posted-receive queue and an unexpected-message
 * queue ({@link ContextQueues}), searched front to back (MPI-3.1 §3.5), each context behind its own
 * lock. This is Balaji et al.'s "Per Object" granularity: operations on different communicators never
 * contend; operations on one communicator are serialized.
 *
 * <p>Every operation runs entirely inside its context's lock, and its critical section is at most one
 * scan of one queue plus an O(1) append. Linearization point of every operation: its acquisition of
 * the context's lock (the whole effect happens inside the critical section, and critical sections on
 * one context are totally ordered by the lock; operations on different contexts commute). "Earliest"
 * in the contract is therefore queue order.
 *
 * <p>Common case cost: one posted receive or one unexpected message per context means the scan stops
 * at the head, so each operation is O(1) and allocates one queue node at most (none when it matches).
 * Context ids must be in [0, 2^20); other values are rejected with IllegalArgumentException.
 *
 * <p>Trace recording ({@link #recordTo}): each operation records its step inside the context's lock,
 * so a step's stamp is taken at its linearization point; off, each hook is one null check.
 *
 * <p>Memory consistency effects: actions in a thread prior to posting a receive or enqueueing an
 * envelope happen-before actions subsequent to another thread obtaining that receive or envelope from
 * this engine (the context lock's release/acquire).
 */
public final class QueueMatchingEngine implements MatchingEngine {
    /** Each context's queues, each object its own lock. */
    private final ContextDirectory<ContextQueues> contexts = new ContextDirectory<>(id -> new ContextQueues());
    /** The step recorder, or null when matching is not recorded (set once, before use). */
    private MatchingRecorder trace;

    @Override
    public void recordTo(TraceRecorder recorder, int process) {
        this.trace = MatchingRecorder.of(recorder, process);
    }

    @Override
    public Envelope matchOrPost(PostedReceive r) {
        ContextQueues c = contexts.get(r.context());
        c.lock();
        try {
            Envelope e = c.matchOrPost(r);
            if (trace != null) trace.post(r, e);
            return e;
        } finally {
            c.unlock();
        }
    }

    @Override
    public PostedReceive matchOrEnqueue(Envelope e) {
        ContextQueues c = contexts.get(e.context());
        c.lock();
        try {
            PostedReceive r = c.takePosted(e);
            if (r == null) c.addUnexpected(new MatchNode(e, 0));
            if (trace != null) trace.arrive(e, r);
            return r;
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
        ContextQueues c = contexts.getIfPresent(context);
        if (c == null) return null; // nothing ever arrived on it
        c.lock();
        try {
            Envelope e = c.findUnexpected(source, tag, take);
            if (take && trace != null) trace.take(context, source, tag, e);
            return e;
        } finally {
            c.unlock();
        }
    }

    @Override
    public boolean remove(PostedReceive r) {
        ContextQueues c = contexts.getIfPresent(r.context());
        if (c == null) return false;
        c.lock();
        try {
            boolean removed = c.removePosted(r);
            if (trace != null) trace.cancel(r, removed);
            return removed;
        } finally {
            c.unlock();
        }
    }

    @Override
    public int size() {
        int[] n = {0};
        contexts.forEach(c -> {
            c.lock();
            try {
                n[0] += c.size();
            } finally {
                c.unlock();
            }
        });
        return n[0];
    }

    @Override
    public int size(int context) {
        ContextQueues c = contexts.getIfPresent(context);
        if (c == null) return 0;
        c.lock();
        try {
            return c.size();
        } finally {
            c.unlock();
        }
    }
}
