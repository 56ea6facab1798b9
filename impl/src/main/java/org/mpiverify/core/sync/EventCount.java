package org.mpiverify.core.sync;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * An event count: lets a thread wait until "something may have changed" without holding any lock and
 * without missing a signal. Used by blocking {@code probe}/{@code mprobe}: they wait for the next message
 * arrival at their rank, then look again.
 *
 * <p>Protocol: a waiter reads {@link #ticket()}, checks its condition, and only if the condition is false
 * calls {@link #await(long, BooleanSupplier, WaitPolicy)} with that ticket; a signaller changes the state
 * first, then calls {@link #signal()}. Because the ticket is read before the condition and the count is
 * advanced after the state change, a signal that happens after the condition check always makes the
 * ticket stale, so the waiter does not sleep through it.
 *
 * <p>Invariants: {@code count} only increases. A thread is in {@code waiters} only between its
 * registration and its return from await. Non-invariant: {@code waiters} may hold threads that have
 * already seen a newer count (they remove themselves).
 *
 * <p>Parking: with the rank's {@link BlockedThreads} a waiter parks without a timeout (an abort wakes it
 * through the registry); without one it parks in slices of {@link WaitPolicy#parkSliceNanos()}.
 *
 * <p>Interrupts do not end a wait: an interrupted waiter keeps parking (its flag is cleared around each
 * park, which would otherwise return at once) and finds the flag set again when {@code await} returns.
 *
 * <p>Memory consistency effects: actions in a thread before {@link #signal()} happen-before actions in
 * a thread after its {@code await} returns having observed the new count.
 */
public final class EventCount {
    private static final VarHandle COUNT;
    private static final VarHandle SLEEPERS;
    private static final VarHandle WATCHERS;
    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(EventCount.class, "count", long.class);
            SLEEPERS = MethodHandles.lookup().findVarHandle(EventCount.class, "sleepers", int.class);
            WATCHERS = MethodHandles.lookup().findVarHandle(EventCount.class, "watchers", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through COUNT
    private volatile long count;
    /** Number of registered parked waiters; lets signal() skip the queue when nobody sleeps. */
    private volatile int sleepers;
    private final ConcurrentLinkedQueue<Thread> waiters = new ConcurrentLinkedQueue<>();
    /**
     * Threads between {@link #watch()} and {@link #unwatch()}: those that may wait on a ticket. Lets
     * {@link #signalIfWatched()} skip the shared increment on the message path when nobody probes
     * (Dekker pair: a signaller changes state then reads {@code watchers}; a watcher increments
     * {@code watchers} then reads the state — one of them sees the other).
     */
    private volatile int watchers;

    /** The current count; read it before checking the condition you will wait on. */
    public long ticket() {
        return count;
    }

    /** Advances the count (volatile: the state change before it is visible to a waiter that sees it) and wakes sleepers. */
    public void signal() {
        COUNT.getAndAdd(this, 1L);
        // Volatile read after the volatile increment: a waiter that registered before our increment is seen
        // here (store-load ordering of volatiles), and one registering after it re-reads the count.
        if (sleepers != 0) {
            for (Thread t : waiters) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * Announces that the calling thread is about to take tickets and wait; call before the first
     * {@link #ticket()} and pair with {@link #unwatch()} in a finally block.
     */
    public void watch() {
        WATCHERS.getAndAdd(this, 1);
    }

    /** Ends a {@link #watch()}. */
    public void unwatch() {
        WATCHERS.getAndAdd(this, -1);
    }

    /** Threads between {@link #watch()} and {@link #unwatch()} now (for quiescence checks and tests). */
    public int watchers() {
        return watchers;
    }

    /** The count of threads registered as parked in {@link #await} now (for quiescence checks and tests). */
    public int sleepers() {
        return sleepers;
    }

    /** The threads queued for a signal's unpark (for quiescence checks and tests). */
    public int queuedWaiters() {
        return waiters.size();
    }

    /**
     * {@link #signal()} if some thread is watching, else nothing. For signallers whose waiters all
     * {@link #watch()}: the state change must come first (it is then ordered before the volatile read of
     * {@code watchers}, and a watcher that incremented before this read will be signalled, while one that
     * increments after it sees the new state when it checks its condition).
     */
    public void signalIfWatched() {
        if (watchers != 0) {
            signal();
        }
    }

    /**
     * Enlists {@code t}, about to park, to be unparked by every later {@link #signal()}, as {@link #await} does
     * for its own thread: for a waiter that parks elsewhere (the progress engine's). Read the count after this
     * call and park only if it still equals your ticket; pair with {@link #delist} in a finally block.
     */
    public void enlist(Thread t) {
        waiters.add(t);
        addSleepers(1);   // volatile, after the add: a signaller that sees it finds t in the queue
    }

    /** Ends an {@link #enlist}. */
    public void delist(Thread t) {
        addSleepers(-1);
        waiters.remove(t);
    }

    /**
     * Waits until the count differs from {@code ticket} or {@code abort} says stop. Spins and yields within the
     * policy's bounds, then parks in slices; returns true if the count moved, false if aborted.
     */
    public boolean await(long ticket, BooleanSupplier abort, WaitPolicy policy) {
        return await(ticket, abort, policy, null);
    }

    /** As {@link #await(long, BooleanSupplier, WaitPolicy)}, spinning long only with a permit of {@code gate}. */
    public boolean await(long ticket, BooleanSupplier abort, WaitPolicy policy, SpinGate gate) {
        return await(ticket, abort, policy, gate, null);
    }

    /**
     * As {@link #await(long, BooleanSupplier, WaitPolicy, SpinGate)}; with a {@code blocked} registry (the
     * rank's) the wait registers there before its last look at {@code abort} and parks without a timeout,
     * as {@code Completion.await} does.
     */
    public boolean await(long ticket, BooleanSupplier abort, WaitPolicy policy, SpinGate gate,
                         BlockedThreads blocked) {
        long budget = policy.spinBudgetNanos();
        if (budget > 0) {                 // no spin at all with a zero budget (virtual threads by default)
            spin(ticket, budget, gate);
        }
        for (int y = 0, yields = policy.yieldBudget(); y < yields && count == ticket; y++) {
            Thread.yield();
        }
        if (count != ticket) {
            return true;
        }
        Thread me = Thread.currentThread();
        boolean interrupted = false;
        waiters.add(me);
        addSleepers(1);
        BlockedThreads.Entry registered = blocked == null ? null : blocked.add(me); // before the abort check
        try {
            while (count == ticket) {
                if (abort.getAsBoolean()) {
                    return false;
                }
                if (registered != null) {
                    LockSupport.park(this);   // woken by signal() or by the registry's wakeAll()
                } else {
                    LockSupport.parkNanos(this, policy.parkSliceNanos());
                }
                interrupted |= Thread.interrupted();   // keep parking while interrupted: see the class comment
            }
            return true;
        } finally {
            if (registered != null) {
                blocked.remove(registered);
            }
            addSleepers(-1);
            waiters.remove(me);
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    /**
     * The spin phase: up to {@code budget} ns, the first {@link WaitPolicy#UNGATED_SPIN_NANOS} freely and
     * the rest only with a permit of {@code gate} (null: no gate). Returns when the count moved or out of budget.
     */
    private void spin(long ticket, long budget, SpinGate gate) {
        long start = System.nanoTime();
        long firstEnd = start + Math.min(budget, WaitPolicy.UNGATED_SPIN_NANOS);
        int spins = 0;
        while (count == ticket) {
            if ((++spins & 63) == 0 && System.nanoTime() - firstEnd > 0) {
                break;
            }
            Thread.onSpinWait();
        }
        if (count == ticket && budget > WaitPolicy.UNGATED_SPIN_NANOS && (gate == null || gate.tryEnter())) {
            long spinEnd = start + budget;
            try {
                while (count == ticket) {
                    if ((++spins & 63) == 0 && System.nanoTime() - spinEnd > 0) {
                        break;
                    }
                    Thread.onSpinWait();
                }
            } finally {
                if (gate != null) {
                    gate.exit();
                }
            }
        }
    }

    private void addSleepers(int delta) {
        SLEEPERS.getAndAdd(this, delta);
    }
}
