package org.mpiverify.mpi;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.core.sync.WaitPoint;

/**
 * Makes one thing happen (an abort, a poller leaving) exactly once, at one point of one kind of wait, in one
 * of the threads a test names: deterministic injection, not a race that a sleep hopes to win. The points
 * {@link At#BEFORE_REGISTRATION} and {@link At#LOOKED} run the action in the waiting thread when it reaches
 * them; {@link At#PARKED} and {@link At#WOKEN} are driven by the test: it waits for the thread that
 * {@link #looked() looked} to be parked ({@link #awaitParked}), then runs the action from outside (PARKED), or
 * unparks it and lets the action run at its {@link WaitPoint.Phase#WOKEN} point, before it looks again (WOKEN).
 *
 * <p>Thread safety: {@link #reached} is called by any number of waiting threads at once; the action runs at
 * most once.
 */
final class WaitPointInjection implements WaitPoint {
    /** The four points of a wait at which the action lands. */
    enum At { BEFORE_REGISTRATION, LOOKED, PARKED, WOKEN }

    private final Wait wait;
    private final At at;
    private final Set<Thread> targets = ConcurrentHashMap.newKeySet();
    private volatile Runnable action;
    private volatile boolean armed;
    /** WOKEN: set by the test just before it unparks the thread that looked. */
    private volatile boolean wokenByTest;
    private final AtomicReference<Thread> looked = new AtomicReference<>();
    private final AtomicBoolean ran = new AtomicBoolean();
    private final CountDownLatch done = new CountDownLatch(1);

    WaitPointInjection(Wait wait, At at) {
        this.wait = wait;
        this.at = at;
    }

    Wait waitKind() {
        return wait;
    }

    At at() {
        return at;
    }

    /** The action to run at the point (set before {@link #arm}). */
    void action(Runnable a) {
        action = a;
    }

    /** Only {@code t}'s waits count (add each target thread before it starts). */
    void target(Thread t) {
        targets.add(t);
    }

    /** From now on the point counts (waits of the set-up before this are ignored). */
    void arm() {
        armed = true;
    }

    @Override
    public void reached(Wait w, Phase phase) {
        if (!armed || w != wait || !targets.contains(Thread.currentThread())) {
            return;
        }
        switch (at) {
            case BEFORE_REGISTRATION -> {
                if (phase == Phase.BEFORE_REGISTRATION) run();
            }
            case LOOKED -> {
                if (phase == Phase.LOOKED) run();
            }
            case PARKED -> {
                if (phase == Phase.LOOKED) looked.compareAndSet(null, Thread.currentThread());
            }
            case WOKEN -> {
                if (phase == Phase.LOOKED) {
                    looked.compareAndSet(null, Thread.currentThread());
                } else if (phase == Phase.WOKEN && wokenByTest && looked.get() == Thread.currentThread()) {
                    run();
                }
            }
        }
    }

    /** Runs the action if it has not run yet (from the waiting thread, or from the test for PARKED). */
    void run() {
        if (ran.compareAndSet(false, true)) {
            try {
                action.run();
            } finally {
                done.countDown();
            }
        }
    }

    /** The first target thread that reached LOOKED of the wait (PARKED, WOKEN), or null. */
    Thread looked() {
        return looked.get();
    }

    /** WOKEN: the next WOKEN point of the thread that looked runs the action; call just before unparking it. */
    void armWoken() {
        wokenByTest = true;
    }

    /** True once the action has run, waiting at most {@code millis}. */
    boolean awaitRan(long millis) throws InterruptedException {
        return done.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** True if the action has run. */
    boolean ran() {
        return done.getCount() == 0;
    }

    /**
     * True once {@code t} is parked ({@code WAITING}) directly in {@code parkedIn} ("SimpleClass.method": the
     * first frame outside the JDK), polling each millisecond for at most {@code millis} (0: one look). A thread that looked is
     * parked in that frame or on its way there: nothing else between its LOOKED point and its park can park.
     */
    static boolean awaitParked(Thread t, String parkedIn, long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            if (!t.isAlive()) {
                return false;
            }
            if (t.getState() == Thread.State.WAITING && firstCoreFrame(t).equals(parkedIn)) {
                return true;
            }
            if (System.nanoTime() - end >= 0) {
                return false;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
        }
    }

    private static String firstCoreFrame(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
                return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
            }
        }
        return "";
    }
}
