package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * Known-bad twin of {@link org.mpiverify.core.sync.SpinThenParkLock}: the same bounded spin, but the
 * lock is taken by reading the state and then writing it ({@code while (locked) spin; locked = true})
 * instead of a CAS. Two threads can both read "free" and both enter the section.
 */
public final class CheckThenSetLock implements Lock {
    private volatile boolean locked;

    @Override
    public void lock() {
        for (int probes = 0; locked; probes++) {
            if (probes > 1_000_000) {
                throw new IllegalStateException("CheckThenSetLock: holder never released");
            }
            Thread.onSpinWait();
        }
        locked = true; // DEFECT: was compareAndSetState(0, 1)
    }

    @Override
    public void unlock() {
        locked = false;
    }

    @Override
    public void lockInterruptibly() {
        lock();
    }

    @Override
    public boolean tryLock() {
        if (locked) return false;
        locked = true;
        return true;
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) {
        return tryLock();
    }

    @Override
    public Condition newCondition() {
        throw new UnsupportedOperationException();
    }
}
