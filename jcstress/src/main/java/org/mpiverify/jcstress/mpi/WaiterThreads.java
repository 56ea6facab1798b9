package org.mpiverify.jcstress.mpi;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How the progress-engine races of jcstress judge a waiter without hanging jcstress and without a timing
 * guess: the waiter runs on a virtual thread of its own, and once the sample's actors and every other
 * thread that could wake it (its wakers) have ended, it has either returned or it is parked in the
 * engine's own park ({@code LockSupport.park} with the engine's blocker), where nothing is left to unpark
 * it: a lost wake-up. A parked virtual thread shows {@code WAITING} only once it is fully parked (an unpark
 * before or during its park leaves it runnable), so the verdict does not depend on how long anything took.
 * A waiter that is still runnable (a loaded machine gives its carrier no processor) or parked elsewhere (a
 * short lock of the shared job) is looked at again every {@link #SLICE}, up to {@link #BOUND}, after which
 * the sample is not judged. A lost waiter is unparked, so that it polls again and ends.
 */
public final class WaiterThreads {
    /** Sample outcomes. */
    public static final int RETURNED = 1, LOST_WAKE_UP = 0, NOT_JUDGED = -1;
    static final Duration SLICE = Duration.ofMillis(10);
    static final long BOUND_NANOS = 10_000_000_000L;

    private WaiterThreads() {}

    /**
     * Judges {@code waiter} once the actors are done: {@link #RETURNED}, {@link #LOST_WAKE_UP} (parked on
     * {@code blocker} after every one of {@code wakers} ended) or {@link #NOT_JUDGED} (not settled in time).
     */
    public static int judge(Thread waiter, Object blocker, Thread... wakers) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        try {
            for (Thread w : wakers) {
                if (!w.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) {
                    return NOT_JUDGED;
                }
            }
            while (!waiter.join(SLICE)) {
                if (waiter.getState() == Thread.State.WAITING && LockSupport.getBlocker(waiter) == blocker) {
                    LockSupport.unpark(waiter);   // let it poll again and end
                    return LOST_WAKE_UP;
                }
                if (System.nanoTime() - deadline > 0) {
                    return NOT_JUDGED;
                }
            }
            return RETURNED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NOT_JUDGED;
        }
    }

    /**
     * Judges {@code waiter} against a {@code poller} that stays in its role (it never ends): a lost wake-up
     * is both parked on {@code blocker} while {@code target} is not done. Neither can then be woken: an
     * unpark leaves a virtual thread runnable until it has run, and the poller, once run, polls the target
     * to done. {@link #RETURNED}, {@link #LOST_WAKE_UP} or {@link #NOT_JUDGED}, as {@link #judge}; a lost
     * waiter is unparked, and the caller ends the poller's wait.
     */
    public static int judgeBesidePoller(Thread waiter, Object blocker, Thread poller, BooleanSupplier targetDone) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        try {
            while (!waiter.join(SLICE)) {
                if (parkedOn(waiter, blocker) && parkedOn(poller, blocker) && !targetDone.getAsBoolean()) {
                    LockSupport.unpark(waiter);   // let it poll again and end
                    return LOST_WAKE_UP;
                }
                if (System.nanoTime() - deadline > 0) {
                    return NOT_JUDGED;
                }
            }
            return RETURNED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NOT_JUDGED;
        }
    }

    /** Bound on waiting for a poller to park before a sample (it needs a carrier thread). */
    static final long PARK_BOUND_NANOS = 1_000_000_000L;

    /** Waits (bounded) until {@code t} is parked; nothing unparks it before the sample. True if it is. */
    public static boolean awaitParked(Thread t) {
        long deadline = System.nanoTime() + PARK_BOUND_NANOS;
        while (t.getState() != Thread.State.WAITING) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.yield();           // the virtual thread needs a carrier; on two cores, give this one up
        }
        return true;
    }

    private static boolean parkedOn(Thread t, Object blocker) {
        return t.getState() == Thread.State.WAITING && LockSupport.getBlocker(t) == blocker;
    }
}
