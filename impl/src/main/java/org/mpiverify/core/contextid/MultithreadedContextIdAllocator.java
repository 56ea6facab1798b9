package org.mpiverify.core.contextid;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;

import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.ContextIdStep.Kind;
import org.mpiverify.core.trace.ContextIdStep.Outcome;
import org.mpiverify.mpi.MpiException;

/**
 * The context-id allocator the core runs: Gropp &amp; Thakur, "Thread Safety in an MPI Implementation:
 * Requirements and Analysis" (2007), §5.3, Fig. 3, with four changes.
 * <ol>
 *   <li>The priority key is {@code (parentContext, tag)} compared lexicographically, not the parent's
 *       context id alone: {@code dup}/{@code split}/{@code create} pass tag -1, {@code createGroup} its
 *       user tag (&ge; 0). Several {@code createGroup} calls on one parent from different threads of a
 *       process therefore have distinct keys and are ordered, so §5.3's "lowest context id wins"
 *       argument still applies to them.</li>
 *   <li>The allreduce carries one extra word (index 16): all ones if the caller owns the mask, else 0.
 *       After the allreduce, an owner that sees this word non-zero knows that every member owned its
 *       mask; it then takes the lowest set bit of the AND or, if the AND is empty, raises
 *       {@code ERR_OTHER} "out of context ids". Every member sees the same words and decides the same,
 *       so exhaustion is an error on every member, never the endless retry of the published Fig. 3.</li>
 *   <li>An eager first round, as MPICH's eager context ids. Fig. 3 holds the process's mask during a
 *       blocking allreduce; in a call's first round some members may not have entered the call yet,
 *       because their thread is still busy in an earlier {@code createGroup} on another group. An owner
 *       waiting for them holds the mask that those earlier calls need on its process: a cycle across
 *       processes that hangs (TLA+ model {@code ctx_keyed_sequenced}; audit scenario
 *       {@code comm-create-group-subsets-concurrent}). So the first round offers only the eager segment,
 *       the lowest {@link #eagerIds()} ids, with its own in-use flag: a thread that finds the segment
 *       taken contributes nothing rather than waiting, and the round does not touch {@code lowestKey}.
 *       If every member owned its segment and they share a free id there, the call ends after one round
 *       (the uncontended case). Otherwise Fig. 3's rounds follow on the other ids, plus the eager segment
 *       whenever their owner can claim it. After the first round every member is inside the call, so a
 *       later round's owner only waits for members that are looping rounds with it.</li>
 *   <li>The eager segment is cut into {@link #segments()} segments (by default 16 of 4 ids), each with its
 *       own in-use flag, and each call has one, {@link #segmentOf} of its key, the same on every member.
 *       With one segment, of two threads of a process that dup or idup at once the second always found it
 *       taken and went on to contended Fig. 3 rounds (idup with two threads per rank: 4.4 rounds per call at
 *       8 ranks, 1.0 now). A Fig. 3 owner claims only its own segment, if free: claiming every free one made
 *       the concurrent eager rounds of its process fail. So that every id still counts for exhaustion, a
 *       Fig. 3 round in which every member owned and the AND is empty is followed by one more round whose
 *       owners claim every free segment; only that round's empty AND is "out of context ids".</li>
 * </ol>
 * A TLA+ specification of exactly this algorithm is {@code specs/contextid/MultithreadedFig3.tla}; keep the
 * two in step ({@code ModelPairingTest} checks that every model of it has a Java configuration).
 *
 * <p>Precondition (MPI's rule that a thread may not call a collective on a communicator another thread
 * is using, and that concurrent {@code createGroup} calls on one parent carry distinct tags): the calls
 * in progress on one process have distinct keys. With equal keys the priority argument fails and the
 * livelock of {@link PublishedFig3ContextIdAllocator} is possible again.
 *
 * <p>Exhaustion is decided in the Fig. 3 rounds only. Ids of a member's eager segment do not count
 * when another call's first round holds that segment at the member's snapshot, so "out of context ids"
 * can be reported while such ids are free (the alternative, retrying until the segment comes back,
 * can hang in the same cycle). With one call at a time every id counts.
 *
 * <p>Each round takes the lock, decides ownership, releases the lock, and only then calls the
 * allreduce: no lock is held while the allreduce waits, so threads of different processes cannot
 * form the deadly embrace of §5.2. Threads that lose a round retry; the thread with the lowest key
 * on a process eventually owns the mask there (others yield to it via {@code lowestKey}), so the
 * lowest-keyed pending call among all processes completes, then the next, and so on (§5.3).
 *
 * <p>Memory consistency effects: as for {@link MaskContextIdAllocator}; in addition, the owner's update
 * of the mask at the end of one allocate happens-before the next owner's snapshot on this process.
 */
