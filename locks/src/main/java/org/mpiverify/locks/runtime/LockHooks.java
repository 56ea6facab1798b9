package org.mpiverify.locks.runtime;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * Hooks for {@link java.util.concurrent.locks.Lock}: acquisitions and releases (a {@code lock()} that only delegates to
 * another watched lock is one acquisition of the inner lock), conditions (so an {@code await} is known to release
 * its lock), the read and write views of a {@link ReadWriteLock} (counted as acquisitions of the read-write lock in
 * shared or exclusive mode), and the allocation site of a lock, read-write lock or semaphore.
 *
 * <p>As in every hook class of this package ({@link CallHooks} lists them), the methods here are called by the
 * agent's rewritten code, with the site's id ({@link Sites}) last: in place of an operation, with its receiver and
 * arguments, performing it themselves so that its semantics (exceptions included) are the original's; or beside an
 * operation that cannot be performed on the program's behalf (monitors, the entry and exits of a call). They record
 * what happened in the calling thread's {@link ThreadState}. The bookkeeping never throws into the program: a
 * failure is counted ({@link AuditState#internalErrors()}) and the program goes on.
 *
 * <p>Thread safety: every hook runs on the calling thread and touches only that thread's state and the
 * concurrent tables of {@link AuditState}.
 */
public final class LockHooks {
    private LockHooks() { }

    public static void lock(Lock l, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            l.lock();
            ts.nestedAcquired(l);
            return;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            l.lock();
            ok = true;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, true);
        }
    }

    public static void lockInterruptibly(Lock l, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            l.lockInterruptibly();
            ts.nestedAcquired(l);
            return;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            l.lockInterruptibly();
            ok = true;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, true);
        }
    }

    public static boolean tryLock(Lock l, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            boolean r = l.tryLock();
            if (r) {
                ts.nestedAcquired(l);
            }
            return r;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            ok = l.tryLock();
            return ok;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, false);
        }
    }

    public static boolean tryLock(Lock l, long time, TimeUnit unit, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            boolean r = l.tryLock(time, unit);
            if (r) {
                ts.nestedAcquired(l);
            }
            return r;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            ok = l.tryLock(time, unit);
            return ok;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, true);
        }
    }

    public static void unlock(Lock l, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            l.unlock();
            ts.nestedReleased(l);
            return;
        }
        ts.lockOpDepth++;
        try {
            l.unlock();
        } finally {
            ts.lockOpDepth--;
        }
        ts.released(l, 1, site);
    }

    public static Condition newCondition(Lock l, int site) {
        Condition c = l.newCondition();
        try {
            AuditState.NODES.conditionOf(c, AuditState.NODES.nodeFor(l, ThreadState.current().probe));
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
        return c;
    }

    public static Lock readLock(ReadWriteLock rw, int site) {
        Lock v = rw.readLock();
        view(v, rw, LockNode.SHARED);
        return v;
    }

    public static Lock writeLock(ReadWriteLock rw, int site) {
        Lock v = rw.writeLock();
        view(v, rw, LockNode.EXCLUSIVE);
        return v;
    }

    private static void view(Lock view, ReadWriteLock rw, int mode) {
        try {
            ThreadState ts = ThreadState.current();
            LockNode v = AuditState.NODES.nodeFor(view, ts.probe);
            if (v.viewMode < 0) {
                v.aliasOf = AuditState.NODES.nodeFor(rw, ts.probe);
                v.viewMode = mode;
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }

    /** A lock, read-write lock or semaphore was allocated at {@code site}. */
    public static void created(Object lock, int site) {
        try {
            LockNode n = AuditState.NODES.nodeFor(lock, ThreadState.current().probe);
            if (n.allocSite < 0) {
                n.allocSite = site;
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }
}
