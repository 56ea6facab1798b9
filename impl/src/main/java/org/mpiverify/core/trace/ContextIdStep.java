package org.mpiverify.core.trace;

import java.util.Arrays;

/**
 * One step of a context-id allocation (Gropp &amp; Thakur §5), as the allocator took it, with the values
 * the TLA+ specifications of {@code specs/contextid} need to take the same step.
 *
 * @param kind      which step
 * @param process   the rank (world rank) whose allocator took it
 * @param call      the call's identity, equal on every member: {@code parent/tag/members#n}, the n-th call
 *                  with that parent context, tag and members on this process (MPI orders the collective
 *                  calls of one communicator alike on every member)
 * @param parent    the parent communicator's context id
 * @param tag       the createGroup tag, or -1
 * @param members   the world ranks of the call's members, ascending
 * @param owned     ENTER/EAGER_ENTER: this thread owns what it offers (the mask, or the eager segment);
 *                  RESERVE: it reserved its candidate id
 * @param offered   ENTER/EAGER_ENTER/SNAPSHOT: the ids it offers (bit set = offered), else null
 * @param and       FINISH/EAGER_FINISH/RESERVE/DECIDE: the AND of every member's ids, else null
 * @param andOwned  FINISH/EAGER_FINISH/DECIDE: the AND of the ownership (or reservation) words
 * @param lowest    ENTER: the process's lowest waiting key after the step ({@link #NO_KEY} for none)
 * @param id        the id taken (FINISH, EAGER_FINISH, FREE), reserved (RESERVE), or -1
 * @param outcome   what the thread does next
 */
public record ContextIdStep(Kind kind, int process, String call, int parent, int tag, int[] members, boolean owned,
                            long[] offered, long[] and, boolean andOwned, long lowest, int id, Outcome outcome) {
    /** {@code lowest} when no key waits (the paper's MAXINT). */
    public static final long NO_KEY = Long.MAX_VALUE;

    /** The steps, named after the actions of the specifications. */
    public enum Kind {
        /** MultithreadedFig3 EnterEager: the first round's offer of the eager segment, or of nothing. */
        EAGER_ENTER,
        /** MultithreadedFig3 FinishEager: the first round's allreduce returned. */
        EAGER_FINISH,
        /** Fig. 3's first critical section and the allreduce's send (Enter); SingleLock: lock and send. */
        ENTER,
        /** The allreduce returned and, for an owner, the second critical section (FinishRound, Finish). */
        FINISH,
        /** NaiveRetry Snapshot: the mask read, allreduce #1 sent. */
        SNAPSHOT,
        /** NaiveRetry Reserve: allreduce #1 returned; the candidate reserved if the mask is unchanged. */
        RESERVE,
        /** NaiveRetry Decide: allreduce #2 returned; accept or undo. */
        DECIDE,
        /** A communicator's id returned to the mask (Free). */
        FREE,
        /** The allreduce failed (job aborted): the call leaves, undoing what it held; no spec action. */
        ABANDON
    }

    /** Where the thread goes after the step. */
    public enum Outcome {
        /** It waits in an allreduce. */
        WAITS,
        /** It returns the id. */
        TAKES_ID,
        /** It raises ERR_OTHER "out of context ids". */
        FAILS,
        /** It starts another round. */
        RETRIES,
        /** (the first round) It goes on to Fig. 3's rounds. */
        GOES_ON,
        /** (FREE, ABANDON) nothing further. */
        NONE
    }

    /** The ids set in {@code words} (a mask of the allocator's layout: bit i of word i / 64 = id i). */
    public static int[] ids(long[] words) {
        if (words == null) return null;
        int n = 0;
        for (long w : words) n += Long.bitCount(w);
        int[] out = new int[n];
        int k = 0;
        for (int w = 0; w < words.length; w++) {
            long bits = words[w];
            while (bits != 0) {
                out[k++] = w * 64 + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return kind + " p" + process + " " + call + (owned ? " owned" : "")
                + (offered == null ? "" : " offered " + Arrays.toString(ids(offered)))
                + (and == null ? "" : " and " + Arrays.toString(ids(and)) + (andOwned ? " (all owned)" : ""))
                + (id >= 0 ? " id " + id : "") + " -> " + outcome;
    }
}
