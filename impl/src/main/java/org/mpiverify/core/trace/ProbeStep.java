package org.mpiverify.core.trace;

/**
 * One step of probe, matched probe or receive on one rank's context (Hoefler et al. §2-§3), as the matching
 * engine took it, with the values {@code specs/probe/Probe.tla} needs to take the same step.
 *
 * <p>A message is named as the spec names it: its sender's rank in the communicator and its place
 * ({@code seq}, from 1) among that sender's messages that arrived on this context of this rank.
 *
 * @param kind       which step
 * @param rank       the world rank whose engine took it
 * @param context    the context id of the queues
 * @param thread     the thread the spec names: the receiving thread (the one that posted the receive, probed
 *                   or received); for ARRIVE the sending thread
 * @param reqSource  PROBE, MPROBE, RECV: the request's source (a rank, or -2 for any); else -2
 * @param reqTag     PROBE, MPROBE, RECV: the request's tag (-1 for any); else -1
 * @param source     the message's sender (rank in the communicator)
 * @param seq        the message's place among its sender's arrivals here, from 1
 * @param tag        the message's tag
 * @param bytes      the message's size in bytes
 */
public record ProbeStep(Kind kind, int rank, int context, String thread, int reqSource, int reqTag, int source,
                        long seq, int tag, long bytes) {
    /** The steps, named after the actions of {@code Probe.tla}. */
    public enum Kind {
        /** Arrive: a message is queued as unexpected (no posted receive matched it). */
        ARRIVE,
        /** Probe: a probe/iprobe found a matching message and left it queued. */
        PROBE,
        /** Recv: a receive matched a message (queued, or arriving for the posted receive). */
        RECV,
        /** Mprobe: an mprobe/improbe matched a message and took it out of matching. */
        MPROBE,
        /** Mrecv: the message of a matched probe was received. */
        MRECV
    }

    @Override
    public String toString() {
        String m = "r" + source + "#" + seq + "(tag " + tag + ", " + bytes + " B)";
        String req = "(" + (reqSource == -2 ? "ANY" : "r" + reqSource) + ", " + (reqTag == -1 ? "ANY" : reqTag) + ")";
        return switch (kind) {
            case ARRIVE -> "arrives " + m;
            case PROBE -> "probe" + req + " sees " + m;
            case RECV -> "recv" + req + " gets " + m;
            case MPROBE -> "mprobe" + req + " matches " + m;
            case MRECV -> "mrecv gets " + m;
        };
    }
}