public final class MultithreadedContextIdAllocator extends MaskContextIdAllocator {

    /*
     * Source: Gropp & Thakur 2007, §5.3, Fig. 3; changes (1) and (2) of the class comment.
     *
     * The fundamental invariants (all fields guarded by lock):
     * - maskInUse is true iff exactly one thread of this process holds the mask, i.e. is between
     *   its owner decision in a Fig. 3 round and the update after its allreduce (its ownMain == true).
     * - Bit s of eagerInUse is set iff exactly one thread holds segment s: a first-round owner of a call
     *   whose segment is s, or a Fig. 3 owner that claimed s (bit s of its own >>> 1), between its
     *   decision and its update.
     * - A bit of a segment is cleared only by the segment's holder; a bit outside the eager segment only
     *   by the mask's owner; release() may set bits. A Fig. 3 owner offers no bit of a segment it did
     *   not claim, so the AND holds none. So every bit in a snapshot that is still in the AND is still
     *   free when its owner takes it. (The prototype offered every segment nobody held, claimed or not:
     *   an eager round could claim one meanwhile and both calls took the same id; TLA+ mutant
     *   UnclaimedSegmentsOffer, SegmentedEagerRoundTest.aFig3OwnerOffersNoSegmentItHasNotClaimed.)
     * - counts[2] (claim every free segment) is set on every member of a call alike: after a Fig. 3
     *   round that every member owned with an empty AND, which every member saw.
     * - lowestKey is written only in Fig. 3 rounds: a first-round thread may wait for members that
     *   have not arrived, and must not make other calls on this process yield to it.
     * - A bit of mask (in [2, capacity)) is clear iff its id is live on this process: allocated by a
     *   call that has reached its linearization point and not yet released. There is no window in
     *   which an id is chosen but still marked free: the owner picks the bit and clears it in one
     *   critical section, after the allreduce (the general form "live, or held by an owner between
     *   allreduce and update" degenerates to "live" here).
     * - lowestKey is NONE or the key of a thread of this process that is inside allocate: the thread
     *   that last wrote it resets it to NONE when it leaves allocate (keys of concurrent calls on one
     *   process are distinct, so "lowestKey == key" identifies that writer). It only decreases between
     *   resets: owners need key <= lowestKey, non-owners only lower it.
     * - Members of one call agree on every round's outcome: the extra word is non-zero iff every member
     *   owned; non-owners see it zero and retry, owners see the same AND and pick the same bit.
     *
     * Non-guarantees (what the tests and the TLA+ model should not expect):
     * - Starvation freedom. §5.3's argument gives progress for a finite set of concurrent calls: the
     *   lowest key finishes, then the next. A thread that keeps allocating with a lower key (say dups
     *   of COMM_WORLD in a loop) can keep a higher-keyed call on the same process waiting for as long
     *   as it goes on; the waiting call only wins if it reaches the lock in the short gap between two
     *   of the lower-keyed calls, when lowestKey is NONE. The eager round widens that gap to a whole
     *   round (it takes no mask), which is enough in the round-robin schedule that used to starve H
     *   (test: aHigherKeyGetsThroughBetweenTheCallsOfALowerKey), but no proof covers every schedule.
     * - Exhaustion "at one instant". ERR_OTHER means the AND of the members' snapshots was empty;
     *   the snapshots are taken at different times, so with concurrent release() and allocations on
     *   other communicators the members may never have lacked a common free id at any single instant
     *   (both have {5} free; p0 snapshots {5}; p0 and p1 get 7 back; p1 takes 5 for another comm;
     *   p1 snapshots {7}: the AND is empty, the intersection never was). A retry then succeeds. No
     *   member can detect this alone without another allreduce. Test: exhaustionIsRelativeToSnapshots.
     * - Progress under a non-preemptive scheduler. Losing rounds are retried at once (a busy wait
     *   through the allreduce). Virtual threads on few carriers can spend every carrier on such
     *   retries while the lowest-keyed call they wait for never runs; see the disabled reproduction
     *   MultithreadedContextIdAllocatorTest.virtualThreadCallersUnderContentionCanStarve. §5.3.3's
     *   refinement (park until the lowest key changes) would remove the busy wait.
     *
     * Happens-before: an owner's update (under lock) happens-before the next snapshot by any thread of
     * this process (under lock). The allreduce orders each member's snapshot before every member's use
     * of the AND (that is MaskAllreduce's contract).
     *
     * Linearization points: allocate returning id — the owner's ContextIdMask.clear(mask, id) in the
     * final round (the first or a Fig. 3 round), on each process; allocate raising "out of context ids" — the owner's snapshot in
     * the final round, on each process (the AND of those snapshots was empty; see "Exhaustion at one
     * instant" above for why that is weaker than "no common id was free at one moment"); release —
     * the set in MaskContextIdAllocator.release.
     */

