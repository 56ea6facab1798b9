package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * The {@link LockNode} of every lock object seen, by identity and weakly ({@link WeakIdentityMap}), and
 * the lock of every {@link java.util.concurrent.locks.Condition} created in watched code (so that
 * {@code await}, which releases that lock, is not reported as blocking while holding it).
 *
 * <p>Invariants: at most one node per live lock object; every node ever created is in {@link #all}, in
 * id order, and stays there after its lock is collected.
 */
final class NodeTable {
    private final WeakIdentityMap<LockNode> byLock = new WeakIdentityMap<>();
    private final WeakIdentityMap<LockNode> conditionLocks = new WeakIdentityMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final List<LockNode> all = new ArrayList<>();

    /** The node of {@code lock}; {@code probe} is the calling thread's own. */
    LockNode nodeFor(Object lock, WeakIdentityMap.Probe probe) {
        return byLock.computeIfAbsent(lock, probe, this::newNode);
    }

    /** Records that {@code condition} belongs to the lock with node {@code lock}. */
    void conditionOf(Object condition, LockNode lock) {
        conditionLocks.put(condition, lock);
    }

    /** The node of the lock {@code condition} belongs to, or null if it was created in unwatched code. */
    LockNode lockOfCondition(Object condition, WeakIdentityMap.Probe probe) {
        return conditionLocks.get(condition, probe);
    }

    private LockNode newNode(Object lock) {
        LockNode.Kind kind = lock instanceof Semaphore ? LockNode.Kind.SEMAPHORE
                : lock instanceof ReadWriteLock ? LockNode.Kind.READ_WRITE
                : lock instanceof Lock ? LockNode.Kind.LOCK
                : LockNode.Kind.MONITOR;
        // a class's monitor (static synchronized, synchronized (X.class)) is named after the class
        String name = lock instanceof Class<?> c ? c.getName() + ".class" : lock.getClass().getName();
        LockNode n = new LockNode(ids.incrementAndGet(), kind, name, System.identityHashCode(lock));
        synchronized (all) {
            all.add(n);
        }
        return n;
    }

    /** A copy of every node created so far. */
    List<LockNode> all() {
        synchronized (all) {
            return new ArrayList<>(all);
        }
    }
}
