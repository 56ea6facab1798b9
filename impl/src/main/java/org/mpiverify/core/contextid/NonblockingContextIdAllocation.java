package org.mpiverify.core.contextid;

import java.util.function.IntFunction;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.mpi.MpiException;

/**
 * One nonblocking context-id allocation ({@code MPI_Comm_idup}): the rounds of
 * {@link MultithreadedContextIdAllocator} (Gropp &amp; Thakur 2007, §5.3, Fig. 3, with keys, the ownership
 * word and the eager round) run as a state machine of a request instead of by a blocked thread. This is
 * {@code specs/contextid/NonblockingContextIds.tla}; the names in brackets are its actions.
 *
 * <p>Steps. The first {@link #progress()}, made by the thread that calls {@code idup} before it returns
 * the request, takes the eager round's mask copy and starts its allreduce [NbEnterEager]. Every later
 * step is made by a thread of the process that polls (one that waits or tests on any request, or blocks in
 * any MPI call, including a blocking allocation's allreduce, while a request is outstanding): there is no
 * progress thread [Polled, PolledIdupEnter, NbFinishEager, NbFinishRound]. A round's end takes the id,
 * fails, or at once copies the mask for the next round and starts its allreduce; a round is never waited
 * for, so a step never blocks. On a one-member communicator a lost round has no message to wait for; the
 * allocator's {@code onRoundEnd} wakes the pollers when the owner it lost to gives the mask back.
 *
 * <p>How it orders itself against the blocking algorithm. Its key is {@code (parent context, tag)}, like
 * every call's, with a tag from the parent's sequence of nonblocking operations above every
 * {@code createGroup} tag, so the key is distinct from every blocking call's and the messages of its
 * allreduce never match theirs. Its mask copy is {@link MultithreadedContextIdAllocator#enterRound}, the
 * very method the blocking rounds call, under the same lock, on the same {@code maskInUse},
 * {@code lowestKey} and {@code eagerInUse}: it owns the mask only if nobody owns it and no lower key waits,
 * and a non-owner lowers {@code lowestKey} to its key [IdupMayOwn, IdupLowers]. (MPICH gets the same order
 * from its {@code next_gcn} list sorted by context id and tag, of which only the head may take the mask.)
 * Hence:
 * <ul>
 *   <li>It cannot starve the blocking algorithm: a blocking call with a lower key that was refused once on
 *       a process keeps every idup of that process off the mask there, and an idup that owns the mask
 *       gives it back at the end of its round ({@link MultithreadedContextIdAllocator#finishRound}), which
 *       ends because the peers' requests are polled: their threads are inside MPI, waiting on them or blocked
 *       in the very allocation that waits for us (a blocking allreduce polls every outstanding request of its
 *       process, or the ctx_nb_mut_wait_only_polled deadlock follows).</li>
 *   <li>It is not starved: keys are one total order over all calls, blocking and nonblocking, so the
 *       lowest-keyed call still running eventually owns the mask on all its members in one round (Fig. 3's
 *       argument), takes an id and leaves; an idup is that call after finitely many others left.</li>
 * </ul>
 * Exhaustion: the ownership word travels with the mask, so a Fig. 3 round in which every member owned
 * and the AND is empty fails on every member with ERR_OTHER, never retries forever.
 *
 * <p>Linearization points: the allocation taking id {@code i} is the owner's clear of bit {@code i} in its
 * final round (FinishRound/FinishEager, in {@code finishRound}), on each process; failing with "out of
 * context ids" is the owner's snapshot in its final round; each mask copy [IdupEnter] is the critical
 * section of {@code enterRound}.
 *
 * <p>Invariants (under the busy flag of {@link Schedule}, which serializes its steps): {@code round} is the
 * allreduce of the round whose mask copy was taken and whose end has not been taken, or null before the
 * first step; {@code own} is what that copy owns, and it is given back by that round's end or by
 * {@link #abandon()}.
 *
 * <p>Memory consistency effects: as for {@link MultithreadedContextIdAllocator}; the new id and the
 * result of {@code onId} happen-before the actions of a thread that sees the request done.
 */
public final class NonblockingContextIdAllocation extends Schedule {
    /** The allocator's round steps (MultithreadedContextIdAllocator's enterRound, finishRound, abandon). */
    interface Rounds {
        int enter(long key, boolean firstRound, long[] words, int[] counts);

        int finish(long key, boolean firstRound, int own, long[] words, int[] counts);

        void giveBack(long key, int own);
    }

    private final Rounds allocator;
    private final long key;
    private final MaskIallreduce allreduce;
    private final IntFunction<Object> onId;
    private final long[] words = new long[MultithreadedContextIdAllocator.BUFFER_WORDS];
    private final int[] counts = new int[3];   // locks, rounds, claim every free segment
    private boolean firstRound = true;
    private Schedule round;
    private int own;

    NonblockingContextIdAllocation(Rounds allocator, long key, MaskIallreduce allreduce,
                                   IntFunction<Object> onId) {
        this.allocator = allocator;
        this.key = key;
        this.allreduce = allreduce;
        this.onId = onId;
    }

    @Override
    protected boolean advance() throws MpiException {
        while (true) {
            if (round == null) {
                own = allocator.enter(key, firstRound, words, counts);   // [NbEnterEager, IdupEnter]
                round = allreduce.start(words);
            }
            if (!round.progress()) {
                awaiting(round.awaited());         // a spinning poller watches the round's transfer
                return false;                      // its messages are on their way: a later poll goes on
            }
            Schedule ended = round;
            if (ended.failure() != null) {
                throw ended.failure();             // abandon() gives back what this round owns
            }
            round = null;
            int owned = own;
            int id = allocator.finish(key, firstRound, own, words, counts);   // [NbFinishEager, NbFinishRound]
            own = 0;
            if (id >= 0) {
                setResult(onId.apply(id));
                return true;
            }
            if (id == MultithreadedContextIdAllocator.EXHAUSTED) {
                throw MaskContextIdAllocator.outOfIds();
            }
            boolean refusedInFig3Round = !firstRound && owned == 0;
            firstRound = false;
            if (refusedInFig3Round) {
                // Take the next round's copy now. Refused again with nothing to wait for (a one-member
                // communicator: the allreduce is done at once), leave instead of spinning: the owner's round
                // end (the allocator's onRoundEnd) makes the pollers look again.
                own = allocator.enter(key, false, words, counts);
                round = allreduce.start(words);
                if (own == 0 && round.progress()) {
                    awaiting(null);                // nothing to watch: the owner's round end signals
                    return false;
                }
            }
        }
    }

    @Override
    protected void abandon() {
        allocator.giveBack(key, own);
        own = 0;
    }
}
