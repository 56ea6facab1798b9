package org.mpiverify.mpi;

import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.mpiverify.core.coll.CollectiveChannel;
import org.mpiverify.core.coll.CollectiveTags;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.core.coll.NonblockingCollectives;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.contextid.MaskAllreduce;

/**
 * The calls of a {@link Comm} that make new communicators: dup, split, create, createGroup and idup. Each
 * agrees on a context id with the other members through the rank's {@code ContextIdAllocator} (Gropp &amp;
 * Thakur Fig. 3 and §4.2), whose collective step is an allreduce of the members' masks: on the parent's
 * collective channel for dup, split and create; on a channel of the group's own for createGroup; as a
 * nonblocking allreduce in a slot of the parent ({@link NonblockingStarts}) for idup.
 *
 * <p>Thread safety: stateless. Every call but idup runs in the frame of a collective ({@link CollectiveCalls}):
 * on a live handle, holding one of the parent's references throughout, so a free by another thread (erroneous)
 * does not break a creation half-way through. Concurrent creations on one parent from several threads are
 * safe when the program orders them the same on every member, and createGroup calls with distinct tags need
 * no order at all: each has its own tags on the parent's collective context, {@code CREATE_GROUP_TAG_BASE +
 * tag * CollectiveTags.LIMIT + collective tag}, and an idup's context-id key is the tag
 * {@code IDUP_KEY_TAG_BASE + slot}, above every createGroup tag. The new communicator is published to the
 * caller by the return of the call (or, for idup, by the completion of its request).
 */
final class CommunicatorCreation {
    private CommunicatorCreation() {}

    /**
     * Collective tags of a createGroup channel: base + userTag * span + collective tag, with span the
     * collectives' whole tag range, so concurrent createGroup calls on one parent never share a tag.
     */
    static final int CREATE_GROUP_TAG_BASE = 1 << 21;
    private static final int CREATE_GROUP_TAG_SPAN = CollectiveTags.LIMIT;
    /** An idup's context-id key tag is this plus its slot: above every createGroup tag. */
    private static final int IDUP_KEY_TAG_BASE = Mpi.CREATE_GROUP_TAG_UB + 1;
    /** Tag given to the context-id algorithm for collective creators (dup, split, create). */
    private static final int NO_TAG = -1;

    /** {@code MPI_Comm_dup}: same group, new context id, same error handler. */
    static Comm dup(Comm c) {
        return CollectiveCalls.call(c, () -> {
            int id = c.rank.contextIds.allocate(c.contextId, NO_TAG, viaPublicAllreduce(c));
            Comm dup = new Comm(c.rank, id, c.group, c.errorHandler, false);
            try {
                CommAttributes.copyOnDup(c, dup);
            } catch (MpiException e) {
                dup.releaseRef();   // never returned: its id goes back to the mask
                throw e;
            }
            return dup;
        });
    }

    /** {@code MPI_Comm_split}: members ordered by (key, old rank); null for colour {@link Mpi#UNDEFINED}. */
    static Comm split(Comm c, int color, int key) {
        return CollectiveCalls.call(c, () -> {
            if (color < 0 && color != Mpi.UNDEFINED) {
                throw new MpiException(ErrorClass.ERR_ARG, "colour " + color + " must be >= 0 or UNDEFINED");
            }
            int n = c.size();
            int[] all = new int[2 * n];
            // A nested call (its failure reaches the handler once, at split): the handle's liveness was
            // checked when split began, and split holds its reference meanwhile.
            c.rank.run(c, () -> Collectives.allgather(c.coll, new int[] {color, key}, 0, 2, Datatype.INT, all, 0, 2,
                    Datatype.INT));
            // One id for all the new communicators: they are disjoint, so sharing it is safe (MPICH does the same).
            int id = c.rank.contextIds.allocate(c.contextId, NO_TAG, viaPublicAllreduce(c));
            if (color == Mpi.UNDEFINED) {
                c.rank.contextIds.release(id);
                return null;
            }
            int[] world = IntStream.range(0, n).filter(i -> all[2 * i] == color).boxed()
                    .sorted(Comparator.<Integer>comparingInt(i -> all[2 * i + 1]).thenComparingInt(i -> i))
                    .mapToInt(c.group::worldRank).toArray();
            return new Comm(c.rank, id, new Group(world, c.rank.worldRank), c.errorHandler, false);
        });
    }

    /** {@code MPI_Comm_create}: collective over {@code c}; null on processes not in {@code g}. */
    static Comm create(Comm c, Group g) {
        return CollectiveCalls.call(c, () -> {
            checkSubgroup(c, g);
            int id = c.rank.contextIds.allocate(c.contextId, NO_TAG, viaPublicAllreduce(c));
            if (g.rank() == Mpi.UNDEFINED) {
                c.rank.contextIds.release(id);
                return null;
            }
            return new Comm(c.rank, id, g, c.errorHandler, false);
        });
    }