    /** Index of the ownership word in the allreduce buffer. */
    static final int OWNER_WORD = ContextIdMask.WORDS;
    /** Length of the allreduce buffer: the mask plus the ownership word. */
    static final int BUFFER_WORDS = ContextIdMask.WORDS + 1;

    /** Some thread of this process holds the mask (the paper's {@code mask_in_use}). Guarded by lock. */
    private boolean maskInUse;
    /** The lowest key among this process's contending calls, or NONE (the paper's {@code lowestContextId}). Guarded by lock. */
    private long lowestKey = ContextIdKey.NONE;
    /** The eager segments some thread of this process holds, bit s for segment s. Guarded by lock. */
    private int eagerInUse;
    /** The eager segment's bits: ids {@code [2, 2 + eagerIds)}. Immutable. */
    private final long[] eagerBits;
    /** Segment s's bits: a run of {@code eagerIds / segments} eager ids, the last run taking the rest. Immutable. */
    private final long[][] segmentBits;
    private final int eagerIds, segments;
    /** Every segment's bit in {@code eagerInUse}. */
    private final int allSegments;

    /** Size of the eager segment of a full mask (MPICH: 64 of 2048 by default). */
    static final int MAX_EAGER_IDS = 64;

    /** A full allocator: 1024 ids, ids 0 and 1 reserved, no counters. */
    public MultithreadedContextIdAllocator() {
        this(ContextIdMask.MAX_CAPACITY, false);
    }

    /**
     * @param capacity   ids {@code [2, capacity)} are free initially, {@code 2 < capacity <= 1024}
     *                   (smaller values make exhaustion easy to test; the buffer is always 17 words)
     * @param countStats whether to keep {@link #stats()}
     */
    public MultithreadedContextIdAllocator(int capacity, boolean countStats) {
        this(capacity, defaultEagerIds(capacity), countStats);
    }

    /**
     * An allocator with an eager segment of {@code eagerIds} ids, {@code [2, 2 + eagerIds)}. The TLA+
     * models of this class (specs/contextid/MultithreadedFig3.tla) use small capacities, for which the
     * default segment is empty; this constructor builds the allocator that matches a model with a
     * non-empty one (specs' ContextIdPairingTest checks every model's pair).
     *
     * @param capacity   as for {@link #MultithreadedContextIdAllocator(int, boolean)}
     * @param eagerIds   ids in the eager segment, {@code 0 <= eagerIds <= min(64, capacity - 2)}
     * @param countStats whether to keep {@link #stats()}
     */
    public MultithreadedContextIdAllocator(int capacity, int eagerIds, boolean countStats) {
        this(capacity, eagerIds, defaultSegments(eagerIds), countStats);
    }

