package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.testkit.Races;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Races on the allocator's side paths, which the algorithm's own tests never reach concurrently: the error
 * path of a call whose allreduce fails ({@code abandon}) while other threads of the same process allocate,
 * {@link MaskContextIdAllocator#stats()} and {@code resetStats()} while allocations run, and a release
 * racing itself. One process, so the "allreduce" of
 * a good call is the identity (every member is this one); what the tests check is purely process-local:
 * no id is ever held by two calls at once, and a snapshot of the counters is one state of the allocator.
 * Each runs a fixed amount of work and stops at the first violation.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class SidePathRacesTest {
    private static final MaskAllreduce ONE_MEMBER = words -> { };

    /** A call that fails in its first (eager) round, or after a Fig. 3 round that not everyone owned. */
    private static final class FailingAllreduce implements MaskAllreduce {
        private boolean inFig3;

        @Override
        public void allreduceBand(long[] words) throws MpiException {
            if (inFig3) {
                throw new MpiException(ErrorClass.ERR_OTHER, "injected: a member left during a Fig. 3 round");
            }
            inFig3 = true;
            words[MultithreadedContextIdAllocator.OWNER_WORD] = 0;   // a peer did not own: go on to Fig. 3
        }
    }

    /**
     * Calls whose allreduce throws give back their claims ({@code abandon}) while two other threads allocate
     * and release ids of one eager segment. Capacity 6 with two eager segments of two ids each and no other
     * ids: the failing calls claim segment 0 (and, in their Fig. 3 round, lower {@code lowestKey}), the good
     * ones segment 1. If the give-back were not atomic with the others' claims under the lock, a good call's
     * fresh claim of segment 1 could be erased by the failing call's write of the in-use word, and the other
     * good call would take the same id from the same copy of the mask: an id held twice; or a stale write of
     * that word would mark a segment in use that nobody holds, for good.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFailingCallsGiveBackNeverLetsAnIdBeHeldTwice() throws InterruptedException {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(6, 4, 2, false);
        int failingTag = tagInSegment(0), goodTag = tagInSegment(1);
        Set<Integer> held = ConcurrentHashMap.newKeySet();
        AtomicReference<String> violation = new AtomicReference<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong failed = new AtomicLong(), taken = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        threads.add(Thread.ofPlatform().name("failing").start(() -> {
            while (!stop.get()) {
                try {
                    a.allocate(0, failingTag, new FailingAllreduce());
                    violation.compareAndSet(null, "a call whose allreduce failed returned an id");
                } catch (MpiException e) {
                    failed.incrementAndGet();
                }
            }
        }));
        for (int g = 0; g < 2; g++) {
            threads.add(Thread.ofPlatform().name("good-" + g).start(() -> {
                for (int i = 0; i < 200_000 && violation.get() == null; i++) {
                    int id;
                    try {
                        id = a.allocate(0, goodTag, ONE_MEMBER);
                    } catch (MpiException e) {
                        continue;                  // exhaustion is relative to a snapshot: allowed, not checked
                    }
                    if (!held.add(id)) {
                        violation.compareAndSet(null, "id " + id + " held by two calls at once, after "
                                + taken.get() + " allocations and " + failed.get() + " failed calls");
                        return;
                    }
                    taken.incrementAndGet();
                    held.remove(id);
                    a.release(id);
                }
            }));
        }
        for (int t = 1; t < threads.size(); t++) threads.get(t).join();
        stop.set(true);
        threads.get(0).join();
        assertEquals(null, violation.get());
        assertTrue(failed.get() > 0 && taken.get() > 0, "both kinds of call ran: " + failed + " failed, " + taken + " taken");
        assertEquals(4, a.freeCount(), "every id is free again: " + a);
        assertTrue(a.holdsNothing(), "every call gave back what it claimed (no segment, mask or key left held): " + a);
    }

    /**
     * {@link MaskContextIdAllocator#stats()} read while one thread allocates and releases, alone on its
     * process (one round and two lock acquisitions per call, {@code singleThreadNeedsOneRoundAndTwoLocksPerAllocate}):
     * every snapshot is a state between two calls, so it counts exactly twice as many acquisitions and as many
     * rounds as allocations, also when {@link MaskContextIdAllocator#resetStats()} runs between calls. A snapshot
     * read outside the lock can mix a call's allocation with the counts of the call before it; a reset outside
     * it can zero a call's allocation and keep its acquisitions.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aStatsSnapshotIsOneStateOfTheCounters() throws InterruptedException {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(64, MultithreadedContextIdAllocator.defaultEagerIds(64), 1, true);
        AtomicBoolean stop = new AtomicBoolean();
        Thread allocating = Thread.ofPlatform().name("allocating").start(() -> {
            while (!stop.get()) {
                try {
                    a.release(a.allocate(0, -1, ONE_MEMBER));
                } catch (MpiException e) {
                    throw new AssertionError("one thread alone ran out of ids", e);
                }
            }
        });
        try {
            long seen = 0;   // most allocations any snapshot counted
            for (int i = 0; i < 500_000; i++) {
                if (i % 1000 == 999) a.resetStats();   // a reset is one step too: never half of one
                ContextIdStats s = a.stats();
                assertEquals(2 * s.allocations(), s.lockAcquisitions(), "a torn snapshot: " + s);
                assertEquals(s.allocations(), s.allreduceRounds(), "a torn snapshot: " + s);
                seen = Math.max(seen, s.allocations());
            }
            assertTrue(seen > 0, "the allocating thread ran");
        } finally {
            stop.set(true);
            allocating.join();
        }
    }

    /**
     * Two threads release the same id at once, again and again (an erroneous program: an id freed twice): the
     * allocator's check that the id is not free and its setting of the bit are one critical section, so
     * exactly one of the two releases gets "released twice", never none. The rounds are {@link Races}', whose
     * threads start each round spinning, so they call {@code release} within about a hundred nanoseconds of
     * each other.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDoubleReleaseRacingItselfIsReportedExactlyOnce() {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(64, 0, 1, false);
        AtomicInteger id = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        IntConsumer release = r -> {
            try {
                a.release(id.get());
            } catch (IllegalStateException twice) {
                refused.incrementAndGet();
            }
        };
        Races.race(20_000, Duration.ofSeconds(10), r -> {
            try {
                id.set(a.allocate(0, -1, ONE_MEMBER));
            } catch (MpiException e) {
                throw new AssertionError(e);
            }
        }, release, release, r -> assertEquals(r + 1, refused.get(),
                "round " + r + ": one of the two releases of id " + id + " must fail"));
    }

    /** A createGroup-style tag whose key lands in eager segment {@code s} of two, on parent 0. */
    private static int tagInSegment(int s) {
        for (int tag = 0; ; tag++) {
            if (MultithreadedContextIdAllocator.segmentOf(0, tag, 2) == s) return tag;
        }
    }
}
