package org.mpiverify.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link ReentrantLock} that hands itself over: a last unlock while threads are queued for the lock
 * waits, for at most {@value #BOUND_MILLIS} ms, until one of them holds it. A plain non-fair lock lets the
 * unlocking thread barge back in first, so a critical section split in two ({@code unlock(); lock();}) is
 * almost never entered between its halves by a thread that queued meanwhile; this lock lets that thread
 * in every time. Noise at synchronization points, as in IBM's ConTest: it changes which interleavings are
 * likely, never which are possible, so code that is correct with a {@code ReentrantLock} is correct with it.
 *
 * <p>With {@link #runQueued} a test queues threads in a chosen order behind the lock it holds and lets
 * them in one at a time, first come first served (queued threads of a {@code ReentrantLock} are woken in
 * order; this lock's unlocker does not barge past them).
 */
public final class HandoffLock extends ReentrantLock {
    private static final long BOUND_MILLIS = 100;

    @Override
    public void unlock() {
        boolean last = getHoldCount() == 1;
        super.unlock();
        if (!last) return;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
        for (int spins = 0; hasQueuedThreads() && !isLocked(); spins++) {
            if (System.nanoTime() - deadline > 0) return;   // a waiter that never wakes is not ours to wait for
            Races.pause(spins);
        }
    }

    /**
     * Runs each action on a thread of its own, the threads queued for this lock in the order given while the
     * caller holds it, then lets them in and waits for all; rethrows the first action's failure. Each action
     * must take this lock first thing (else it is not queued: the wait for it fails after {@code boundMillis}).
     * Every wait is bounded by {@code boundMillis} and fails with every thread's stack.
     */
    public void runQueued(long boundMillis, Runnable... actions) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        lock();
        try {
            for (int i = 0; i < actions.length; i++) {
                Runnable action = actions[i];
                threads.add(Thread.ofPlatform().name("queued-" + i).daemon(true).start(() -> {
                    try {
                        action.run();
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
                awaitQueued(i + 1, boundMillis);
            }
        } finally {
            unlock();
        }
        for (Thread t : threads) {
            if (!t.join(Duration.ofMillis(boundMillis))) {
                System.err.println(ThreadDumps.dump(t.getName() + " still running after " + boundMillis + " ms"));
                throw new AssertionError(t.getName() + " did not return within " + boundMillis + " ms (thread dump on stderr)");
            }
        }
        if (failure.get() != null) throw new AssertionError(failure.get().toString(), failure.get());
    }

    /**
     * Waits until {@code n} threads are queued for this lock (the caller holds it, typically). Fails with every
     * thread's stack if that takes longer than {@code boundMillis}.
     */
    private void awaitQueued(int n, long boundMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        for (int spins = 0; getQueueLength() < n; spins++) {
            if (System.nanoTime() - deadline > 0) {
                System.err.println(ThreadDumps.dump(getQueueLength() + " of " + n + " threads queued after " + boundMillis + " ms"));
                throw new AssertionError(getQueueLength() + " of " + n + " threads queued for the lock after "
                        + boundMillis + " ms (thread dump on stderr)");
            }
            Races.pause(spins);
        }
    }
}
