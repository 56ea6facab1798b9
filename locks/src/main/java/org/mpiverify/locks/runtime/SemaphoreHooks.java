package org.mpiverify.locks.runtime;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Hooks for {@link java.util.concurrent.Semaphore}: permits are locks too, acquired and released (a release by a
 * thread that held none of the permits is a signal, which the report lists apart).
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
public final class SemaphoreHooks {
    private SemaphoreHooks() { }

    public static void acquire(Semaphore s, int site) throws InterruptedException {
        acquire(s, 1, site);
    }

    public static void acquire(Semaphore s, int permits, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            s.acquire(permits);
            return;
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            s.acquire(permits);
            ok = true;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, true);
        }
    }

    public static void acquireUninterruptibly(Semaphore s, int site) {
        acquireUninterruptibly(s, 1, site);
    }

    public static void acquireUninterruptibly(Semaphore s, int permits, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            s.acquireUninterruptibly(permits);
            return;
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            s.acquireUninterruptibly(permits);
            ok = true;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, true);
        }
    }

    public static boolean tryAcquire(Semaphore s, int site) {
        return tryAcquire(s, 1, site);
    }

    public static boolean tryAcquire(Semaphore s, int permits, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            return s.tryAcquire(permits);
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            ok = s.tryAcquire(permits);
            return ok;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, false);
        }
    }

    public static boolean tryAcquire(Semaphore s, long time, TimeUnit unit, int site) throws InterruptedException {
        return tryAcquire(s, 1, time, unit, site);
    }

    public static boolean tryAcquire(Semaphore s, int permits, long time, TimeUnit unit, int site)
            throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            return s.tryAcquire(permits, time, unit);
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            ok = s.tryAcquire(permits, time, unit);
            return ok;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, true);
        }
    }

    public static void release(Semaphore s, int site) {
        release(s, 1, site);
    }

    public static void release(Semaphore s, int permits, int site) {
        s.release(permits);
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth == 0) {
            ts.released(s, permits, site);
        }
    }
}
