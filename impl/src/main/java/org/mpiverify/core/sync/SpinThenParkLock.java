package org.mpiverify.core.sync;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

/**
 * A non-reentrant mutual-exclusion lock for very short critical sections: a waiter spins for a bounded
 * number of probes, then yields a few times, and only then queues and parks (through
 * {@link AbstractQueuedSynchronizer}, so an unlock wakes it at once). The matching engines' per-context
 * locks use it. Their critical sections are one queue step, tens of nanoseconds, but on two cores a
 * receiver posting its next receive and a sender delivering to it meet on the same context lock about
 * once per hundred messages in a ping-pong. {@code ReentrantLock} parks such a waiter almost at once,
 * and a park/unpark costs tens of microseconds here, a thousand times the section it waits for.
 *
 * <p>The state word lives in this object (subclasses add their guarded fields beside it), so taking
 * the lock and reading what it guards touch the same object.
 *
 * <p>Park permits: a caller that queued gets one permit back on return (a later park of its own may return
 * at once, which every park loop allows), so that taking this lock never swallows an unpark meant for the
 * caller's next park (a waiter that registers in {@link BlockedThreads} after its last check relies on it).
 *
 * <p>Invariants: {@code state} is 1 exactly while some thread holds the lock, and that thread is the
 * exclusive owner; only the owner releases. No busy wait is unbounded: at most {@link #SPIN_PROBES}
 * probes with {@link Thread#onSpinWait()} and {@link #YIELD_PROBES} yields, then the AQS queue.
 *
 * <p>Linearization points: {@link #lock()} and a successful {@link #tryLock()} at the CAS of
 * {@code state} from 0 to 1; {@link #unlock()} at the release store of 0.
 *
 * <p>Memory consistency effects: as for any {@link Lock}: actions before an {@code unlock()}
 * happen-before actions after a later {@code lock()} of the same lock.
 */
public class SpinThenParkLock extends AbstractQueuedSynchronizer implements Lock {
    /** Probes with {@link Thread#onSpinWait()} before yielding (a few microseconds here). */
    public static final int SPIN_PROBES = 256;
    /** Yields before queueing: on two cores the holder may be waiting for this processor. */
    public static final int YIELD_PROBES = 4;

    @Override
    protected final boolean tryAcquire(int ignored) {
        if (getState() == 0 && compareAndSetState(0, 1)) {
            setExclusiveOwnerThread(Thread.currentThread());
            return true;
        }
        return false;
    }

    @Override
    protected final boolean tryRelease(int ignored) {
        if (getExclusiveOwnerThread() != Thread.currentThread()) {
            throw new IllegalMonitorStateException("unlock by a thread that does not hold the lock");
        }
        setExclusiveOwnerThread(null);
        setState(0);                          // volatile store: publishes the section's writes
        return true;
    }

    @Override
    protected final boolean isHeldExclusively() {
        return getExclusiveOwnerThread() == Thread.currentThread();
    }

    @Override
    public final void lock() {
        if (compareAndSetState(0, 1)) {       // uncontended: one CAS
            setExclusiveOwnerThread(Thread.currentThread());
            return;
        }
        for (int probes = 0; probes < SPIN_PROBES + YIELD_PROBES; probes++) {
            if (probes < SPIN_PROBES) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            if (tryAcquire(1)) {              // reads before it CASes, so spinners share the line
                return;
            }
        }
        acquire(1);                           // queue and park; the unlocking thread unparks us
        // The queue's parks may have used up a permit that an unpark meant for the caller's own park gave
        // before this lock() (a signal between a waiter's last check and its park, when the waiter registers
        // under this lock on the way: BlockedThreads.add). Give it back: LockSupport allows a spurious return,
        // while a lost permit leaves that park asleep for good (idup jobs hung about 1 in 100).
        LockSupport.unpark(Thread.currentThread());
    }

    @Override
    public final void lockInterruptibly() throws InterruptedException {
        acquireInterruptibly(1);
    }

    @Override
    public final boolean tryLock() {
        return tryAcquire(1);
    }

    @Override
    public final boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        return tryAcquireNanos(1, unit.toNanos(time));
    }

    @Override
    public final void unlock() {
        release(1);
    }

    @Override
    public final Condition newCondition() {
        return new ConditionObject();
    }

    /** True if some thread holds the lock (for assertions and tests). */
    public final boolean isLocked() {
        return getState() != 0;
    }

    @Override
    public String toString() {
        Thread o = getExclusiveOwnerThread();
        return getClass().getSimpleName() + (o == null ? "[unlocked]" : "[locked by " + o.getName() + "]");
    }
}
