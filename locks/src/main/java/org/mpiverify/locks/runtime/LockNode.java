package org.mpiverify.locks.runtime;

/**
 * One lock of the program under test, a node of the lock-order graph: a monitor, a
 * {@link java.util.concurrent.locks.Lock}, a read-write lock, or a semaphore (whose permits are locks too).
 * Nodes never refer to the lock object itself, so a lock can be collected while its node stays in the
 * graph with its label.
 *
 * <p>A lock whose {@code lock()} only delegates to another lock (a wrapper that counts, for example) is
 * an alias: when a watched acquisition of the wrapper acquires an inner lock that is still held when the
 * wrapper's call returns, the wrapper's node records the inner node as {@link #aliasOf}, and every later
 * acquisition of the wrapper is attributed to the inner lock. So the graph has one node per real mutex.
 *
 * <p>Invariants: {@code id} and {@code kind} never change; {@code aliasOf} is written at most once and
 * never points back to this node; the flags only go from false to true.
 */
public final class LockNode {
    /** What kind of lock a node is. */
    public enum Kind { MONITOR, LOCK, READ_WRITE, SEMAPHORE }

    /** Mode in which a lock is held or wanted. */
    public static final int EXCLUSIVE = 0;
    public static final int SHARED = 1;
    public static final int PERMIT = 2;

    final int id;
    final Kind kind;
    final String className;
    final int identityHash;
    /** Site of the {@code new} that allocated the lock, or -1 if it was not allocated in watched code. */
    volatile int allocSite = -1;
    /** Site of the first acquisition seen (racy, written once in practice; any acquiring site would do). */
    int firstSite = -1;
    /** The lock this one delegates to, once seen (for a read or write view: its read-write lock). */
    volatile LockNode aliasOf;
    /** For a read or write view of a read-write lock: the mode it takes its lock in; else -1. */
    volatile int viewMode = -1;
    /** A semaphore released by a thread that held none of its permits: used as a signal, not a lock. */
    volatile boolean signalStyle;
    /** A lock released by a thread that had not acquired it (legal for some locks; not for ReentrantLock). */
    volatile boolean releasedByOtherThread;

    LockNode(int id, Kind kind, String className, int identityHash) {
        this.id = id;
        this.kind = kind;
        this.className = className;
        this.identityHash = identityHash;
    }

    public int id() {
        return id;
    }

    public Kind kind() {
        return kind;
    }

    /** The node acquisitions of this lock are attributed to (itself unless it is a wrapper). */
    LockNode resolve() {
        LockNode n = this;
        for (int i = 0; i < 8 && n.aliasOf != null; i++) {
            n = n.aliasOf;
        }
        return n;
    }

    /** {@code ReentrantLock@1b6d3586 (new at CriticalSections.<init>:67)}. */
    public String label() {
        String simple = simpleName();
        String s = (kind == Kind.MONITOR ? "monitor of " : "") + simple + "@" + Integer.toHexString(identityHash);
        int a = allocSite;
        if (a >= 0) {
            s += " (new at " + Sites.get(a).shortLocation() + ")";
        }
        return s;
    }

    /** The class name without its package ({@code SMPDeviceImpl.class} for a class's monitor). */
    public String simpleName() {
        String n = className.endsWith(".class") ? className.substring(0, className.length() - 6) : className;
        return n.substring(n.lastIndexOf('.') + 1) + (className.endsWith(".class") ? ".class" : "");
    }

    public String className() {
        return className;
    }

    public int firstSite() {
        return firstSite;
    }

    public int allocSite() {
        return allocSite;
    }

    public boolean signalStyle() {
        return signalStyle;
    }

    public boolean releasedByOtherThread() {
        return releasedByOtherThread;
    }

    public LockNode aliasOf() {
        return aliasOf;
    }
}
