package org.mpiverify.locks.programs;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Known good: the same opposite orders as {@link OppositeOrder}, but both threads take a common gate lock
 * first, so the two orders can never interleave. The agent must see the cycle and must not report it as
 * a potential deadlock (GoodLock with gate locks).
 */
public final class GateLocked {
    /** The "MPI library". */
    public static final class Library {
        static final ReentrantLock GATE = new ReentrantLock();
        static final ReentrantLock A = new ReentrantLock();
        static final ReentrantLock B = new ReentrantLock();
        static int counter;

        public static void sendPath() {
            GATE.lock();
            try {
                A.lock();
                try {
                    B.lock();
                    counter++;
                    B.unlock();
                } finally {
                    A.unlock();
                }
            } finally {
                GATE.unlock();
            }
        }

        public static void recvPath() {
            GATE.lock();
            try {
                B.lock();
                try {
                    A.lock();
                    counter++;
                    A.unlock();
                } finally {
                    B.unlock();
                }
            } finally {
                GATE.unlock();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = Thread.ofPlatform().name("sender").start(Library::sendPath);
        Thread t2 = Thread.ofPlatform().name("receiver").start(Library::recvPath);
        t1.join();
        t2.join();
        System.out.println("counter " + Library.counter);
    }
}