    /**
     * An allocator whose eager segment of {@code eagerIds} ids is cut into {@code segments} segments (a model
     * with {@code EagerSegments} other than the default for its {@code EagerCount}).
     *
     * @param segments in {@code [1, min(16, eagerIds)]} (1 if {@code eagerIds} is 0)
     */
    public MultithreadedContextIdAllocator(int capacity, int eagerIds, int segments, boolean countStats) {
        this(capacity, eagerIds, segments, countStats, new ReentrantLock());
    }

    /**
     * As {@link #MultithreadedContextIdAllocator(int, int, int, boolean)}, guarded by {@code lock}: tests pass
     * a lock that hands itself to a waiting thread at every unlock, so that a check and an act of one call
     * that are not one critical section are seen to be two.
     */
    MultithreadedContextIdAllocator(int capacity, int eagerIds, int segments, boolean countStats, ReentrantLock lock) {
        super(capacity, countStats, lock);
        if (eagerIds < 0 || eagerIds > Math.min(MAX_EAGER_IDS, capacity - FIRST_DYNAMIC_ID)) {
            throw new IllegalArgumentException("eagerIds must be in [0, min(" + MAX_EAGER_IDS + ", capacity - "
                    + FIRST_DYNAMIC_ID + ")]: " + eagerIds);
        }
        this.eagerIds = eagerIds;
        if (segments < 1 || segments > MAX_SEGMENTS || eagerIds > 0 && segments > eagerIds) {
            throw new IllegalArgumentException("segments must be in [1, min(" + MAX_SEGMENTS + ", eagerIds)]: " + segments);
        }
        this.segments = segments;
        this.allSegments = (1 << segments) - 1;
        this.eagerBits = new long[ContextIdMask.WORDS];
        this.segmentBits = new long[segments][ContextIdMask.WORDS];
        for (int id = FIRST_DYNAMIC_ID; id < FIRST_DYNAMIC_ID + eagerIds; id++) {
            ContextIdMask.set(eagerBits, id);
            ContextIdMask.set(segmentBits[Math.min((id - FIRST_DYNAMIC_ID) / (eagerIds / segments), segments - 1)], id);
        }
    }

    /** The default eager segment for a capacity: {@code min(64, (capacity - 2) / 4)} ids (MPICH: 64 of 2048). */
    public static int defaultEagerIds(int capacity) {
        return Math.min(MAX_EAGER_IDS, (capacity - FIRST_DYNAMIC_ID) / 4);
    }

    /** Most segments the eager segment is cut into. */
    static final int MAX_SEGMENTS = 16;

    /** The default number of segments for an eager segment: {@code max(1, min(16, eagerIds / 4))}, four ids each. */
    public static int defaultSegments(int eagerIds) {
        return Math.max(1, Math.min(MAX_SEGMENTS, eagerIds / 4));
    }

    /** Segments of the eager segment: {@link #defaultSegments} unless given explicitly. */
    public int segments() {
        return segments;
    }

    /**
     * The segment of the call with key {@code (parentContext, tag)} among {@code segments}: a function of the key
     * alone, so every member of the call computes the same (TLA+: SegOf). Linear, so that the communicators a
     * program makes one after another from one parent (consecutive ids) and the idups it starts one after another
     * on one parent (consecutive tags) land in different segments.
     */
    public static int segmentOf(int parentContext, int tag, int segments) {
        return (int) Math.floorMod(parentContext * 7L + tag + 1, (long) segments);
    }

    /** Ids in the eager segment, the lowest dynamic ids: {@link #defaultEagerIds} unless given explicitly. */
    public int eagerIds() {
        return eagerIds;
    }

