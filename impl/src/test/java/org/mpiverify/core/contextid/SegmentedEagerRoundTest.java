package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The eager round cut into segments ({@link MultithreadedContextIdAllocator}, change 4; TLA+: SegOf, Claim and
 * claimAll in specs/contextid/MultithreadedFig3.tla, models ctx_impl_segments and ctx_mut_unclaimed_segments):
 * calls of one process on different segments take their eager rounds at once, a Fig. 3 owner offers no
 * segment it has not claimed, and every id still counts for exhaustion.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class SegmentedEagerRoundTest {
    static final Duration WAIT = Duration.ofSeconds(5);
    static final int DUP = -1;
    /** Parents whose dups have segments 0 and 1 of 16: (0 * 7 + 0) % 16 and (7 * 7 + 0) % 16. */
    static final int PARENT_SEG0 = 0, PARENT_SEG1 = 7;

    static SimWorld world(int processes) {
        return new SimWorld(processes, () -> new MultithreadedContextIdAllocator(1024, true), WAIT);
    }

    @Test
    void theFullMaskHasSixteenSegmentsOfFourIds() {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator();
        assertEquals(64, a.eagerIds());
        assertEquals(16, a.segments());
        assertEquals(0, a.segmentOfEagerId(2));
        assertEquals(0, a.segmentOfEagerId(5));
        assertEquals(1, a.segmentOfEagerId(6));
        assertEquals(15, a.segmentOfEagerId(65));
        assertEquals(-1, a.segmentOfEagerId(66));
        assertEquals(0, MultithreadedContextIdAllocator.segmentOf(PARENT_SEG0, DUP, 16));
        assertEquals(1, MultithreadedContextIdAllocator.segmentOf(PARENT_SEG1, DUP, 16));
        // consecutive tags (idups one after another on one parent) and parents land in different segments
        assertNotEquals(MultithreadedContextIdAllocator.segmentOf(3, 5, 16), MultithreadedContextIdAllocator.segmentOf(3, 6, 16));
        assertNotEquals(MultithreadedContextIdAllocator.segmentOf(3, DUP, 16), MultithreadedContextIdAllocator.segmentOf(4, DUP, 16));
    }

    /**
     * One call at a time on one parent: its segment's ids in eager rounds, then, its segment having no free id
     * left, Fig. 3 rounds that claim every free segment: the lowest common free id first, as Fig. 3, all 1022
     * ids, and only then ERR_OTHER on both members.
     */
    @Test
    void everyIdCountsForExhaustion() {
        SimWorld w = world(2);
        SimComm c = w.comm("c", 0, 1);
        for (int id = 2; id < 1024; id++) assertEquals(id, w.allocateOnAll(c, PARENT_SEG0, DUP));
        assertEquals(0, w.proc(0).freeCount());
        assertEquals(2, MultithreadedContextIdAllocatorTest.allocateExpectingFailure(w, c).size());
        w.proc(0).release(40);
        w.proc(1).release(40);
        assertEquals(40, w.allocateOnAll(c, PARENT_SEG0, DUP));
    }

    /**
     * Segment 0 has a free id on each process but none in common (p0: 3, p1: 2), and the ids outside the eager
     * segment are used up: the Fig. 3 round that claims only segment 0 ends with every member owning and an
     * empty AND, and the next round, claiming every free segment, takes 6. Failing on the first empty AND
     * would report "out of context ids" with 60 common ids free.
     */
    @Test
    void anEmptyAndOfTheOwnSegmentIsNotExhaustion() {
        SimWorld w = world(2);
        SimComm c = w.comm("c", 0, 1), solo0 = w.comm("solo0", 0), solo1 = w.comm("solo1", 1);
        for (int id = 2; id <= 5; id++) {
            assertEquals(id, w.allocateOnAll(solo0, PARENT_SEG0, DUP));
            assertEquals(id, w.allocateOnAll(solo1, PARENT_SEG0, DUP));
        }
        w.proc(0).release(3);
        w.proc(1).release(2);
        for (int id = 66; id < 1024; id++) assertEquals(id, w.allocateOnAll(c, PARENT_SEG0, DUP));
        assertEquals(6, w.allocateOnAll(c, PARENT_SEG0, DUP));
    }

    /**
     * Call A (segment 0) holds its eager round open on both processes; call B (segment 1) meanwhile takes an id
     * of its own segment in one round. With one segment B found it busy and needed a Fig. 3 round.
     */
    @Test
    void callsOnDifferentSegmentsTakeTheirEagerRoundsAtOnce() throws InterruptedException {
        SimWorld w = world(2);
        SimComm a = w.comm("a", 0, 1), b = w.comm("b", 0, 1);
        Held held = new Held(w, a, PARENT_SEG0, 1);
        try {
            assertTrue(held.reached.await(5, TimeUnit.SECONDS), "A never reached its eager round");
            int id = w.allocateOnAll(b, PARENT_SEG1, DUP);
            assertEquals(6, id, "B takes the lowest id of segment 1");
            for (int p = 0; p < 2; p++) {
                ContextIdStats s = w.proc(p).stats();
                assertEquals(1, s.allocations(), "only B has finished on process " + p);
                assertEquals(1, s.allreduceRounds(), "B's eager round was its only round on process " + p);
            }
        } finally {
            held.go.countDown();
        }
        assertEquals(List.of(2, 2), held.join());
    }

    /**
     * Segment 0 has a free id on each process but none in common (p0: 3, p1: 2), so call A (segment 0) goes on
     * to a Fig. 3 round, claiming segment 0 only; it is held there, its offer taken, before its allreduce. Call
     * B takes its eager round on segment 1 meanwhile and gets id 6. A must not have offered segment 1, which it
     * never claimed: it takes 66, the lowest id outside the eager segment. A Fig. 3 owner offering every
     * segment nobody held (the TLA+ mutant UnclaimedSegmentsOffer) takes 6 too: the id is live twice.
     */
    @Test
    void aFig3OwnerOffersNoSegmentItHasNotClaimed() throws InterruptedException {
        SimWorld w = world(2);
        SimComm a = w.comm("a", 0, 1), b = w.comm("b", 0, 1), solo0 = w.comm("solo0", 0), solo1 = w.comm("solo1", 1);
        for (int id = 2; id <= 5; id++) {
            assertEquals(id, w.allocateOnAll(solo0, PARENT_SEG0, DUP));
            assertEquals(id, w.allocateOnAll(solo1, PARENT_SEG0, DUP));
        }
        w.proc(0).release(3);
        w.proc(1).release(2);
        Held held = new Held(w, a, PARENT_SEG0, 2);   // round 1: the empty eager AND; round 2: Fig. 3
        int bId;
        try {
            assertTrue(held.reached.await(5, TimeUnit.SECONDS), "A never reached its Fig. 3 round");
            bId = w.allocateOnAll(b, PARENT_SEG1, DUP);
        } finally {
            held.go.countDown();
        }
        assertEquals(6, bId);
        assertEquals(List.of(66, 66), held.join(), "A took an id of a segment it had not claimed");
    }

    /** A call on every member of {@code comm}, each held before its allreduce of round {@code round} until {@code go}. */
    static final class Held {
        final CountDownLatch reached, go = new CountDownLatch(1);
        private final List<Thread> threads = new ArrayList<>();
        private final List<AtomicReference<Object>> outcomes = new ArrayList<>();

        Held(SimWorld w, SimComm comm, int parent, int round) {
            reached = new CountDownLatch(comm.members.length);
            for (int p : comm.members) {
                AtomicInteger rounds = new AtomicInteger();
                AtomicReference<Object> outcome = new AtomicReference<>();
                MaskAllreduce allreduce = words -> {
                    if (rounds.incrementAndGet() == round) {
                        reached.countDown();
                        try {
                            if (!go.await(10, TimeUnit.SECONDS)) throw new AssertionError("never let go");
                        } catch (InterruptedException e) {
                            throw new AssertionError(e);
                        }
                    }
                    comm.at(p).allreduceBand(words);
                };
                outcomes.add(outcome);
                threads.add(Thread.ofPlatform().daemon(true).name("held@" + p).start(() ->
                        MultithreadedContextIdAllocatorTest.outcome(outcome, () -> w.proc(p).allocate(parent, DUP, allreduce))));
            }
        }

        /** Waits (bounded) for every member's call; their ids. */
        List<Integer> join() throws InterruptedException {
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < threads.size(); i++) {
                threads.get(i).join(WAIT);
                assertFalse(SimWorld.Workers.running(threads.get(i)), threads.get(i).getName() + " did not finish");
                Object o = outcomes.get(i).get();
                if (!(o instanceof Integer id)) throw new AssertionError("held call failed: " + o, (Throwable) o);
                ids.add(id);
            }
            return ids;
        }
    }
}
