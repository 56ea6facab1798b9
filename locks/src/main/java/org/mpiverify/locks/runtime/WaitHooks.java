package org.mpiverify.locks.runtime;

import java.time.Duration;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;

/**
 * Hooks for the waits of threads: {@code Object.wait} and {@code Condition.await*} (which release the lock they wait
 * on, so it does not count as held across them), {@code Thread.sleep} and {@code join}, {@code LockSupport.park*}.
 * Each is a blocking operation, during which every lock the thread holds from an MPI call is held across a wait.
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
public final class WaitHooks {
    private WaitHooks() { }

    public static void waitOn(Object o, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        long t0 = ts.lockOpDepth > 0 ? -1 : ts.beginBlocking(site, ts.nodeOf(o));
        try {
            o.wait();
        } finally {
            Blocking.end(t0);
        }
    }

    public static void waitOn(Object o, long millis, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        long t0 = ts.lockOpDepth > 0 ? -1 : ts.beginBlocking(site, ts.nodeOf(o));
        try {
            o.wait(millis);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void waitOn(Object o, long millis, int nanos, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        long t0 = ts.lockOpDepth > 0 ? -1 : ts.beginBlocking(site, ts.nodeOf(o));
        try {
            o.wait(millis, nanos);
        } finally {
            Blocking.end(t0);
        }
    }

    private static long awaiting(Condition c, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            return -1;
        }
        LockNode lock = ts.lockOfCondition(c);
        return ts.beginBlocking(site, lock == null ? null : lock.resolve());
    }

    public static void await(Condition c, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            c.await();
        } finally {
            Blocking.end(t0);
        }
    }

    public static boolean await(Condition c, long time, TimeUnit unit, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            return c.await(time, unit);
        } finally {
            Blocking.end(t0);
        }
    }

    public static long awaitNanos(Condition c, long nanos, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            return c.awaitNanos(nanos);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void awaitUninterruptibly(Condition c, int site) {
        long t0 = awaiting(c, site);
        try {
            c.awaitUninterruptibly();
        } finally {
            Blocking.end(t0);
        }
    }

    public static boolean awaitUntil(Condition c, Date deadline, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            return c.awaitUntil(deadline);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void sleep(long millis, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            Thread.sleep(millis);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void sleep(long millis, int nanos, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            Thread.sleep(millis, nanos);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void sleep(Duration d, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            Thread.sleep(d);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void join(Thread t, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            t.join();
        } finally {
            Blocking.end(t0);
        }
    }

    public static void join(Thread t, long millis, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            t.join(millis);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void join(Thread t, long millis, int nanos, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            t.join(millis, nanos);
        } finally {
            Blocking.end(t0);
        }
    }

    public static boolean join(Thread t, Duration d, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            return t.join(d);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void park(int site) {
        long t0 = Blocking.begin(site);
        try {
            LockSupport.park();
        } finally {
            Blocking.end(t0);
        }
    }

    public static void park(Object blocker, int site) {
        long t0 = Blocking.begin(site);
        try {
            LockSupport.park(blocker);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void parkNanos(long nanos, int site) {
        long t0 = Blocking.begin(site);
        try {
            LockSupport.parkNanos(nanos);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void parkNanos(Object blocker, long nanos, int site) {
        long t0 = Blocking.begin(site);
        try {
            LockSupport.parkNanos(blocker, nanos);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void parkUntil(long deadline, int site) {
        long t0 = Blocking.begin(site);
        try {
            LockSupport.parkUntil(deadline);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void parkUntil(Object blocker, long deadline, int site) {
        long t0 = Blocking.begin(site);
        try {
            LockSupport.parkUntil(blocker, deadline);
        } finally {
            Blocking.end(t0);
        }
    }
}