    @Override
    int eagerSegment() {
        return eagerIds;
    }

    /** The segment eager id {@code id} belongs to, or -1 if {@code id} is not in the eager segment. */
    public int segmentOfEagerId(int id) {
        if (!isEagerId(id)) return -1;
        for (int s = 0; s < segments; s++) {
            if (ContextIdMask.isSet(segmentBits[s], id)) return s;
        }
        throw new AssertionError("eager id " + id + " in no segment");
    }

    @Override
    int eagerSegments() {
        return segments;
    }

    /** Whether {@code id} lies in the eager segment. */
    public boolean isEagerId(int id) {
        return id >= 0 && id < ContextIdMask.MAX_CAPACITY && ContextIdMask.isSet(eagerBits, id);
    }

    @Override
    public int allocate(int parentContext, int tag, MaskAllreduce allreduce) throws MpiException {
        Objects.requireNonNull(allreduce, "allreduce");
        final long key = ContextIdKey.of(parentContext, tag);
        final long[] words = new long[BUFFER_WORDS];
        final int[] counts = new int[3];                 // locks, rounds, claim every free segment
        boolean firstRound = true;
        final TracedCall traced = traceCall(parentContext, tag, allreduce);   // null unless recording
        while (true) {
            int own = enterRound(key, firstRound, words, counts, traced);
            try {
                allreduce.allreduceBand(words);   // no lock held: §5.2's deadly embrace is impossible
            } catch (RuntimeException | Error e) {
                abandon(key, own);
                if (traced != null) traced.step(Kind.ABANDON, false, null, null, false, lowestKey(), -1, Outcome.NONE);
                throw e;
            }
            int id = finishRound(key, firstRound, own, words, counts, traced);
            if (id >= 0) return id;
            if (id == EXHAUSTED) throw outOfIds();
            // Not everyone owned (or we did not): every member saw the same word and retries with us.
            // Back off before the next round: a loser that retries at once keeps its carrier (virtual
            // threads) or core busy with rounds that cannot succeed until the lowest key has run.
            if (!firstRound) allreduce.pause(backoffNanos(counts[1] - 1));   // counted in Fig. 3 rounds
            firstRound = false;
        }
    }

    /** {@link #enterRound} result bits: the round's caller owns the mask; bit 1 + s: it holds segment s. */
    static final int OWN_MAIN = 1;
    /** {@link #finishRound} results besides an id: go on with another round; out of ids (on every member). */
    static final int RETRY = -1, EXHAUSTED = -2;

    /**
     * A round's mask copy (the TLA+ actions EnterEager, Enter and, for an idup, IdupEnter): under the lock,
     * decides whether the call with {@code key} owns the eager segment (first round) or the mask (a Fig. 3
     * round, by Fig. 3's rule: nobody owns it and no lower key waits; a non-owner lowers lowestKey to its
     * key) and fills {@code words} with what it offers. Returns {@link #OWN_MAIN} and the segments it holds
     * (bit 1 + s for segment s). {@code counts[2]} non-zero: a Fig. 3 owner claims every free segment.
     * The blocking call and the nonblocking one use this one method, hence one rule and one lowestKey.
     */
    int enterRound(long key, boolean firstRound, long[] words, int[] counts, TracedCall traced) {
        boolean ownMain = false;
        int ownSegs = 0;
        lock.lock();
        try {
            counts[0]++;
            Arrays.fill(words, 0L);
            if (firstRound) {
                int s = segmentOf(key);
                if ((eagerInUse & (1 << s)) == 0) {   // never wait for the segment: contribute nothing instead
                    for (int w = 0; w < ContextIdMask.WORDS; w++) words[w] = mask[w] & segmentBits[s][w];
                    words[OWNER_WORD] = -1L;
                    eagerInUse |= 1 << s;
                    ownSegs = 1 << s;
                }
            } else if (maskInUse || key > lowestKey) {
                if (key < lowestKey) {
                    lowestKey = key;          // make the current owner's successors yield to us
                }
            } else {
                // Claim the call's own segment if nobody holds it (claiming every free one made concurrent
                // eager rounds on this process fail, and their calls contend here); every free one when the
                // own segment has no free id here, or in the round that decides exhaustion (counts[2]).
                int own = segmentOf(key);
                ownSegs = (counts[2] != 0 || !ContextIdMask.intersects(mask, segmentBits[own]) ? allSegments : 1 << own)
                        & ~eagerInUse;
                for (int w = 0; w < ContextIdMask.WORDS; w++) words[w] = mask[w] & ~eagerBits[w];
                for (int s = 0; s < segments; s++) {
                    if ((ownSegs & (1 << s)) != 0) {
                        for (int w = 0; w < ContextIdMask.WORDS; w++) words[w] |= mask[w] & segmentBits[s][w];
                    }
                }
                words[OWNER_WORD] = -1L;       // all ones: "I own my process's mask"
                maskInUse = ownMain = true;
                eagerInUse |= ownSegs;
                lowestKey = key;
            }
            if (traced != null) {
                traced.step(firstRound ? Kind.EAGER_ENTER : Kind.ENTER, ownMain || ownSegs != 0, words, null, false,
                        lowestKey, -1, Outcome.WAITS);
            }
        } finally {
            lock.unlock();
        }
        counts[1]++;
        return (ownMain ? OWN_MAIN : 0) | ownSegs << 1;
    }

