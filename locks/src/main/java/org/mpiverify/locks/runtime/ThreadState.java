package org.mpiverify.locks.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one thread of the program under test holds and does, as the hooks see it: the locks it holds (a
 * stack, innermost last), the outermost MPI call it is in and that call's running totals, and what it is
 * waiting for right now. Only its own thread writes it; the fields another thread reads for a snapshot
 * ({@link #waitSite}, {@link #waitLock}, {@link #waitSince}) are written with opaque stores, and a
 * snapshot's view of the rest may be stale but never breaks the snapshot (it copies and catches).
 *
 * <p>Lock operations nest: a watched {@code Lock} whose {@code lock()} takes other watched locks (a
 * wrapper that counts acquisitions, a lock built on a monitor) is one acquisition of the outer lock.
 * While {@link #lockOpDepth} is positive, inner acquisitions and releases are not counted, add no edges
 * and blocking inside them is part of waiting for the lock; the innermost inner lock still held when the
 * outer operation returns becomes the outer lock's alias ({@link LockNode#aliasOf}).
 *
 * <p>Calls nest too (an MPI call implemented with other MPI calls): only the outermost call of a thread
 * is a call; what its inner calls do is counted in it (as Gropp &amp; Thakur §4.2 count the nesting level).
 */
final class ThreadState {
    private static final ThreadLocal<ThreadState> CURRENT = ThreadLocal.withInitial(ThreadState::create);
    private static final VarHandle WAIT_SITE;
    private static final VarHandle WAIT_LOCK;
    private static final VarHandle WAIT_SINCE;
    private static final VarHandle WAIT_RELEASES;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WAIT_SITE = l.findVarHandle(ThreadState.class, "waitSite", int.class);
            WAIT_LOCK = l.findVarHandle(ThreadState.class, "waitLock", Object.class);
            WAIT_SINCE = l.findVarHandle(ThreadState.class, "waitSince", long.class);
            WAIT_RELEASES = l.findVarHandle(ThreadState.class, "waitReleases", LockNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final long threadId;
    final String threadName;
    final boolean virtual;
    private final WeakReference<Thread> thread;
    final WeakIdentityMap.Probe probe = new WeakIdentityMap.Probe();

    private Held[] held = new Held[8];
    private int heldCount;

    int lockOpDepth;
    private Object inner;
    long monitorT0;

    private int callDepth;
    private int callId = -1;
    private long callSeq;
    private long seqCounter;
    private long callAcq;
    private long callWait;
    private long callBlocked;
    private long callFailed;
    private int[] callSites = new int[8];
    private long[] callSiteCounts = new long[8];
    private int callSiteN;

    /** The {@link AuditState#epoch} the seen-sets below belong to. */
    private int epoch = AuditState.epoch;
    private final LongHashSet seenEdges = new LongHashSet();
    private final LongHashSet seenHeld = new LongHashSet();
    private final LongHashSet seenLeaks = new LongHashSet();
    private final LongHashSet seenExemplars = new LongHashSet();

    /** Site of the blocking operation the thread is in, or -1. Opaque. */
    @SuppressWarnings("unused")
    private int waitSite = -1;
    /** Lock the thread is waiting to acquire, or null. Opaque. */
    @SuppressWarnings("unused")
    private Object waitLock;
    /** {@link System#nanoTime()} when the current wait began. Opaque. */
    @SuppressWarnings("unused")
    private long waitSince;
    /** The lock the current blocking operation releases while it waits (a wait's monitor), or null. Opaque. */
    @SuppressWarnings("unused")
    private LockNode waitReleases;

    private ThreadState(Thread t) {
        this.threadId = t.threadId();
        this.threadName = t.getName();
        this.virtual = t.isVirtual();
        this.thread = new WeakReference<>(t);
    }

    private static ThreadState create() {
        ThreadState ts = new ThreadState(Thread.currentThread());
        AuditState.register(ts);
        return ts;
    }

    static ThreadState current() {
        return CURRENT.get();
    }

    boolean isAlive() {
        Thread t = thread.get();
        return t != null && t.isAlive();
    }

    String name() {
        Thread t = thread.get();
        return t != null ? t.getName() : threadName;
    }

    // ---- acquisitions -------------------------------------------------------------------------------

    /** After a reset, forgets what this thread already reported (it must be reported again in the new segment). */
    private void checkEpoch() {
        int e = AuditState.epoch;
        if (e != epoch) {
            epoch = e;
            seenEdges.clear();
            seenHeld.clear();
            seenLeaks.clear();
            seenExemplars.clear();
        }
    }

    /** Starts an outer lock operation on {@code lock}; returns the start time. */
    long beginAcquire(Object lock) {
        lockOpDepth++;
        long now = System.nanoTime();
        WAIT_SINCE.setOpaque(this, now);
        WAIT_LOCK.setOpaque(this, lock);
        return now;
    }

    /**
     * Ends an outer lock operation begun at {@code t0}: on success records the acquisition of
     * {@code permits} of {@code lock} in {@code mode}; a failed attempt counts as a failed try-lock and,
     * if it was timed, its time as waiting.
     */
    void endAcquire(Object lock, int mode, int permits, int site, long t0, boolean ok, boolean timed) {
        lockOpDepth--;
        WAIT_LOCK.setOpaque(this, null);
        try {
            long waited = System.nanoTime() - t0;
            if (ok) {
                acquired(lock, mode, permits, site, waited);
            } else {
                inner = null;
                failed(timed ? waited : 0);
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }

    /** Before {@code monitorenter} on {@code o} (no watched code runs until {@link #endMonitor}). */
    void beginMonitor(Object o) {
        long now = System.nanoTime();
        monitorT0 = now;
        WAIT_SINCE.setOpaque(this, now);
        WAIT_LOCK.setOpaque(this, o);
    }

    /** After {@code monitorenter} on {@code o}. */
    void endMonitor(Object o, int site) {
        WAIT_LOCK.setOpaque(this, null);
        acquired(o, LockNode.EXCLUSIVE, 1, site, System.nanoTime() - monitorT0);
    }

    /** An acquisition inside an outer lock operation. */
    void nestedAcquired(Object lock) {
        inner = lock;
    }

    /** A release inside an outer lock operation. */
    void nestedReleased(Object lock) {
        if (inner == lock) {
            inner = null;
        }
    }

    /** Records that this thread acquired {@code permits} of {@code lock} at {@code site} after waiting {@code waited} ns. */
    void acquired(Object lock, int mode, int permits, int site, long waited) {
        try {
            checkEpoch();
            LockNode raw = AuditState.NODES.nodeFor(lock, probe);
            Object in = inner;
            if (in != null) {
                inner = null;
                if (in != lock) {
                    LockNode innerNode = AuditState.NODES.nodeFor(in, probe).resolve();
                    if (raw.aliasOf == null && innerNode != raw) {
                        raw.aliasOf = innerNode;
                    }
                }
            }
            if (raw.viewMode >= 0) {
                mode = raw.viewMode;
            }
            LockNode node = raw.resolve();
            if (node.firstSite < 0) {
                node.firstSite = site;
            }
            count(site, waited);
            exemplar(site);
            for (int i = heldCount - 1; i >= 0; i--) {
                if (held[i].node == node) {          // reentrant (or another permit): no new order
                    held[i].count += permits;
                    return;
                }
            }
            if (heldCount > 0) {
                addEdges(node, mode, site);
            }
            push(lock, node, mode, permits, site);
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }

    /** Records that this thread released {@code permits} of {@code lock}. */
    void released(Object lock, int permits, int site) {
        try {
            LockNode node = AuditState.NODES.nodeFor(lock, probe).resolve();
            for (int i = heldCount - 1; i >= 0; i--) {
                Held h = held[i];
                if (h.node == node) {
                    h.count -= permits;
                    if (h.count <= 0) {
                        if (h.count < 0 && node.kind == LockNode.Kind.SEMAPHORE) {
                            node.signalStyle = true;
                        }
                        remove(i);
                    }
                    return;
                }
            }
            if (node.kind == LockNode.Kind.SEMAPHORE) {
                node.signalStyle = true;
            } else if (node.kind != LockNode.Kind.MONITOR) {
                node.releasedByOtherThread = true;
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }

    private void failed(long waited) {
        if (callDepth > 0) {
            callFailed++;
            callWait += waited;
        } else {
            CallStats o = CallTable.stats(CallTable.OUTSIDE);
            o.failedTryLocks.increment();
            if (waited > 0) {
                o.waitNanos.add(waited);
            }
        }
    }

    private void count(int site, long waited) {
        if (callDepth > 0) {
            callAcq++;
            callWait += waited;
            for (int i = 0; i < callSiteN; i++) {
                if (callSites[i] == site) {
                    callSiteCounts[i]++;
                    return;
                }
            }
            if (callSiteN == callSites.length) {
                callSites = Arrays.copyOf(callSites, callSiteN * 2);
                callSiteCounts = Arrays.copyOf(callSiteCounts, callSiteN * 2);
            }
            callSites[callSiteN] = site;
            callSiteCounts[callSiteN++] = 1;
        } else {
            CallStats o = CallTable.stats(CallTable.OUTSIDE);
            o.acquisitions.increment();
            if (waited > 0) {
                o.waitNanos.add(waited);
            }
            o.bySite.add(site, 1);
        }
    }

    private void exemplar(int site) {
        int call = callDepth > 0 ? callId : CallTable.OUTSIDE;
        long key = AuditState.exemplarKey(site, call);
        if (seenExemplars.add(key) && !AuditState.EXEMPLARS.containsKey(key)) {
            AuditState.EXEMPLARS.putIfAbsent(key, Stacks.current());
        }
    }

    /** GoodLock: an edge from every held lock to {@code to}, labelled with this thread and the other held locks (its gates). */
    private void addEdges(LockNode to, int toMode, int toSite) {
        for (int i = 0; i < heldCount; i++) {
            Held from = held[i];
            long key = LongHashSet.mix(((long) from.node.id << 32) | (to.id & 0xffffffffL))
                    + 31L * (from.mode * 3 + toMode);
            for (int j = 0; j < heldCount; j++) {
                if (j != i) {
                    key = key * 1_000_003L + held[j].node.id * 4L + held[j].mode;
                }
            }
            if (!seenEdges.add(key)) {
                continue;
            }
            int n = heldCount - 1;
            int[] gates = new int[n];
            int[] gateModes = new int[n];
            Held[] others = new Held[n];
            for (int j = 0, k = 0; j < heldCount; j++) {
                if (j != i) {
                    others[k++] = held[j];
                }
            }
            Arrays.sort(others, (a, b) -> Integer.compare(a.node.id, b.node.id));
            for (int k = 0; k < n; k++) {
                gates[k] = others[k].node.id;
                gateModes[k] = others[k].mode;
            }
            EdgeLabel label = new EdgeLabel(threadId, name(), from.mode, toMode, gates, gateModes, from.site, toSite,
                    callDepth > 0 ? callId : CallTable.OUTSIDE, Stacks.current());
            AuditState.GRAPH.add(from.node, to, label);
        }
    }

    private void push(Object lock, LockNode node, int mode, int permits, int site) {
        if (heldCount == held.length) {
            held = Arrays.copyOf(held, heldCount * 2);
        }
        Held h = held[heldCount];
        if (h == null) {
            h = held[heldCount] = new Held();
        }
        heldCount++;
        h.handle = lock;
        h.node = node;
        h.mode = mode;
        h.count = permits;
        h.site = site;
        h.callId = callDepth > 0 ? callId : CallTable.OUTSIDE;
        h.callSeq = callDepth > 0 ? callSeq : 0;
    }

    private void remove(int i) {
        Held h = held[i];
        h.clear();
        System.arraycopy(held, i + 1, held, i, heldCount - i - 1);
        held[--heldCount] = h;
    }

    // ---- blocking -----------------------------------------------------------------------------------

    /**
     * Called before a blocking operation at {@code site}; {@code released} is the lock the operation
     * itself releases while it waits (the monitor of {@code Object.wait}, the lock of a condition), or
     * null. Returns the start time, or -1 if the operation is part of acquiring a lock.
     */
    long beginBlocking(int site, LockNode released) {
        if (lockOpDepth > 0) {
            return -1;
        }
        try {
            checkEpoch();
            if (heldCount > 0) {
                checkHeld(site, released);
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
        long now = System.nanoTime();
        WAIT_SINCE.setOpaque(this, now);
        WAIT_RELEASES.setOpaque(this, released);
        WAIT_SITE.setOpaque(this, site);
        return now;
    }

    /** Called after the blocking operation begun at {@code t0}, however it ended. */
    void endBlocking(long t0) {
        if (t0 < 0) {
            return;
        }
        WAIT_SITE.setOpaque(this, -1);
        if (callDepth > 0) {
            callBlocked += System.nanoTime() - t0;
        }
    }

    /** The node of the lock {@code o} (for a blocking operation that releases it while it waits). */
    LockNode nodeOf(Object o) {
        return AuditState.NODES.nodeFor(o, probe).resolve();
    }

    /** The lock a condition belongs to, if the condition was created in watched code. */
    LockNode lockOfCondition(Object condition) {
        return AuditState.NODES.lockOfCondition(condition, probe);
    }

    private void checkHeld(int blockSite, LockNode released) {
        for (int i = 0; i < heldCount; i++) {
            Held h = held[i];
            if (h.callSeq == 0 || h.node == released) {
                continue;
            }
            long key = ((long) h.site << 38) ^ ((long) blockSite << 14) ^ (h.callId & 0x3fff);
            if (seenHeld.add(key) && !AuditState.FINDINGS.knowsHeld(key)) {
                AuditState.FINDINGS.held(key, new Findings.HeldAcrossBlocking(h.callId, h.node, h.site, blockSite,
                        name(), AuditState.exemplar(h.site, h.callId), Stacks.current(),
                        new LongAdder()));
            } else {
                AuditState.FINDINGS.heldAgain(key);
            }
        }
    }

    // ---- MPI calls ----------------------------------------------------------------------------------

    void callEnter(int id) {
        if (virtual) {
            PinningMonitor.ensureStarted();
        }
        if (callDepth++ == 0) {
            callId = id;
            callSeq = ++seqCounter;
            callAcq = 0;
            callWait = 0;
            callBlocked = 0;
            callFailed = 0;
            callSiteN = 0;
        }
    }

    /** Leaves a call; {@code thrown} is the throwable it ends with, or null if it returned. */
    void callExit(Throwable thrown) {
        if (callDepth == 0) {
            return;                                  // attached in the middle of a call
        }
        if (--callDepth > 0) {
            return;
        }
        try {
            checkEpoch();
            if (heldCount > 0) {
                checkLeaks(thrown);
            }
            CallStats s = CallTable.stats(callId);
            s.recordCall(callAcq, callWait, callBlocked, callFailed);
            for (int i = 0; i < callSiteN; i++) {
                s.bySite.add(callSites[i], callSiteCounts[i]);
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
        callId = -1;
        callSeq = 0;
    }

    private void checkLeaks(Throwable thrown) {
        String path = thrown == null ? "returned" : "threw " + thrown.getClass().getName();
        for (int i = 0; i < heldCount; i++) {
            Held h = held[i];
            if (h.callSeq != callSeq) {
                continue;
            }
            long key = LongHashSet.mix(((long) h.site << 32) ^ ((long) callId << 16)) ^ path.hashCode();
            if (seenLeaks.add(key) && !AuditState.FINDINGS.knowsLeak(key)) {
                String detail = thrown == null || thrown.getMessage() == null ? path : path + ": " + thrown.getMessage();
                AuditState.FINDINGS.leak(key, new Findings.Leak(callId, h.node, h.site, detail, name(),
                        AuditState.exemplar(h.site, callId), thrown != null ? Stacks.of(thrown) : Stacks.current(),
                        new LongAdder()));
            } else {
                AuditState.FINDINGS.leakAgain(key);
            }
        }
    }

    // ---- snapshot (read by another thread) ----------------------------------------------------------

    /** What this thread waits for now, or null if it waits for nothing the agent sees. */
    Waiting waiting() {
        int site = (int) WAIT_SITE.getOpaque(this);
        Object lock = WAIT_LOCK.getOpaque(this);
        if (site < 0 && lock == null) {
            return null;
        }
        long since = (long) WAIT_SINCE.getOpaque(this);
        LockNode released = site >= 0 ? (LockNode) WAIT_RELEASES.getOpaque(this) : null;
        List<LockNode> holding = new ArrayList<>();
        try {
            Held[] hs = held;
            int n = Math.min(heldCount, hs.length);
            for (int i = 0; i < n; i++) {
                Held h = hs[i];
                LockNode node = h == null ? null : h.node;
                if (node != null && node != released) {
                    holding.add(node);
                }
            }
        } catch (RuntimeException e) {
            // a racy view of another thread's stack: keep what was read
        }
        int call = callId;
        return new Waiting(name(), threadId, site, lock, since, call, holding);
    }

    /** A thread's current wait, for the "blocked now" part of a report. */
    record Waiting(String thread, long threadId, int site, Object lock, long since, int callId,
                   List<LockNode> holding) {
    }
}
