package org.mpiverify.core.matching;

import org.mpiverify.core.trace.TraceRecorder;

/**
 * One rank's message matching: its posted-receive and unexpected-message sets, for every context.
 *
 * <p>Callers: the rank's own threads post receives, probe and cancel; other ranks' sending threads
 * deliver envelopes (in the core the sender runs the receive side of Dang, Snir &amp; Gropp's Algorithm 2
 * itself). So an engine is always safe for concurrent use by any number of threads, whatever the
 * rank's thread level: these are the core's "network" structures.
 *
 * <p>Semantics (MPI-3.1 §3.5, "Semantics of point-to-point communication"), with every operation
 * atomic (linearizable):
 * <ul>
 *   <li>{@link #matchOrPost}: if some unexpected envelope matches the receive, remove and return the
 *       earliest-arrived such envelope; otherwise add the receive to the posted set and return null.
 *   <li>{@link #matchOrEnqueue}: if some posted receive matches the envelope, remove and return the
 *       earliest-posted such receive; otherwise add the envelope to the unexpected set and return null.
 *   <li>{@link #peek} / {@link #take}: the earliest-arrived matching unexpected envelope, left in place
 *       (probe) or removed (matched probe, Hoefler et al. §3).
 *   <li>{@link #remove}: remove a posted receive that has not been matched (cancel).
 * </ul>
 * "Earliest" is by the order in which the operations that added them took effect. This gives MPI's
 * non-overtaking rule (messages from one sender on one communicator, and receives posted by one
 * thread, match in order) and makes wildcards match in arrival order.
 */
public interface MatchingEngine {
    /** Wildcard source. The same value as the public {@code Mpi.ANY_SOURCE}. */
    int ANY_SOURCE = -2;
    /** Wildcard tag. The same value as the public {@code Mpi.ANY_TAG}. */
    int ANY_TAG = -1;

    /** Removes and returns the earliest-arrived unexpected envelope matching {@code r}, or posts {@code r} and returns null. */
    Envelope matchOrPost(PostedReceive r);

    /** Removes and returns the earliest-posted receive matching {@code e}, or enqueues {@code e} as unexpected and returns null. */
    PostedReceive matchOrEnqueue(Envelope e);

    /** The earliest-arrived unexpected envelope matching the pattern (wildcards allowed), not removed; null if none. */
    Envelope peek(int context, int source, int tag);

    /** Removes and returns the earliest-arrived unexpected envelope matching the pattern; null if none. */
    Envelope take(int context, int source, int tag);

    /** Removes {@code r} if it is still posted (not yet matched). True if this call removed it. */
    boolean remove(PostedReceive r);

    /** Number of posted receives plus unexpected envelopes held, for leak checks; may be approximate under concurrency. */
    int size();

    /** As {@link #size()}, for one context only (a communicator's point-to-point traffic, say). */
    int size(int context);

    /**
     * Records this engine's steps to {@code recorder} (null: none) as those of rank {@code process}, if it
     * records {@link TraceRecorder.Algorithm#MATCHING}. Call once, before any thread uses the engine. An
     * engine that cannot record refuses a recorder that asks it to (its traces would be empty, not valid).
     */
    default void recordTo(TraceRecorder recorder, int process) {
        if (TraceRecorder.of(recorder, TraceRecorder.Algorithm.MATCHING) != null) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " does not record matching steps");
        }
    }
}