    /**
     * A round's end (FinishEager, FinishRound), after the AND of every member's {@code words}: an owner
     * takes the lowest id of the AND if every member owned, or finds the ids exhausted; it gives back what
     * it owned. Returns the id, {@link #RETRY} or {@link #EXHAUSTED}; every member of the round returns the
     * same. Wakes {@link #onRoundEnd} if it gave anything back.
     */
    int finishRound(long key, boolean firstRound, int own, long[] words, int[] counts, TracedCall traced) {
        boolean ownMain = (own & OWN_MAIN) != 0;
        int ownSegs = own >>> 1;
        if (!ownMain && ownSegs == 0) {
            if (traced != null) traceFinish(traced, firstRound, words, -1, false);   // no lock: only this thread's state moves
            return RETRY;                  // not everyone owned: every member saw the same word and retries
        }
        int id = -1;
        boolean exhausted = false;
        lock.lock();
        try {
            counts[0]++;
            if (words[OWNER_WORD] != 0) {  // every member owned what it offered this round
                id = ContextIdMask.lowestSetBit(words);
                if (id >= 0) {
                    ContextIdMask.clear(mask, id);   // linearization point of a successful allocate
                } else if (!firstRound) {            // an empty eager AND just moves on to Fig. 3
                    // Out of ids only in a round that offered every free segment; else one more round does.
                    exhausted = segments == 1 || counts[2] != 0;
                    counts[2] = 1;
                }
                if (ownMain && lowestKey == key) {
                    lowestKey = ContextIdKey.NONE;   // we leave; let higher keys compete again
                }
                if (id >= 0 || exhausted) recordLocked(!exhausted, counts[0], counts[1]);
            }
            if (ownMain) maskInUse = false;
            eagerInUse &= ~ownSegs;
            if (traced != null) traceFinish(traced, firstRound, words, id, exhausted);
        } finally {
            lock.unlock();
        }
        roundEnded();
        return id >= 0 ? id : exhausted ? EXHAUSTED : RETRY;
    }

    /** Run after a round gave back the mask or the segment, or a call left (null: nothing). */
    private volatile Runnable onRoundEnd;

    /**
     * Runs {@code r} (without the lock) whenever a round gives back what it owned or a call abandons: a
     * nonblocking allocation that lost a round on a one-member communicator has no message to wait for
     * and is woken by this instead (the core: its rank's progress engine). Set once, before use.
     */
    @Override
    public void onRoundEnd(Runnable r) {
        onRoundEnd = r;
    }

