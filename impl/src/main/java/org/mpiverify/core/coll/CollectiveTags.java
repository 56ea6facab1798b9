package org.mpiverify.core.coll;

/**
 * The tags {@link Collectives} uses on a {@link CollectiveChannel}: {@code kind << 6 | step}, one block of
 * 64 tags per operation kind, one tag per round of a logarithmic algorithm (round {@code k} is the
 * exchange at distance {@code 2^k}, so {@code k <= 30}) plus a few named steps.
 *
 * <p>Why this is enough. The channel matches a receive only against messages from the named source
 * (collectives never use wildcards) with the same tag, and messages from one sender on one context are
 * non-overtaking: of two matching messages, the one sent first is received first. Every rank calls the
 * collectives of a communicator in the same order (MPI-3.1 §5.13), one at a time, and each algorithm posts
 * its sends to a peer in the same order as that peer posts the matching receives. Take a receive of
 * collective {@code c}, kind {@code K}, step {@code s}, from rank {@code A}. The messages {@code A} sent
 * with tag {@code (K, s)} before collective {@code c} belong to earlier collectives, whose matching
 * receives this rank posted, and completed, before starting {@code c}; messages {@code A} sends for later
 * collectives are sent after {@code c}'s message to us and so cannot overtake it. Hence the receive
 * matches exactly the message of collective {@code c}, even when a fast rank has already started the
 * next collective (which MPI allows: only a barrier synchronizes).
 *
 * <p>Note that the argument does not use the tags: with exact sources and non-overtaking order, even one
 * tag for everything would be correct for correct programs (the test suite passes with it). Distinct tags
 * per kind and step are defence in depth, and they make the argument local: a receive of one step can only
 * ever match a message of the same step, so an algorithm need not reason about the order of messages of
 * other steps or other collectives, a transport that reorders messages of different tags (legal in MPI)
 * cannot mix steps, and an erroneous program that calls different collectives on different ranks blocks
 * on a tag mismatch instead of silently consuming another collective's data. Algorithms whose step count
 * grows with the size (the allgather ring) use one tag for all steps and rely on non-overtaking alone:
 * their messages to one peer go in step order and the peer receives them in step order.
 *
 * <p>All tags are in {@code [0, LIMIT)}. Anything else that shares a communicator's collective context
 * (e.g. the group-collective allreduce of {@code MPI_Comm_create_group}, which uses the caller's tag)
 * must use tags outside that range or a context of its own. The nonblocking collectives
 * ({@link NonblockingCollectives}) use these same tags shifted into a range of their own per outstanding
 * operation (the communicator gives each a slot of {@code LIMIT} tags above every createGroup channel's):
 * the argument above needs one collective at a time per tag range, and a nonblocking collective may be
 * outstanding while a blocking one, or other nonblocking ones, run on the same communicator.
 */
public final class CollectiveTags {
    private CollectiveTags() {}

    static final int BARRIER = 0;
    static final int BCAST = 1;
    static final int REDUCE = 2;
    static final int ALLREDUCE = 3;
    static final int GATHER = 4;
    static final int SCATTER = 5;
    static final int ALLGATHER = 6;
    static final int ALLTOALL = 7;

    private static final int STEP_BITS = 6;

    /** Named steps, above the largest round number (30). */
    static final int REDUCE_TO_ROOT = 32;
    static final int FOLD_IN = 33;
    static final int FOLD_OUT = 34;
    static final int RING = 35;
    static final int LINEAR = 36;

    /** One past the largest tag the collectives use. */
    public static final int LIMIT = (ALLTOALL + 1) << STEP_BITS;

    /** The tag of {@code step} (a round number or a named step) of collective {@code kind}. */
    static int tag(int kind, int step) {
        return kind << STEP_BITS | step;
    }

    /** The round number of the exchange at distance {@code mask}, a power of two. */
    static int round(int mask) {
        return Integer.numberOfTrailingZeros(mask);
    }
}
