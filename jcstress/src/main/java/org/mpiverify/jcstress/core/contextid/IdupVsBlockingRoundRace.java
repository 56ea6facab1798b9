package org.mpiverify.jcstress.core.contextid;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.contextid.MaskAllreduce;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: on one process, a nonblocking allocation ({@code MPI_Comm_idup}'s state machine,
 * {@code NonblockingContextIdAllocation}) takes its Fig. 3 mask copies through
 * {@code MultithreadedContextIdAllocator.enterRound} while a blocking {@code dup} runs its own rounds, and a
 * third call's round ends and gives the mask back ({@code finishRound}): Gropp &amp; Thakur §5.3, Fig. 3, with
 * idups as in {@code specs/contextid/NonblockingContextIds.tla} (IdupMayOwn, IdupLowers). The communicator
 * has one member (every allreduce is the identity), ids 2, 3 and 4 are free and there is no eager segment.
 *
 * <p>Before the sample, a third allocation H (an idup, key (0, 3), the highest) owns the mask: its Fig. 3
 * round's allreduce is in flight. Then, at once: the blocking call B (key (0, 1), the lowest) allocates; the
 * idup actor ends H's round (H takes id 2 and gives the mask back) and then allocates with its own idup I
 * (key (0, 2)), polling it until it is done (bounded). If B is refused while H owns the mask, it lowers
 * {@code lowestKey} to (0, 1), and H's round end does not reset it (not H's key): from then on an idup with
 * a higher key is refused until B has owned the mask and left, so B takes id 3 and I id 4. The test sees
 * that case when B's refused round ran before the idup actor began (r3 = 1; B's allreduce is after its
 * refused mask copy, the idup actor's first step is before any of I's copies).
 *
 * <p>Invariants checked: the mask has at most one owner at a time (two owners would take the same lowest
 * id: equal ids, or an id left free); the lower key's priority (a non-owner lowers {@code lowestKey}, and a
 * higher key does not own the mask while it is lowered). Linearization points: each call's id is taken at
 * the owner's clear of its bit in {@code finishRound}; each mask copy is the critical section of
 * {@code enterRound}.
 *
 * <p>r1 = B's id, r2 = I's id (-1: an exception, -2: not done within the bound), r3 = 1 if B was refused in a
 * Fig. 3 round before the idup actor began, r4 = ids left free (0: every call took a distinct id).
 * Forbidden: {@code 4, 3, 1, 0} (I owned the mask while B's lower key waited), equal or missing ids, ids
 * left free.
 */
@JCStressTest
@Description("NonblockingContextIdAllocation vs a blocking allocation's rounds: one mask owner, the lower key first")
@Outcome(id = {"3, 4, 0, 0", "4, 3, 0, 0"}, expect = ACCEPTABLE, desc = "Distinct ids, in either order: B was not refused before the idup began.")
@Outcome(id = "3, 4, 1, 0", expect = ACCEPTABLE, desc = "B was refused while H owned the mask: B (lower key) went first, the idup after it.")
@Outcome(id = "4, 3, 1, 0", expect = FORBIDDEN, desc = "Priority lost: the idup owned the mask while B's lower key was waiting for it.")
@Outcome(expect = FORBIDDEN, desc = "Two owners at once (equal ids, an id left free), an exception or a stuck idup.")
@State
public class IdupVsBlockingRoundRace {
    /** The allreduce buffer's ownership word (all ones iff the caller owns what it offers). */
    static final int OWNER_WORD = 16;
    /** Bound on polling the idup: far beyond a round (microseconds), short enough not to stall jcstress. */
    static final long BOUND_NANOS = 2_000_000_000L;

    final MultithreadedContextIdAllocator allocator = new MultithreadedContextIdAllocator(5, 0, false);   // ids 2..4, no eager segment
    final AtomicInteger clock = new AtomicInteger();
    volatile int blockingRefusedAt;       // clock at B's first refused Fig. 3 round's allreduce, 0 if none
    int idupBegan;                        // clock when the idup actor began
    volatile boolean holderReleased;
    final Schedule holder;

    public IdupVsBlockingRoundRace() {
        // H's first round (empty eager segment) ends at once; its Fig. 3 round owns the mask and waits for release.
        holder = allocator.allocateNonblocking(0, 3,
                words -> words[0] == 0 ? done() : new Schedule() {
                    @Override
                    protected boolean advance() {
                        return holderReleased;
                    }
                }, id -> id);
        holder.progress();
    }

    /** A one-member iallreduce: the identity, done at its first poll. */
    static Schedule done() {
        return new Schedule() {
            @Override
            protected boolean advance() {
                return true;
            }
        };
    }

    /** B's one-member allreduce: notes the first refused Fig. 3 round (after the first, eager, round). */
    final MaskAllreduce blockingRound = new MaskAllreduce() {
        int rounds;

        @Override
        public void allreduceBand(long[] words) {
            if (rounds++ > 0 && words[OWNER_WORD] == 0 && blockingRefusedAt == 0) {
                blockingRefusedAt = clock.incrementAndGet();
            }
        }
    };

    @Actor
    public void blocking(IIII_Result r) {
        try {
            r.r1 = allocator.allocate(0, 1, blockingRound);
        } catch (RuntimeException e) {
            r.r1 = -1;
        }
    }

    @Actor
    public void idup(IIII_Result r) {
        idupBegan = clock.incrementAndGet();
        holderReleased = true;
        if (!holder.progress()) {
            r.r2 = -2;                    // H's round must end at this poll
            return;
        }
        r.r2 = drive(allocator.allocateNonblocking(0, 2, words -> done(), id -> id));
    }

    /** Polls {@code s} until it is done, within the bound; its id, -1 if it failed, -2 if still running. */
    static int drive(Schedule s) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        while (!s.progress()) {
            if (System.nanoTime() - deadline > 0) {
                return -2;
            }
            Thread.onSpinWait();
        }
        return s.failure() != null ? -1 : (Integer) s.result();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        int refusedAt = blockingRefusedAt;
        r.r3 = refusedAt != 0 && refusedAt < idupBegan ? 1 : 0;
        r.r4 = allocator.freeCount();
    }
}
