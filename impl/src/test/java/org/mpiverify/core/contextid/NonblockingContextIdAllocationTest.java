package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@link NonblockingContextIdAllocation} on one process's allocator, the other member simulated: each
 * round's allreduce is a schedule the test completes when it likes, with the other member's mask and
 * ownership word chosen per round. Checks the ordering rule against the blocking algorithm (the TLA+
 * actions IdupMayOwn and IdupLowers of {@code NonblockingContextIds.tla}), exhaustion on an all-owned
 * empty round, and that a failed round gives back what it owned.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NonblockingContextIdAllocationTest {
    static final int IDUP_TAG = 4096;

    /** A round's allreduce whose completion the test decides: the other member's words are ANDed in then. */
    static final class Round extends Schedule {
        final long[] words;
        volatile boolean open;
        volatile boolean otherOwns = true;
        volatile boolean fail;

        Round(long[] words) {
            this.words = words;
        }

        @Override
        protected boolean advance() {
            if (fail) throw new MpiException(ErrorClass.ERR_OTHER, "the allreduce failed");
            if (!open) return false;
            if (!otherOwns) words[MultithreadedContextIdAllocator.OWNER_WORD] = 0;   // other member's mask: all free
            return true;
        }
    }

    /** The rounds an idup started, in order; the first {@code openRounds} complete at once, the others when opened. */
    static final class Rounds implements MaskIallreduce {
        final List<Round> started = new CopyOnWriteArrayList<>();
        final int openRounds;

        Rounds(int openRounds) {
            this.openRounds = openRounds;
        }

        @Override
        public Schedule start(long[] words) {
            Round r = new Round(words);
            r.open = started.size() < openRounds;
            started.add(r);
            return r;
        }

        Round last() {
            return started.get(started.size() - 1);
        }
    }

    /** The other member always owns and has every id free; the allreduce is immediate. */
    static final MaskAllreduce OTHER_OWNS = words -> { };

    /**
     * An idup owns the mask in a Fig. 3 round; a blocking dup with a lower key is refused and lowers
     * lowestKey; the idup's round fails (the other member did not own). At its next mask copy the idup
     * must yield: the dup gets the mask and finishes while the idup still waits. An idup that ignored the
     * priority rule would take the mask again and hold the dup off for as long as its rounds fail.
     */
    @Test
    void anIdupYieldsToALowerKeyedBlockingCallRefusedWhileItOwnedTheMask() throws Exception {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(10, 0, false);
        Rounds rounds = new Rounds(1);             // the eager round completes at once; the Fig. 3 rounds wait
        NonblockingContextIdAllocation idup = a.allocateNonblocking(1, IDUP_TAG, rounds, id -> id);
        assertFalse(idup.progress(), "eager round (empty segment), then a Fig. 3 round that owns the mask");
        assertEquals(ContextIdKey.of(1, IDUP_TAG), a.lowestKey(), "the idup owns the mask");

        // The dup's round in which it owns the mask is held open until the test has looked at the idup's next
        // copy: without the gate the dup could take the mask and finish between the idup's round end and its
        // next copy, and an idup that owns after the dup left is legal (seen once in a run of the whole module).
        CountDownLatch dupOwns = new CountDownLatch(1), release = new CountDownLatch(1);
        MaskAllreduce gated = words -> {
            if (words[MultithreadedContextIdAllocator.OWNER_WORD] != 0) {
                dupOwns.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        CompletableFuture<Integer> dup = CompletableFuture.supplyAsync(() -> a.allocate(0, -1, gated));
        long dupKey = ContextIdKey.of(0, -1);
        while (a.lowestKey() != dupKey) {          // the dup was refused and made the idup's successors yield
            assertFalse(dup.isDone(), "the dup cannot finish while the idup owns the mask");
            LockSupport.parkNanos(100_000);
        }
        Round owned = rounds.last();
        owned.otherOwns = false;
        owned.open = true;
        assertFalse(idup.progress(), "the round failed on the other member: the idup goes on");
        Round next = rounds.last();
        assertNotEquals(owned, next);
        assertEquals(0, next.words[MultithreadedContextIdAllocator.OWNER_WORD], "the idup's copy after the dup's refusal does not own");
        assertTrue(dupOwns.await(30, TimeUnit.SECONDS), "the dup got the mask at its next round");
        release.countDown();
        int dupId = dup.get(30, TimeUnit.SECONDS);
        next.open = true;
        while (!idup.progress()) {
            rounds.last().open = true;
        }
        assertInstanceOf(Integer.class, idup.result());
        assertNotEquals(dupId, (int) (Integer) idup.result());
        assertEquals(ContextIdKey.NONE, a.lowestKey(), "both left: lowestKey reset");
    }

    /** Every member owned and the AND of a Fig. 3 round is empty: the idup fails with ERR_OTHER, no retry. */
    @Test
    void anAllOwnedEmptyRoundFailsTheIdup() {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(4, 0, false);   // ids 2, 3
        assertEquals(2, a.allocate(0, -1, OTHER_OWNS));
        assertEquals(3, a.allocate(0, -1, OTHER_OWNS));
        Rounds rounds = new Rounds(Integer.MAX_VALUE);
        NonblockingContextIdAllocation idup = a.allocateNonblocking(1, IDUP_TAG, rounds, id -> id);
        assertTrue(idup.progress(), "eager round, then one Fig. 3 round, all owned, empty: done");
        assertEquals(ErrorClass.ERR_OTHER, idup.failure().errorClass());
        assertEquals(2, rounds.started.size());
        a.release(2);
        assertEquals(2, a.allocate(0, -1, OTHER_OWNS), "the failed idup left the mask free to take");
    }

    /** The allreduce of an owning round fails (an abort): the idup fails and gives back the mask. */
    @Test
    void aFailedRoundGivesBackWhatItOwned() {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(10, 0, false);
        Rounds rounds = new Rounds(1);
        NonblockingContextIdAllocation idup = a.allocateNonblocking(1, IDUP_TAG, rounds, id -> id);
        assertFalse(idup.progress());
        rounds.last().fail = true;
        assertTrue(idup.progress());
        assertEquals(ErrorClass.ERR_OTHER, idup.failure().errorClass());
        assertEquals(ContextIdKey.NONE, a.lowestKey());
        assertEquals(2, a.allocate(0, -1, OTHER_OWNS), "the mask is free again");
    }

    /** A one-member idup that lost a round is woken by the owner giving the mask back (onRoundEnd). */
    @Test
    void theOwnersRoundEndWakesAnIdupThatLostARound() throws Exception {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(10, 0, false);
        AtomicInteger wakeUps = new AtomicInteger();
        a.onRoundEnd(wakeUps::incrementAndGet);
        Rounds blocking = new Rounds(1);
        NonblockingContextIdAllocation first = a.allocateNonblocking(0, IDUP_TAG, blocking, id -> id);
        assertFalse(first.progress(), "owns the mask, its round held open");
        Rounds second = new Rounds(Integer.MAX_VALUE);
        NonblockingContextIdAllocation other = a.allocateNonblocking(0, IDUP_TAG + 1, second, id -> id);
        assertFalse(other.progress(), "refused (mask in use): one lost round, then it waits");
        int before = wakeUps.get();
        blocking.last().open = true;
        assertTrue(first.progress());
        assertTrue(wakeUps.get() > before, "the owner's round end signals");
        assertTrue(other.progress(), "the next poll after the signal takes the mask and an id");
        assertNotEquals(first.result(), other.result());
    }
}