    /** {@code MPI_Comm_create_group}: collective over the members of {@code g} only, on the channel of {@code tag}. */
    static Comm createGroup(Comm c, Group g, int tag) {
        return CollectiveCalls.call(c, () -> {
            checkSubgroup(c, g);
            if (tag < 0 || tag > Mpi.CREATE_GROUP_TAG_UB) {
                throw new MpiException(ErrorClass.ERR_TAG, "createGroup tag " + tag + " outside [0, "
                        + Mpi.CREATE_GROUP_TAG_UB + "]");
            }
            if (g.rank() == Mpi.UNDEFINED) {
                throw new MpiException(ErrorClass.ERR_GROUP, "the calling process is not in the group " + g);
            }
            int[] members = IntStream.range(0, g.size()).toArray();
            // On the parent's collective context, addressed by parent rank (see EndpointChannel).
            CollectiveChannel ch = new EndpointChannel(
                    new Endpoint(c.rank, 2 * c.contextId + 1, c.group.rank(), c.p2p.peers, null),
                    CREATE_GROUP_TAG_BASE + tag * CREATE_GROUP_TAG_SPAN, Group.translateRanks(g, members, c.group),
                    g.rank());
            int id = c.rank.contextIds.allocate(c.contextId, tag, maskAllreduce(c, words -> Collectives.allreduce(ch,
                    Collectives.IN_PLACE, 0, words, 0, words.length, Datatype.LONG, Op.BAND), g.worldRanks()));
            return new Comm(c.rank, id, g, c.errorHandler, false);
        });
    }

    /**
     * {@code MPI_Comm_idup}: a nonblocking start whose schedule is the context-id allocation's state machine,
     * keyed by the tag of its slot, and whose result is the new communicator. The attributes' copy callbacks run
     * when idup is called (the new communicator gets their results when the request completes); if the idup
     * fails after it started, their results are deleted by the wait or test that reports the failure. So no user
     * code runs in another thread's wait or test.
     */
    static Request idup(Comm c) {
        return c.nonblocking.startIdup(ch -> {
            CommAttributes staged = CommAttributes.copyForIdup(c);   // the copy callbacks run in the call
            try {
                Schedule s = c.rank.contextIds.allocateNonblocking(c.contextId, IDUP_KEY_TAG_BASE + ch.slot(),
                        words -> NonblockingCollectives.allreduce(ch, Collectives.IN_PLACE, 0, words, 0, words.length,
                                Datatype.LONG, Op.BAND),
                        id -> {
                            Comm n = new Comm(c.rank, id, c.group, c.errorHandler, false);
                            CommAttributes.adopt(n, staged);
                            return n;
                        });
                // no communicator: what the copy callbacks made is deleted by the wait that reports the failure
                s.whenFailureReported(() -> CommAttributes.dropStaged(c, staged));
                return s;
            } catch (RuntimeException e) {
                CommAttributes.dropStaged(c, staged);
                throw e;
            }
        });
    }

    /**
     * The allreduce of dup, split and create: a nested MPI call, whose failure is handled once, by the
     * outermost call (Gropp &amp; Thakur §4.2). Its handle's liveness was checked when that call began and
     * the call holds a reference meanwhile, so a free by another thread (erroneous) does not break a
     * creation half-way through (the other members would wait for this process's next round forever).
     */
    private static MaskAllreduce viaPublicAllreduce(Comm c) {
        return maskAllreduce(c, words -> c.rank.run(c, () -> Collectives.allreduce(c.coll, Collectives.IN_PLACE, 0,
                words, 0, words.length, Datatype.LONG, Op.BAND)), c.group.worldRanks());
    }

    /** The collective step of context-id allocation, whose backoff pauses release the rank mutex (GLOBAL). */
    private static MaskAllreduce maskAllreduce(Comm c, MaskAllreduce allreduce, int[] members) {
        return new MaskAllreduce() {
            @Override
            public void allreduceBand(long[] words) {
                allreduce.allreduceBand(words);
            }

            @Override
            public int[] members() {
                return members;
            }

            @Override
            public void pause(long nanos) {
                c.rank.pauseInCall(this, nanos);
            }
        };
    }

    private static void checkSubgroup(Comm c, Group g) {
        if (g == null) {
            throw new MpiException(ErrorClass.ERR_GROUP, "group is null");
        }
        Set<Integer> mine = new HashSet<>();
        for (int w : c.group.worldRanks()) {
            mine.add(w);
        }
        for (int w : g.worldRanks()) {
            if (!mine.contains(w)) {
                throw new MpiException(ErrorClass.ERR_GROUP, "group " + g + " is not a subgroup of " + c.group);
            }
        }
    }
}
