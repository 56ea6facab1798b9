package org.mpiverify.locks.programs;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Known bad: two threads take two locks in opposite orders, one after the other, so the run itself never
 * deadlocks; the lock-order graph still has the cycle. Twice: with {@code ReentrantLock}s and with
 * monitors. The agent must report both cycles as potential deadlocks.
 */
public final class OppositeOrder {
    /** The "MPI library": its two calls take the locks in opposite orders. */
    public static final class Library {
        static final ReentrantLock A = new ReentrantLock();
        static final ReentrantLock B = new ReentrantLock();
        static final Object M = new Object();
        static final Object N = new Object();
        static int counter;

        public static void sendPath() {
            A.lock();
            try {
                B.lock();
                try {
                    counter++;
                } finally {
                    B.unlock();
                }
            } finally {
                A.unlock();
            }
            synchronized (M) {
                synchronized (N) {
                    counter++;
                }
            }
        }

        public static void recvPath() {
            B.lock();
            try {
                A.lock();
                try {
                    counter++;
                } finally {
                    A.unlock();
                }
            } finally {
                B.unlock();
            }
            synchronized (N) {
                synchronized (M) {
                    counter++;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = Thread.ofPlatform().name("sender").start(Library::sendPath);
        t1.join();                                   // strictly one after the other: no deadlock can happen
        Thread t2 = Thread.ofPlatform().name("receiver").start(Library::recvPath);
        t2.join();
        System.out.println("counter " + Library.counter);
    }
}
