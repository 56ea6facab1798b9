package org.mpiverify.jcstress.mpi;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * How the progress-engine races of jcstress judge a waiter without hanging jcstress: the waiter runs on a
 * virtual thread of its own, and once the sample's actors are done (every event has been signalled) the
 * arbiter gives it a generous bound to return. A waiter still parked at the bound was not woken by anyone
 * (a lost wake-up: nothing else is left to wake it); the arbiter then unparks it itself, so it polls, finds
 * its schedule done and ends. Each lost wake-up costs the bound, so after the first one in a JVM (the test
 * has already failed) later samples are not waited for: their waiters are unparked at once and the samples
 * are reported as not judged.
 */
public final class WaiterThreads {
    /** A waiter that returns at all does so within microseconds; a second leaves room for a loaded machine. */
    static final Duration BOUND = Duration.ofSeconds(1);
    /** Sample outcomes. */
    public static final int RETURNED = 1, LOST_WAKE_UP = 0, NOT_JUDGED = -1;

    private WaiterThreads() {}

    /**
     * Waits (bounded) for {@code waiter} to end; {@link #RETURNED}, {@link #LOST_WAKE_UP} or {@link #NOT_JUDGED}
     * ({@code lostBefore}: a lost wake-up was already seen in this JVM). A waiter left parked is unparked.
     */
    public static int judge(Thread waiter, boolean lostBefore) {
        try {
            if (waiter.join(lostBefore ? Duration.ZERO : BOUND)) {
                return RETURNED;
            }
            LockSupport.unpark(waiter);   // let it poll again and end
            waiter.join(BOUND);
            return lostBefore ? NOT_JUDGED : LOST_WAKE_UP;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NOT_JUDGED;
        }
    }
}
