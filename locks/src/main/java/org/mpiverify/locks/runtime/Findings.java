package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The findings of a run, each recorded once with its evidence (stacks, lock, call) and counted every time
 * it happens again:
 * <ul>
 *   <li>{@link HeldAcrossBlocking}: a thread blocked while holding a lock or permit it had taken inside an
 *       MPI call (Gropp &amp; Thakur §4, Fig. 2);</li>
 *   <li>{@link Leak}: a lock or permit taken inside an MPI call was still held when the call returned or
 *       threw;</li>
 *   <li>{@link Pinning}: a virtual thread pinned its carrier inside an MPI call (JFR
 *       {@code jdk.VirtualThreadPinned}).</li>
 * </ul>
 * Lock-order cycles are not recorded here: they come from the {@link LockGraph} when the report is written.
 *
 * <p>Memory consistency effects: a finding's record is built completely before it is published into its
 * {@link ConcurrentHashMap}, so a report that reads it sees its stacks; counts are {@link LongAdder}s, read
 * as a sum that may miss increments racing with the report.
 */
public final class Findings {
    private final ConcurrentHashMap<Long, HeldAcrossBlocking> held = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Leak> leaks = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Pinning> pinning = new ConcurrentHashMap<>();
    final LongAdder pinnedOutsideCalls = new LongAdder();

    /** A thread blocked in {@code blockSite} while holding {@code lock}, acquired at {@code acquireSite}. */
    public record HeldAcrossBlocking(int callId, LockNode lock, int acquireSite, int blockSite, String thread,
                                     List<String> acquireStack, List<String> blockStack, LongAdder count) {
    }

    /** {@code lock}, acquired at {@code acquireSite} inside {@code callId}, was still held when the call ended by {@code path}. */
    public record Leak(int callId, LockNode lock, int acquireSite, String path, String thread,
                       List<String> acquireStack, List<String> exitStack, LongAdder count) {
    }

    /** A virtual thread pinned inside {@code callId}: JFR's reason, blocking operation and stack. */
    public record Pinning(int callId, String reason, String blockingOperation, String thread, List<String> stack,
                          LongAdder count, LongAdder totalNanos) {
    }

    boolean knowsHeld(long key) {
        return held.containsKey(key);
    }

    void held(long key, HeldAcrossBlocking f) {
        HeldAcrossBlocking prev = held.putIfAbsent(key, f);
        (prev == null ? f : prev).count.increment();
    }

    void heldAgain(long key) {
        HeldAcrossBlocking f = held.get(key);
        if (f != null) {
            f.count.increment();
        }
    }

    boolean knowsLeak(long key) {
        return leaks.containsKey(key);
    }

    void leak(long key, Leak f) {
        Leak prev = leaks.putIfAbsent(key, f);
        (prev == null ? f : prev).count.increment();
    }

    void leakAgain(long key) {
        Leak f = leaks.get(key);
        if (f != null) {
            f.count.increment();
        }
    }

    void pinned(String key, int callId, String reason, String op, String thread, List<String> stack, long nanos) {
        Pinning p = pinning.computeIfAbsent(key, k -> new Pinning(callId, reason, op, thread, stack,
                new LongAdder(), new LongAdder()));
        p.count.increment();
        p.totalNanos.add(nanos);
    }

    public List<HeldAcrossBlocking> held() {
        return new ArrayList<>(held.values());
    }

    public List<Leak> leaks() {
        return new ArrayList<>(leaks.values());
    }

    public List<Pinning> pinning() {
        return new ArrayList<>(pinning.values());
    }

    public long pinnedOutsideCalls() {
        return pinnedOutsideCalls.sum();
    }
}
