package org.mpiverify.core.matching;

import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.MatchingStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * Records a matching engine's steps ({@link MatchingStep}) for trace validation against
 * {@code specs/matching/Matching.tla}. An engine keeps one in a field that is null when matching is not
 * recorded, and calls it inside the critical section that decides each step, so each step's stamp is
 * its linearization point. A receive's or message's id is the stamp of the step that brought it to the
 * engine, kept in the item ({@link PostedReceive#traceId}, {@link Envelope#traceId}) under that lock.
 *
 * <p>Not synchronized itself: every method runs inside the caller's critical section; the recorder's
 * logs are per thread.
 */
final class MatchingRecorder {
    private final TraceRecorder trace;
    private final int process;

    private MatchingRecorder(TraceRecorder trace, int process) {
        this.trace = trace;
        this.process = process;
    }

    /** A recorder for rank {@code process}, or null if {@code recorder} is null or does not record matching. */
    static MatchingRecorder of(TraceRecorder recorder, int process) {
        TraceRecorder t = TraceRecorder.of(recorder, TraceRecorder.Algorithm.MATCHING);
        return t == null ? null : new MatchingRecorder(t, process);
    }

    /** {@code r} took {@code taken}, or (null) was posted. */
    void post(PostedReceive r, Envelope taken) {
        long s = trace.stamp();
        r.traceId = s;
        trace.record(s, new MatchingStep(Kind.POST, process, r.context(), r.source(), r.tag(), s,
                taken == null ? 0 : taken.traceId, false));
    }

    /** {@code e} matched {@code r}, or (null) was queued as unexpected; returns the step's stamp. */
    long arrive(Envelope e, PostedReceive r) {
        long s = trace.stamp();
        e.traceId = s;
        trace.record(s, new MatchingStep(Kind.ARRIVE, process, e.context(), e.source(), e.tag(),
                r == null ? 0 : r.traceId, s, false));
        return s;
    }

    /** A cancel of {@code r}: removed it, or found it not posted. */
    void cancel(PostedReceive r, boolean removed) {
        long s = trace.stamp();
        trace.record(s, new MatchingStep(Kind.CANCEL, process, r.context(), r.source(), r.tag(), r.traceId, 0,
                removed));
    }

    /** A matched probe's take of the pattern: took {@code e}, or found nothing (null). */
    void take(int context, int source, int tag, Envelope e) {
        long s = trace.stamp();
        trace.record(s, new MatchingStep(Kind.TAKE, process, context, source, tag, s, e == null ? 0 : e.traceId,
                false));
    }

    /** The hash engine's mode switch of {@code context}: to wild ({@code wild}) or back to fast. */
    void mode(int context, boolean wild) {
        long s = trace.stamp();
        trace.record(s, new MatchingStep(Kind.MODE, process, context, 0, 0, 0, 0, wild));
    }
}
