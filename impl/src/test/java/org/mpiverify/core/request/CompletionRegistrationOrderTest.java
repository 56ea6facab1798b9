package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;

/**
 * The order of a point-to-point wait's registration with the rank's blocked-thread registry (the path of
 * {@code ProgressRule}'s waits while nothing is outstanding; specs/progress, {@code P2PRegister}): the wait takes
 * its waiter slot before its last look at {@code done}, so a completion that comes after that look and before
 * the park finds the waiter in the slot and unparks it. With the registry the park has no timeout, so a wait
 * that took its slot only after the look (the spec mutant that publishes the registry entry first, and the
 * twin {@code RegisterAfterCheckCompletion}) sleeps through its completion for good. The completion comes from
 * another thread exactly at the end of the wait's last look (its stop condition, ProgressRule's "a schedule is
 * outstanding now", read after {@code done}), so no race has to land there.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompletionRegistrationOrderTest {
    private static final WaitPolicy NO_SPIN = new WaitPolicy(0, 0, 0, 50_000_000);

    /** A completion's wait with a stop condition and a registry, and its signal (the class and its twin share no type). */
    private interface Waitable {
        boolean await(BooleanSupplier stops, BlockedThreads blocked);

        void signal();
    }

    @Test
    void aCompletionBetweenTheLastLookAndTheParkWakesTheWaiter() throws InterruptedException {
        Completion c = new Completion();
        completionAtTheLastLook(new Waitable() {
            public boolean await(BooleanSupplier stops, BlockedThreads blocked) {
                return c.await(stops, NO_SPIN, null, blocked);
            }

            public void signal() {
                c.signal();
            }
        });
    }

    @TwinTest
    void aSlotTakenAfterTheLookIsCaught() {
        RegisterAfterCheckCompletion c = new RegisterAfterCheckCompletion();
        Throwable e = KnownBad.assertRejected("RegisterAfterCheckCompletion", () -> completionAtTheLastLook(new Waitable() {
            public boolean await(BooleanSupplier stops, BlockedThreads blocked) {
                return c.await(stops, NO_SPIN, null, blocked);
            }

            public void signal() {
                c.signal();
            }
        }));
        assertTrue(e.getMessage().contains("lost wake-up"), e.getMessage());
    }

    private static void completionAtTheLastLook(Waitable c) throws InterruptedException {
        AtomicBoolean completed = new AtomicBoolean();
        BooleanSupplier stops = () -> {   // the wait's last look: done was false; the message arrives now
            if (completed.compareAndSet(false, true)) {
                Thread completer = Thread.ofPlatform().name("completer").start(c::signal);
                try {
                    completer.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return false;
        };
        AtomicBoolean returned = new AtomicBoolean();
        // a daemon: a waiter that lost its wake-up parks without a timeout, and must not keep the test JVM alive
        Thread waiter = Thread.ofPlatform().name("waiter").daemon(true).start(() -> returned.set(c.await(stops, new BlockedThreads())));
        waiter.join(Duration.ofSeconds(2));   // woken, it returns in microseconds
        assertTrue(completed.get(), "the wait looked before parking");
        assertTrue(returned.get() && !waiter.isAlive(), "a completion after the wait's last look did not wake it (a lost "
                + "wake-up: the waiter slot was not taken before the look); the waiter is " + waiter.getState());
    }
}
