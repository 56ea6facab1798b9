package org.mpiverify.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
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

    /**
     * A waiter that was unparked before it queued for the lock keeps that permit: its next park returns.
     * The protocol that needs it: a progress-engine poller checks its event count, registers in the job's
     * {@link BlockedThreads} (this lock, per stripe) and parks; a signal between the check and the park
     * unparks it. When the stripe lock was contended, the queue's park used up that permit and the poller
     * slept for good (the idup2 jobs of {@code bench fig4-gt} hung, about 1 in 100 at 8 ranks).
     */
    @Test
    void aPermitGivenBeforeQueueingSurvivesTheQueue() throws Exception {
        SpinThenParkLock lock = new SpinThenParkLock();
        AtomicBoolean mayLock = new AtomicBoolean();
        AtomicBoolean parkReturned = new AtomicBoolean();
        lock.lock();
        Thread waiter = Thread.ofPlatform().start(() -> {
            while (!mayLock.get()) {
                Thread.onSpinWait();            // bounded by the test's deadline below
            }
            lock.lock();                        // queues behind the holder: the permit is there already
            lock.unlock();
            LockSupport.park(this);             // must return at once on the permit given before lock()
            parkReturned.set(true);
        });
        LockSupport.unpark(waiter);             // the signal that arrives between a waiter's check and its park
        mayLock.set(true);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!(waiter.getState() == Thread.State.WAITING && lock.hasQueuedThreads())) {
            assertTrue(System.nanoTime() - deadline < 0, "waiter never queued: state " + waiter.getState());
            Thread.onSpinWait();
        }
        lock.unlock();
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        boolean lost = waiter.isAlive();
        LockSupport.unpark(waiter);             // let it end either way
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(lost, "the lock's queue used up the permit: the waiter's next park slept through its signal");
        assertTrue(parkReturned.get());
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
