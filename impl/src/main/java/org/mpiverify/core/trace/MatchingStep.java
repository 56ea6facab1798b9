package org.mpiverify.core.trace;

/**
 * One step of a rank's message matching (MPI-3.1 §3.5), as a matching engine took it, with the values the
 * TLA+ specification {@code specs/matching/Matching.tla} needs to take the same step.
 *
 * <p>Receives and messages are named by the stamp of the step that brought them to the engine (the post
 * of a receive, the arrival of a message): unique in the job, and increasing in the order those steps
 * took effect, so a later step can name them.
 *
 * @param kind     which step
 * @param process  the rank (world rank) whose engine took it
 * @param context  the context id
 * @param source   POST/CANCEL/TAKE: the receive's source ({@code ANY_SOURCE} = -2 allowed); ARRIVE: the
 *                 sender's rank in the communicator; MODE: unused (0)
 * @param tag      as {@code source}, for the tag ({@code ANY_TAG} = -1 allowed)
 * @param receive  POST/CANCEL/TAKE: the receive's id; ARRIVE: the id of the receive it matched, or 0
 * @param message  ARRIVE: the message's id; POST/TAKE: the id of the message it took, or 0; else 0
 * @param flag     CANCEL: the receive was still posted and is removed; MODE: the context is wild now
 */
public record MatchingStep(Kind kind, int process, int context, int source, int tag, long receive, long message,
                           boolean flag) {
    /** The steps, named after the actions of the specification. */
    public enum Kind {
        /** Post: a receive took the earliest matching unexpected message, or was posted. */
        POST,
        /** Arrive: a message took the earliest matching posted receive, or was queued as unexpected. */
        ARRIVE,
        /** Cancel: a posted receive was removed, or (flag false) was found not posted any more. */
        CANCEL,
        /** A matched probe's take (mprobe, improbe): removed the earliest matching message, or found none. */
        TAKE,
        /** The hash engine switched a context to wild mode (flag) or back to fast: no spec action. */
        MODE
    }

    @Override
    public String toString() {
        String pattern = "ctx " + context + " src " + (source == -2 ? "ANY" : source) + " tag " + (tag == -1 ? "ANY" : tag);
        return switch (kind) {
            case POST -> "POST p" + process + " r" + receive + " " + pattern + (message == 0 ? " posted" : " takes m" + message);
            case ARRIVE -> "ARRIVE p" + process + " m" + message + " " + pattern + (receive == 0 ? " queued" : " matches r" + receive);
            case CANCEL -> "CANCEL p" + process + " r" + receive + " " + pattern + (flag ? " removed" : " not posted");
            case TAKE -> "TAKE p" + process + " " + pattern + (message == 0 ? " finds nothing" : " takes m" + message);
            case MODE -> "MODE p" + process + " ctx " + context + (flag ? " wild" : " fast");
        };
    }
}
