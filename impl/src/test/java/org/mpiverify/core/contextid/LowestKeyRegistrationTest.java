package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.HandoffLock;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Fig. 3's priority rule on one process: whatever order its threads' calls reach the lock in, the lowest
 * key among the calls waiting for the mask is the one registered in {@code lowestKey}. The rule's progress
 * argument rests on it (the lowest waiting key is registered before the owner leaves, so no higher key takes
 * the mask ahead of it); safety does not, so a registration lost to a check-then-act changes no id and the
 * allocation tests cannot see it.
 *
 * <p>Each test runs two Fig. 3 steps ({@code enterRound}, {@code finishRound}; a round's AND is the process's
 * own offer, as on a one-member communicator) on two threads, on a fresh allocator guarded by a
 * {@link HandoffLock}: the test holds the lock, queues the two threads behind it in a chosen order, lets them
 * in, and checks the registration once both returned. Both orders run, alternately. The handoff lock is what
 * makes a split visible: a call that checked under the lock and acts after an unlock and a re-lock lets the
 * other queued thread in between every time, where a plain {@code ReentrantLock}'s unlocker barges back in
 * first (a refused call's check-then-act split in two survived 20,000 rounds of two threads racing on a plain
 * lock).
 *
 * <p>Keys {@code (0, 3) < (0, 7) < (0, 10)}: {@link #LOW} must end registered in every test, in either order.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class LowestKeyRegistrationTest {
    private static final long LOW = ContextIdKey.of(0, 3), MIDDLE = ContextIdKey.of(0, 7), HIGH = ContextIdKey.of(0, 10);
    private static final int ROUNDS = 100;
    private static final long BOUND_MILLIS = 10_000;

    /** One Fig. 3 round of one call: its key, its buffer and counters, and what its enterRound returned. */
    private static final class Call {
        final long key;
        final long[] words = new long[MultithreadedContextIdAllocator.BUFFER_WORDS];
        final int[] counts = new int[3];
        int own;

        Call(long key) {
            this.key = key;
        }

        Call enter(MultithreadedContextIdAllocator a) {
            own = a.enterRound(key, false, words, counts, null);
            return this;
        }

        /** The round's end; the AND of one member's offer is that offer. */
        int finish(MultithreadedContextIdAllocator a) {
            return a.finishRound(key, false, own, words, counts, null);
        }

        boolean ownsTheMask() {
            return (own & MultithreadedContextIdAllocator.OWN_MAIN) != 0;
        }
    }

    /**
     * While a call with key {@link #HIGH} holds the mask, calls with {@link #MIDDLE} and {@link #LOW} are
     * refused and each lowers {@code lowestKey} to its key if its key is lower: one step, check and write, or
     * the middle call can write its key over the low one's after checking against the owner's.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void twoRefusedCallsLeaveTheLowerKeyRegistered() throws InterruptedException {
        for (int r = 0; r < ROUNDS; r++) {
            MultithreadedContextIdAllocator a = fresh();
            assertTrue(new Call(HIGH).enter(a).ownsTheMask(), "the first call takes the free mask");
            race(a, r, () -> refused(a, MIDDLE), () -> refused(a, LOW));
        }
    }

    private static void refused(MultithreadedContextIdAllocator a, long key) {
        assertEquals(0, new Call(key).enter(a).own, "the mask is held: a Fig. 3 round of " + ContextIdKey.toString(key) + " owns nothing");
    }

    /**
     * Two calls reach a free mask: the first to get the lock takes it and registers its key, the other is
     * refused and lowers the registration if its key is lower. If the owner's registration were a step apart
     * from its claim, a lower key refused in between would be overwritten by the owner's higher one.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anOwnersRegistrationNeverRaisesALowerWaitingKey() throws InterruptedException {
        for (int r = 0; r < ROUNDS; r++) {
            MultithreadedContextIdAllocator a = fresh();
            race(a, r, () -> new Call(MIDDLE).enter(a), () -> new Call(LOW).enter(a));
        }
    }

    /**
     * The owner ({@link #MIDDLE}) ends its round while a lower key asks for the mask; the owner resets the
     * registration only if it is still its own. Either the low call comes first (refused, it registers; the
     * owner leaves that registration alone) or after (the mask is free: it takes it and registers): the low
     * key is registered either way. A reset a step apart from its check would erase the low key's registration.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anOwnerLeavingKeepsTheRegistrationOfALowerKeyThatArrived() throws InterruptedException {
        for (int r = 0; r < ROUNDS; r++) {
            MultithreadedContextIdAllocator a = fresh();
            Call owner = new Call(MIDDLE).enter(a);
            assertTrue(owner.ownsTheMask(), "the first call takes the free mask");
            race(a, r, () -> assertTrue(owner.finish(a) >= 0, "the owner of a one-member round takes an id"),
                    () -> new Call(LOW).enter(a));
        }
    }

    private static MultithreadedContextIdAllocator fresh() {
        return new MultithreadedContextIdAllocator(64, 0, 1, false, new HandoffLock());
    }

    /**
     * Queues {@code first} then {@code second} behind the allocator's lock (swapped in odd rounds), lets them
     * in, waits for both and checks that {@link #LOW} is registered.
     */
    private static void race(MultithreadedContextIdAllocator a, int round, Runnable first, Runnable second)
            throws InterruptedException {
        boolean swapped = round % 2 == 1;
        ((HandoffLock) a.lock).runQueued(BOUND_MILLIS, swapped ? second : first, swapped ? first : second);
        assertEquals(ContextIdKey.toString(LOW), ContextIdKey.toString(a.lowestKey()),
                "round " + round + " (" + (swapped ? "second" : "first") + " action queued first):"
                        + " the lowest waiting key must be the one registered: " + a);
    }
}
