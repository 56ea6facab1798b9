package org.mpiverify.locks.programs;

import java.util.concurrent.Semaphore;

/**
 * Known bad, and its good twin: {@code sendLeaky} takes a permit and returns it only on the normal path,
 * so the failing send keeps it; {@code sendSafe} returns it in a {@code finally}. Both calls fail once.
 * The agent must report the permit leaked by {@code sendLeaky}, on its exception path, and nothing for
 * {@code sendSafe}.
 */
public final class LeakOnException {
    /** The "MPI library": a pool of 4 send credits. */
    public static final class Library {
        static final Semaphore CREDITS = new Semaphore(4);

        public static void sendLeaky(int size) throws InterruptedException {
            CREDITS.acquire();
            check(size);
            CREDITS.release();
        }

        public static void sendSafe(int size) throws InterruptedException {
            CREDITS.acquire();
            try {
                check(size);
            } finally {
                CREDITS.release();
            }
        }

        private static void check(int size) {
            if (size < 0) {
                throw new IllegalArgumentException("negative message size " + size);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Library.sendLeaky(8);
        Library.sendSafe(8);
        try {
            Library.sendLeaky(-1);
        } catch (IllegalArgumentException expected) {
            System.out.println("sendLeaky failed as planned: " + expected.getMessage());
        }
        try {
            Library.sendSafe(-1);
        } catch (IllegalArgumentException expected) {
            System.out.println("sendSafe failed as planned: " + expected.getMessage());
        }
        System.out.println("permits left " + Library.CREDITS.availablePermits());
    }
}