    private void roundEnded() {
        Runnable r = onRoundEnd;
        if (r != null) r.run();
    }

    /**
     * Starts a nonblocking allocation ({@code MPI_Comm_idup}) with key {@code (parentContext, tag)} over
     * the members reached by {@code allreduce}; {@code onId} turns the agreed id into the operation's
     * result. See {@link NonblockingContextIdAllocation}.
     */
    @Override
    public NonblockingContextIdAllocation allocateNonblocking(int parentContext, int tag, MaskIallreduce allreduce,
                                                             IntFunction<Object> onId) {
        // An adapter, not `this`: the known-bad twins copy this class under other names.
        return new NonblockingContextIdAllocation(new NonblockingContextIdAllocation.Rounds() {
            @Override
            public int enter(long key, boolean firstRound, long[] words, int[] counts) {
                return enterRound(key, firstRound, words, counts, null);
            }

            @Override
            public int finish(long key, boolean firstRound, int own, long[] words, int[] counts) {
                return finishRound(key, firstRound, own, words, counts, null);
            }

            @Override
            public void giveBack(long key, int own) {
                abandon(key, own);
            }
        }, ContextIdKey.of(parentContext, tag), allreduce, onId);
    }

    /** Records the end of a round: the AND every member saw, and what this thread does next. */
    private static void traceFinish(TracedCall traced, boolean firstRound, long[] words, int id, boolean exhausted) {
        boolean allOwned = words[OWNER_WORD] != 0;
        Outcome next = id >= 0 ? Outcome.TAKES_ID : exhausted ? Outcome.FAILS
                : firstRound ? Outcome.GOES_ON : Outcome.RETRIES;
        traced.step(firstRound ? Kind.EAGER_FINISH : Kind.FINISH, false, null, words, allOwned, ContextIdStep.NO_KEY,
                id, next);
    }

    private int segmentOf(long key) {
        return segmentOf((int) (key >> 32), ((int) key) ^ Integer.MIN_VALUE, segments);
    }

    long lowestKey() {
        lock.lock();
        try {
            return lowestKey;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Bounded, jittered backoff after {@code rounds} Fig. 3 rounds without an id: none after the first (the second
     * round usually succeeds), then 1 µs doubling up to 256 µs, each drawn uniformly from [n/2, n). Timing
     * only: the algorithm's states and decisions are those of Fig. 3 (the TLA+ model's stuttering steps).
     */
    static long backoffNanos(int rounds) {
        if (rounds <= 1) {
            return 0;
        }
        long n = Math.min(1_000L << Math.min(rounds - 2, 8), 256_000L);
        return n / 2 + java.util.concurrent.ThreadLocalRandom.current().nextLong(n / 2);
    }

    /**
     * The allreduce failed (job aborted, interrupted): leave the shared state as if this call had
     * never started, so the other threads of this process are not blocked by a mask that nobody
     * releases or a lowestKey that nobody resets. Not part of Fig. 3, which has no error path.
     */
    void abandon(long key, int own) {
        lock.lock();
        try {
            if ((own & OWN_MAIN) != 0) maskInUse = false;
            eagerInUse &= ~(own >>> 1);
            if (lowestKey == key) lowestKey = ContextIdKey.NONE;
        } finally {
            lock.unlock();
        }
        roundEnded();
    }

    /** Whether no call holds anything here: the mask and every segment free, no key waiting (tests, when quiet). */
    boolean holdsNothing() {
        lock.lock();
        try {
            return !maskInUse && eagerInUse == 0 && lowestKey == ContextIdKey.NONE;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        lock.lock();
        try {
            return "MultithreadedContextIdAllocator[free=" + ContextIdMask.count(mask) + ", maskInUse=" + maskInUse
                    + ", eagerInUse=" + (segments == 1 ? Boolean.toString(eagerInUse != 0) : Integer.toBinaryString(eagerInUse))
                    + ", lowestKey=" + ContextIdKey.toString(lowestKey) + "]";
        } finally {
            lock.unlock();
        }
    }
}
