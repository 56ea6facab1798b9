package org.mpiverify.locks.runtime;

/**
 * Hooks beside monitors: {@code synchronized} blocks and methods cannot be entered on the program's behalf, so these
 * run just before and after {@code monitorenter}, after {@code monitorexit}, and at the entry and every exit of a
 * {@code synchronized} method (whose monitor the JVM takes before the first instruction, so its wait is not timed).
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
public final class MonitorHooks {
    private MonitorHooks() { }

    /** Just before {@code monitorenter} on {@code o}. */
    public static void monitorEntering(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth == 0) {
            ts.beginMonitor(o);
        }
    }

    /** Just after {@code monitorenter} on {@code o}. */
    public static void monitorEntered(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            ts.nestedAcquired(o);
            return;
        }
        ts.endMonitor(o, site);
    }

    /** Just after {@code monitorexit} on {@code o}. */
    public static void monitorExited(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            ts.nestedReleased(o);
            return;
        }
        ts.released(o, 1, site);
    }

    /** First instruction of a {@code synchronized} method: the JVM holds the monitor of {@code o} already. */
    public static void syncMethodEntered(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            ts.nestedAcquired(o);
            return;
        }
        ts.acquired(o, LockNode.EXCLUSIVE, 1, site, 0);
    }

    /** Before every exit of a {@code synchronized} method. */
    public static void syncMethodExiting(Object o, int site) {
        monitorExited(o, site);
    }
}
