package org.mpiverify.locks.runtime;

/**
 * Hooks at the entry points of MPI calls (a thread's outermost call is the call; what its nested calls do is counted in
 * it) and of hand-made locks' acquire methods ({@code spinlocks=}: a park inside one is a wait for that lock).
 *
 * <p>The hook classes, by what they rewrite: {@link LockHooks}, {@link SemaphoreHooks}, {@link MonitorHooks}, this
 * class, {@link WaitHooks}, {@link SynchronizerHooks}, {@link SocketHooks}; the agent's {@code HookCatalog} maps
 * each rewritten operation to its hook.
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
public final class CallHooks {
    private CallHooks() { }

    /** Entering a hand-made lock's acquire method ({@code spinlocks=}): its parks are lock waits, not blocking. */
    public static void spinLockEnter() {
        ThreadState.current().lockOpDepth++;
    }

    public static void spinLockExit() {
        ThreadState.current().lockOpDepth--;
    }

    public static void callEnter(int callId) {
        ThreadState.current().callEnter(callId);
    }

    public static void callExit(int callId) {
        ThreadState.current().callExit(null);
    }

    public static void callThrew(Throwable t, int callId) {
        ThreadState.current().callExit(t);
    }
}
