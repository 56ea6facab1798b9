package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * What the live threads wait for right now, read racily from their {@link ThreadState}s: the lock a
 * thread waits to acquire or the blocking operation it is in, since when, in which MPI call, and the locks
 * it holds. In a report written while a program hangs (the agent's periodic snapshot), this is the
 * wait-for picture: a thread waiting for a lock that a thread parked inside an MPI call holds is
 * Gropp &amp; Thakur's Fig. 2 deadlock as it happens.
 */
public final class Snapshot {
    private Snapshot() { }

    /** One thread's current wait. {@code lock} is null if it waits in a blocking operation. */
    public record Blocked(String thread, int callId, String what, LockNode lock, long millis, List<LockNode> holding) {
    }

    public static List<Blocked> blockedNow() {
        List<Blocked> out = new ArrayList<>();
        WeakIdentityMap.Probe probe = new WeakIdentityMap.Probe();
        long now = System.nanoTime();
        for (ThreadState ts : AuditState.liveThreads()) {
            ThreadState.Waiting w = ts.waiting();
            if (w == null) {
                continue;
            }
            LockNode lock = null;
            String what;
            if (w.lock() != null) {
                lock = AuditState.NODES.nodeFor(w.lock(), probe).resolve();
                what = "waiting to acquire " + lock.label();
            } else {
                Site s = Sites.get(w.site());
                what = s.what() + " at " + s.location();
            }
            out.add(new Blocked(w.thread(), w.callId(), what, lock, (now - w.since()) / 1_000_000, w.holding()));
        }
        return out;
    }
}
