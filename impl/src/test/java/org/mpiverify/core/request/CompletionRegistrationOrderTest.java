package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.WaitPoint;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * The order of a point-to-point wait's registration (specs/progress, {@code P2PRegister}): a wait with the rank's
 * blocked-thread registry takes its waiter slot before its last look at {@code done}, so a completion that
 * happens after that look and before the park finds the waiter in the slot and unparks it. The spec mutant that
 * publishes the registry entry and looks before it takes the slot (a lost wake-up: the completer finds no waiter,
 * the waiter parks without a timeout) is a mistake this code does not make; the completion here comes exactly
 * at the wait's {@link WaitPoint.Phase#LOOKED} point, from another thread, so no race has to land there.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompletionRegistrationOrderTest {
    private static final WaitPolicy NO_SPIN = new WaitPolicy(0, 0, 0, 50_000_000);

    @Test
    void aCompletionBetweenTheLastLookAndTheParkWakesTheWaiter() throws InterruptedException {
        Completion c = new Completion();
        AtomicBoolean completed = new AtomicBoolean();
        BlockedThreads blocked = new BlockedThreads(1, (wait, phase) -> {
            if (wait == WaitPoint.Wait.COMPLETION && phase == WaitPoint.Phase.LOOKED && completed.compareAndSet(false, true)) {
                Thread completer = Thread.ofPlatform().name("completer").start(c::signal);   // the message arrives now
                try {
                    completer.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        AtomicBoolean returned = new AtomicBoolean();
        // a daemon: a waiter that lost its wake-up parks without a timeout, and must not keep the test JVM alive
        Thread waiter = Thread.ofPlatform().name("waiter").daemon(true).start(() -> returned.set(c.await(() -> false, NO_SPIN, null, blocked)));
        waiter.join(Duration.ofSeconds(10));
        assertTrue(completed.get(), "the wait reached its last look before parking");
        assertTrue(returned.get() && !waiter.isAlive(), "a completion after the wait's last look did not wake it: "
                + "the waiter slot was not taken before the look (lost wake-up); waiter " + waiter.getState());
    }
}
