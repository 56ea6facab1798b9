package org.mpiverify.locks.programs;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Known bad, and its good twins: {@code recvHolding} parks while holding a lock it took inside the call
 * (Gropp &amp; Thakur's Fig. 2 mistake); {@code recvReleasing} releases the lock before it parks;
 * {@code awaitOwnCondition} and {@code waitOwnMonitor} block on the condition or monitor of the one lock
 * they hold, which the wait itself releases; {@code recvNestingSpinLock} holds the lock while it takes a
 * hand-made spin lock whose acquire backs off with a park (lock nesting, not a blocking wait, once the
 * agent is told with {@code spinlocks=} that {@code spinAcquire} acquires a lock). The agent must report
 * {@code recvHolding} only, and {@code recvNestingSpinLock} too without {@code spinlocks=}.
 */
public final class ParkWhileHolding {
    /** The "MPI library". */
    public static final class Library {
        static final ReentrantLock LOCK = new ReentrantLock();
        static final Condition ARRIVED = LOCK.newCondition();
        static final Object MONITOR = new Object();
        static final AtomicBoolean SPIN = new AtomicBoolean();

        public static void recvHolding() {
            LOCK.lock();
            try {
                LockSupport.parkNanos(Library.class, TimeUnit.MILLISECONDS.toNanos(1));
            } finally {
                LOCK.unlock();
            }
        }

        public static void recvNestingSpinLock() {
            LOCK.lock();
            try {
                spinAcquire();
                SPIN.set(false);
            } finally {
                LOCK.unlock();
            }
        }

        /** A hand-made lock's acquire: a CAS loop that backs off with a timed park (here once, before it tries). */
        static void spinAcquire() {
            LockSupport.parkNanos(Library.class, TimeUnit.MICROSECONDS.toNanos(100));
            while (!SPIN.compareAndSet(false, true)) {
                LockSupport.parkNanos(Library.class, TimeUnit.MICROSECONDS.toNanos(100));
            }
        }

        public static void recvReleasing() {
            LOCK.lock();
            LOCK.unlock();
            LockSupport.parkNanos(Library.class, TimeUnit.MILLISECONDS.toNanos(1));
        }

        public static void awaitOwnCondition() throws InterruptedException {
            LOCK.lock();
            try {
                ARRIVED.await(1, TimeUnit.MILLISECONDS);
            } finally {
                LOCK.unlock();
            }
        }

        public static void waitOwnMonitor() throws InterruptedException {
            synchronized (MONITOR) {
                MONITOR.wait(1);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = Thread.ofPlatform().name("receiver").start(() -> {
            Library.recvHolding();
            Library.recvNestingSpinLock();
            Library.recvReleasing();
            try {
                Library.awaitOwnCondition();
                Library.waitOwnMonitor();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        t.join();
        System.out.println("done");
    }
}
