package org.mpiverify.mpi;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.trace.ProbeStep;
import org.mpiverify.core.trace.ProbeStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * A rank's matching engine as the probe trace sees it: every operation of the wrapped engine runs inside
 * a lock of this recorder per context, and the steps {@code specs/probe/Probe.tla} has an action for are
 * recorded inside that lock ({@link TraceRecorder#stamp()}). Used only when a job records
 * {@link TraceRecorder.Algorithm#PROBE}; otherwise the rank holds the engine itself, so recording off costs
 * nothing on these paths (and one null check in {@link #mrecv}'s caller).
 *
 * <p>Why a lock around the engine and not hooks inside it: the engines' own critical sections are the
 * matching trace's business (and differ between engines: one lock per context, or per bucket); one lock
 * per context here serializes the context's operations, and the wrapped operation's linearization point
 * lies inside it, so the stamps of one context are ordered as the operations took effect, with either
 * engine and any twin. Operations on different contexts commute (they are different traces). The price,
 * paid only while recording: a context's engine operations do not overlap (they are short and never wait,
 * so the lock is never held across a wait; lock order is always this lock, then the engine's).
 *
 * <p>Recorded, per context (the spec's unexpected queue):
 * <ul>
 *   <li>{@code matchOrEnqueue} that queues: ARRIVE; that matches a posted receive: ARRIVE, then RECV of the
 *       thread that posted it (the spec's Arrive then Recv: nothing queued earlier matched that receive,
 *       or it would not have been posted, so the new message is the earliest match);</li>
 *   <li>{@code matchOrPost} that matches: RECV; that posts: nothing yet (the thread waits in the spec's
 *       Recv, which is not enabled);</li>
 *   <li>{@code peek} that finds: PROBE; {@code take} that finds: MPROBE; a miss: nothing (the spec's
 *       blocking Probe/Mprobe is not enabled);</li>
 *   <li>{@link #mrecv}: MRECV, stamped by the receiving thread (it touches no shared state).</li>
 * </ul>
 *
 * <p>Memory consistency effects: as the wrapped engine's, plus this lock's release/acquire.
 */
final class ProbeTracingEngine implements MatchingEngine {
    private final MatchingEngine engine;
    private final TraceRecorder trace;
    private final int rank;
    private final ConcurrentHashMap<Integer, Unit> units = new ConcurrentHashMap<>();
    /**
     * Each arrived envelope's seq (envelopes compare by identity), kept while the envelope is reachable: a
     * message is named the same in every step, whatever the engine (or a twin) did with it.
     */
    private final Map<Envelope, Long> seqs = Collections.synchronizedMap(new WeakHashMap<>());

    /** One context's lock and bookkeeping; the maps are guarded by the lock. */
    private static final class Unit extends ReentrantLock {
        final Map<Integer, Long> arrived = new HashMap<>();
        final Map<PostedReceive, String> posters = new IdentityHashMap<>();
    }

    ProbeTracingEngine(MatchingEngine engine, TraceRecorder trace, int rank) {
        this.engine = engine;
        this.trace = trace;
        this.rank = rank;
    }

    private Unit unit(int context) {
        return units.computeIfAbsent(context, k -> new Unit());
    }

    static String threadName() {
        Thread t = Thread.currentThread();
        String n = t.getName().isEmpty() ? (t.isVirtual() ? "virtual" : "thread") : t.getName();
        return n + "~" + t.threadId();
    }

    private void record(Kind kind, int context, String thread, int reqSource, int reqTag, Envelope e, long seq) {
        long bytes = e instanceof SendEnvelope s ? s.bytes : 0;
        trace.record(trace.stamp(), new ProbeStep(kind, rank, context, thread, reqSource, reqTag, e.source(), seq,
                e.tag(), bytes));
    }

    private long seqOf(Envelope e) {
        Long s = seqs.get(e);
        return s == null ? 0 : s;
    }

    @Override
    public Envelope matchOrPost(PostedReceive r) {
        Unit u = unit(r.context());
        u.lock();
        try {
            Envelope e = engine.matchOrPost(r);
            if (e == null) {
                u.posters.put(r, threadName());
            } else {
                record(Kind.RECV, r.context(), threadName(), r.source(), r.tag(), e, seqOf(e));
            }
            return e;
        } finally {
            u.unlock();
        }
    }

    /** The wrapped engine records its own matching steps; this one records probe steps only. */
    @Override
    public void recordTo(TraceRecorder recorder, int process) {
        engine.recordTo(recorder, process);
    }

    @Override
    public PostedReceive matchOrEnqueue(Envelope e) {
        Unit u = unit(e.context());
        u.lock();
        try {
            PostedReceive r = engine.matchOrEnqueue(e);
            long seq = u.arrived.merge(e.source(), 1L, Long::sum);
            record(Kind.ARRIVE, e.context(), threadName(), -2, -1, e, seq);
            seqs.put(e, seq);
            if (r != null) {
                String poster = u.posters.remove(r);
                record(Kind.RECV, e.context(), poster == null ? "unknown" : poster, r.source(), r.tag(), e, seq);
            }
            return r;
        } finally {
            u.unlock();
        }
    }

    @Override
    public Envelope peek(int context, int source, int tag) {
        Unit u = unit(context);
        u.lock();
        try {
            Envelope e = engine.peek(context, source, tag);
            if (e != null) record(Kind.PROBE, context, threadName(), source, tag, e, seqOf(e));
            return e;
        } finally {
            u.unlock();
        }
    }

    @Override
    public Envelope take(int context, int source, int tag) {
        Unit u = unit(context);
        u.lock();
        try {
            Envelope e = engine.take(context, source, tag);
            if (e != null) record(Kind.MPROBE, context, threadName(), source, tag, e, seqOf(e));
            return e;
        } finally {
            u.unlock();
        }
    }

    /** The message of a matched probe received by the calling thread. */
    void mrecv(Envelope e) {
        record(Kind.MRECV, e.context(), threadName(), -2, -1, e, seqOf(e));
    }

    @Override
    public boolean remove(PostedReceive r) {
        Unit u = unit(r.context());
        u.lock();
        try {
            boolean removed = engine.remove(r);
            if (removed) u.posters.remove(r);
            return removed;
        } finally {
            u.unlock();
        }
    }

    @Override
    public int size() {
        return engine.size();
    }

    @Override
    public int size(int context) {
        return engine.size(context);
    }
}
