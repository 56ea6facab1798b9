package org.mpiverify.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The matching engines' context lock excludes, hands over, stops spinning at its bound (a waiter
 * behind a long holder ends up parked, not burning a core) and refuses an unlock by a non-owner.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpinThenParkLockTest {

    @Test
    void excludesUnderContention() throws Exception {
        SpinThenParkLock lock = new SpinThenParkLock();
        int[] counter = {0};                      // plain: only the lock orders the increments
        int threads = 4, each = 200_000;
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            ts[i] = Thread.ofPlatform().start(() -> {
                for (int k = 0; k < each; k++) {
                    lock.lock();
                    try {
                        counter[0] = counter[0] + 1;
                    } finally {
                        lock.unlock();
                    }
                }
            });
        }
        for (Thread t : ts) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(t.isAlive(), "a locker is still running");
        }
        assertEquals(threads * each, counter[0]);
        assertFalse(lock.isLocked());
    }

    @Test
    void aWaiterBehindALongHolderParksAndIsWokenByTheUnlock() throws Exception {
        SpinThenParkLock lock = new SpinThenParkLock();
        AtomicBoolean acquired = new AtomicBoolean();
        lock.lock();
        Thread waiter = Thread.ofPlatform().start(() -> {
            lock.lock();
            acquired.set(true);
            lock.unlock();
        });
        // The spin and yield phases are bounded, so the waiter must reach the queue and park.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!(waiter.getState() == Thread.State.WAITING && lock.hasQueuedThreads())) {
            assertTrue(System.nanoTime() - deadline < 0, "waiter never parked: state " + waiter.getState());
            Thread.onSpinWait();
        }
        assertFalse(acquired.get());
        lock.unlock();
        waiter.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(waiter.isAlive(), "the unlock did not wake the parked waiter");
        assertTrue(acquired.get());
    }

    @Test
    void tryLockFailsWhileHeldAndOnlyTheOwnerUnlocks() throws Exception {
        SpinThenParkLock lock = new SpinThenParkLock();
        lock.lock();
        boolean[] tried = new boolean[1];
        Throwable[] unlockError = new Throwable[1];
        Thread other = Thread.ofPlatform().start(() -> {
            tried[0] = lock.tryLock();
            try {
                lock.unlock();
            } catch (Throwable t) {
                unlockError[0] = t;
            }
        });
        other.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(tried[0], "tryLock succeeded on a held lock");
        assertTrue(unlockError[0] instanceof IllegalMonitorStateException, "unlock by a non-owner: " + unlockError[0]);
        assertTrue(lock.isLocked(), "a refused unlock must leave the lock held");
        lock.unlock();
        assertFalse(lock.isLocked());
        assertThrows(IllegalMonitorStateException.class, lock::unlock);
    }

    @Test
    void timedTryLockGivesUpAndSucceedsOnceFree() throws Exception {
        SpinThenParkLock lock = new SpinThenParkLock();
        lock.lock();
        boolean[] got = new boolean[2];
        Thread other = Thread.ofPlatform().start(() -> {
            try {
                got[0] = lock.tryLock(10, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(got[0]);
        lock.unlock();
        got[1] = lock.tryLock(1, TimeUnit.SECONDS);
        assertTrue(got[1]);
        lock.unlock();
    }
}
