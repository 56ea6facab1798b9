package org.mpiverify.core.matching;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import org.mpiverify.core.trace.TableStep;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * The concurrent hash table of Dang, Snir &amp; Gropp, "Toward million communicating threads", §2.2
 * (the abstract table H) and §3.2 (its implementation): an array of buckets, each guarded by a spin
 * lock, mapping {@code long} keys to values, where every key implicitly holds ⊥ ({@code null}) until a
 * value is inserted; the array doubles as the number of keys grows.
 *
 * <p>Operations, in the paper's notation:
 * <ul>
 *   <li>{@link #insert insert(k, v)} — equation (1): if k holds ⊥, store v and return v; otherwise
 *       return the value v' that k holds and change nothing.
 *   <li>{@link #empty empty(k)} — equation (2): replace whatever k holds with ⊥ (always succeeds; this
 *       class also returns the value it removed).
 *   <li>{@link #insertEntry insertEntry(k, v)} — insert that returns the {@link Entry} holding k's value,
 *       so that the owner of that value can later empty it without the bucket lock (§3.2, last
 *       optimization).
 * </ul>
 * Every operation is linearizable. Equation (3), at most one value per key, is an invariant.
 *
 * <p><b>Growth (beyond the paper).</b> DSG size the table by the number of concurrent operations, which
 * their packet pool bounds. Here the number of pending receives is the number of threads, up to 10^6 and
 * more, so a fixed table would turn every operation into a scan of a chain of n/buckets keys: with 256
 * buckets and 10^6 receives, a chain of 1,300 buckets, and matching stops being O(1). So the table
 * doubles, as {@code java.util.concurrent.ConcurrentHashMap} does, by moving one bucket chain at a time
 * while other operations go on:
 * <ul>
 *   <li>Trigger: an insert that needs a third bucket in its chain (more than six live keys) flags its
 *       head; its {@link #unlock} then asks for growth. Growth happens if no other growth is running and
 *       the mean number of live keys per chain, counted under the locks of 64 chains spread over the
 *       table, is at least {@value #GROW_LOAD}; so one crowded chain in an empty table (keys that
 *       collide whatever the size) does not double it.
 *   <li>Hash: a key's head is the top {@code log2(n)} bits of {@code key * 2^64/phi} (Fibonacci
 *       hashing), so doubling splits chain {@code i} into chains {@code 2i} and {@code 2i+1} of the new
 *       table and nothing else.
 *   <li>Move: one grower at a time locks old head {@code i}, locks new heads {@code 2i} and {@code 2i+1}
 *       (fresh: nobody else can reach them yet), moves every live entry there, marks each old entry
 *       {@link #MOVED} and sets the old head's lock word to {@code FORWARDED} for good, with a release
 *       store. An operation that finds its head forwarded follows it to the new table; when every head
 *       is forwarded, the table reference switches to the new table (volatile).
 *   <li>The table does not shrink: like a {@code HashMap}, it keeps the size of its busiest moment.
 * </ul>
 *
 * <p>Waiting: a bucket lock is taken with one CAS when free (the paper's single write). A waiter
 * spins on a plain read with {@link Thread#onSpinWait()} for at most {@value #SPIN_PROBES} probes,
 * then yields {@value #YIELD_PROBES} times, then parks for 1 µs doubling up to 1 ms between probes.
 * No busy wait is unbounded: on 2 cores the holder may be descheduled, and the yields and parks let
 * it run. Critical sections are one chain scan, so the spin phase is the common case; a grower holds
 * one old and two new head locks at a time, for one chain's move.
 *
 * <p>Recording ({@link #recordTo}, for trace validation against {@code specs/matchtable/AtomicMapTrace.tla}):
 * {@link #insert}, {@link #insertEntry}, {@link #empty} and {@link Entry#empty()} each record one step,
 * stamped under the key's bucket lock, so the steps on one key are ordered as their critical sections
 * (a move to a grown table orders the old head's steps before the new head's). While recording, an
 * owner's lock-free {@link Entry#empty()} takes the bucket lock around its CAS, as the recorder requires of a
 * step decided by a lock-free access. Off, each hook is one plain read of a field and a branch. The
 * engine's own locked-bucket steps and whole-table walks are recorded by the engine, as matching steps.
 *
 * <p>Memory consistency effects: as with other concurrent collections, actions in a thread prior to
 * placing a value in the table <i>happen-before</i> actions subsequent to the access or removal of
 * that value in another thread, whether the value is obtained from {@link #insert}, {@link #get},
 * {@link #empty} or {@link Entry#value()}. An {@link Entry#empty()} happens-before any operation that
 * observes the entry as ⊥.
 */
public final class MatchTable {
    /*
     * Layout (§3.2). A bucket is the paper's "4-entry": one control entry (the lock word and the pointer
     * to the next bucket of the overflow chain) and three data entries of key + value, plus one word,
     * aux: the bucket's Entry handles, or once the bucket has moved, the table it moved to. Fields, not
     * per-bucket arrays: arrays would add headers and pointer hops. With compressed oops a Bucket is 12
     * (header) + 4 (lock) + 3 x 8 (keys) + 5 x 4 (next, three values, aux) = 60 bytes, padded to 64;
     * with -XX:+UseCompactObjectHeaders it is 56. What the JVM does NOT guarantee: field order,
     * alignment (objects are 8-byte aligned, not 64, so a bucket may straddle two lines), placement
     * (a moving GC may rearrange buckets). So "one bucket = one cache line" holds in size and typically
     * costs one or two misses, not the paper's guaranteed single miss.
     *
     * Lock word of a head bucket: FREE, HELD, HELD_GROW (held; the holder's insert asks for growth at
     * unlock) or FORWARDED (terminal: the chain moved to the table in aux). Overflow buckets' lock words
     * stay FREE.
     *
     * The fundamental invariants:
     * - A data entry is free iff its value is null (⊥); its key is meaningful only while its value is
     *   non-null. A value is MOVED only in a forwarded chain, and then for good.
     * - Equation (3): for every key k, at most one live entry (non-null, not MOVED) holds k in the whole
     *   structure: in k's chain of the newest table that has a non-forwarded head for k.
     * - Keys, next pointers and the chain's shape change only under the head bucket's lock. Values
     *   change under that lock too, except for Entry.empty(), which only a value's owner performs, by a
     *   CAS from its own value to null (it never overwrites MOVED).
     * - A chain never shrinks: an overflow bucket, once linked, stays (its entries are reused) until its
     *   chain moves. A forwarded head is never unlocked again; nothing is inserted into a forwarded chain.
     * - At most one growth runs at a time (the growing flag), and only from the current table.
     *
     * Linearization points:
     * - insert, success: the release store of v into a free entry, under the lock.
     * - insert, failure: the (acquire) read of the entry holding k with value v' != null, under the lock.
     * - empty: the release store of null, under the lock, if k held a value; otherwise the last read of
     *   k's chain under the lock (every entry of the chain was ⊥ or another key at that moment, since
     *   only Entry.empty() could change them concurrently and it only makes entries ⊥).
     * - Entry.empty(): its successful CAS to null; if the entry had moved, the empty(k) it falls back to.
     * - get: the acquire read that finds k's value, or the end of the scan, as for empty.
     * - A move changes no key's value: under the old head's lock every live entry is copied (same key,
     *   same value) into a new chain that nobody else can reach before the old head is forwarded, and
     *   the old entry is marked MOVED atomically with reading it, so an owner's lock-free empty either
     *   happened before (the entry is not copied) or finds MOVED and empties the copy instead.
     */

    /** A spinner gives up the processor after this many failed lock probes: see {@link #lockBucket}. */
    static final int SPIN_PROBES = 128;
    /** Then it yields this many times before parking. */
    static final int YIELD_PROBES = 16;
    /** Then it parks for a time that starts here and doubles ... */
    static final long MIN_PARK_NANOS = 1_000;
    /** ... up to this bound, re-probing after every park. */
    static final long MAX_PARK_NANOS = 1_000_000;
    /** Largest number of head buckets a table may have. */
    static final int MAX_CAPACITY = 1 << 28;
    /** An insert that makes its chain this many buckets long asks the table to grow. */
    static final int GROW_CHAIN = 3;
    /** The table grows when its chains hold at least this many live keys on average (sampled). */
    static final double GROW_LOAD = 2.0;
    /** Chains counted to estimate the load. */
    static final int LOAD_SAMPLES = 64;

    static final int FREE = 0;
    static final int HELD = 1;
    static final int HELD_GROW = 2;
    static final int FORWARDED = 3;
    /** The value of an entry whose chain moved to a newer table. Never a caller's value. */
    static final Object MOVED = new Object() {
        @Override
        public String toString() {
            return "MOVED";
        }
    };

    private static final VarHandle GROWING;
    static {
        try {
            GROWING = MethodHandles.lookup().findVarHandle(MatchTable.class, "growing", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The newest table. Volatile: written once per growth, after every old head is forwarded. */
    private volatile Table table;
    /** 1 while a growth runs; CAS from 0 to start one. */
    @SuppressWarnings("unused") // through GROWING
    private volatile int growing;
    private final int maxCapacity;
    private final int growChain;
    /** The recorder while recording COMPLETION (this table's steps), else null; written before publication. */
    private TraceRecorder trace;
    /** This table's name in the trace (a stamp, unique in the recorder); written with {@code trace}. */
    private long traceId;

    /** A table of at least {@code capacity} head buckets (rounded up to a power of two) that may grow. */
    public MatchTable(int capacity) {
        this(capacity, MAX_CAPACITY);
    }

    /**
     * A table of at least {@code capacity} head buckets that grows up to {@code maxCapacity} heads
     * ({@code maxCapacity <= capacity}: a fixed table, the paper's).
     */
    public MatchTable(int capacity, int maxCapacity) {
        this(capacity, maxCapacity, GROW_CHAIN);
    }

    /** As {@link #MatchTable(int, int)}, asking to grow when a chain reaches {@code growChain} buckets (tests: 2). */
    MatchTable(int capacity, int maxCapacity, int growChain) {
        if (capacity < 1 || capacity > MAX_CAPACITY) throw new IllegalArgumentException("capacity " + capacity);
        if (growChain < 2) throw new IllegalArgumentException("growChain " + growChain);
        int n = roundUp(capacity);
        this.table = new Table(n);
        this.maxCapacity = Math.max(n, Math.min(MAX_CAPACITY, maxCapacity));
        this.growChain = growChain;
    }

    private static int roundUp(int capacity) {
        int n = Integer.highestOneBit(capacity);
        return n < capacity ? n << 1 : n;
    }

    /**
     * Records this table's inserts and empties to {@code recorder} if it records
     * {@link TraceRecorder.Algorithm#COMPLETION} (null: stop recording). Call before the table is shared.
     */
    public void recordTo(TraceRecorder recorder) {
        trace = TraceRecorder.of(recorder, TraceRecorder.Algorithm.COMPLETION);
        if (trace != null) traceId = trace.stamp();
    }

    /** Records one step; called under the key's bucket lock, so that stamps follow the lock's order. */
    private void record(TableStep.Kind kind, long key, Object value, Object result) {
        trace.record(trace.stamp(), new TableStep(kind, traceId, Thread.currentThread().threadId(), key, value, result));
    }

    /** Number of head buckets of the newest table. */
    public int bucketCount() { return table.buckets.length; }

    /**
     * Equation (1): if {@code key} holds ⊥, makes it hold {@code value} and returns {@code value}; else
     * returns the value it holds, unchanged. Callers tell the cases apart by identity ({@code ==}).
     */
    public Object insert(long key, Object value) {
        Objects.requireNonNull(value, "value (null is ⊥)");
        Bucket head = lockBucket(key);
        try {
            Object existing = putIfAbsentLocked(head, key, value);
            Object result = existing == null ? value : existing;
            if (trace != null) record(TableStep.Kind.INSERT, key, value, result);
            return result;
        } finally {
            unlock(head);
        }
    }

    /**
     * {@link #insert} that returns the entry holding {@code key}'s value at the linearization point:
     * the caller's {@code value} was inserted iff {@code entry.value() == value} right after the call
     * (values are distinct objects, and only the caller may empty a value it inserted). A caller whose
     * insert failed gets the entry of the existing value v'; reading v' from it is reliable only if no
     * one empties v' meanwhile, as in DSG's Algorithms 1-2, where the failing side is either the
     * emptier itself or hands v' to the emptier before it can wake; otherwise use {@link #insert}.
     * The handle is the table's own per-entry object: no allocation after the bucket's first.
     */
    public Entry insertEntry(long key, Object value) {
        Objects.requireNonNull(value, "value (null is ⊥)");
        Bucket head = lockBucket(key);
        try {
            Object existing = putIfAbsentLocked(head, key, value);
            Object result = existing == null ? value : existing;
            if (trace != null) record(TableStep.Kind.INSERT, key, value, result);
            return entryOf(head, key, result);
        } finally {
            unlock(head);
        }
    }

    /** Equation (2): makes {@code key} hold ⊥. Returns the value removed, or null if it held ⊥ already. */
    public Object empty(long key) {
        Bucket head = lockBucket(key);
        try {
            Object removed = putLocked(head, key, null);
            if (trace != null) record(TableStep.Kind.EMPTY, key, null, removed);
            return removed;
        } finally {
            unlock(head);
        }
    }

    /** The value {@code key} holds, or null (⊥). */
    public Object get(long key) {
        Bucket head = lockBucket(key);
        try {
            return getLocked(head, key);
        } finally {
            unlock(head);
        }
    }

    /** Number of keys holding a value. Exact if the table is quiescent; each chain is read under its lock. */
    public int size() {
        int[] n = {0};
        forEachValue(v -> n[0]++);
        return n[0];
    }

    /** Index of {@code key}'s head bucket in the newest table; exposed for tests that force collisions. */
    int bucketIndex(long key) {
        return table.index(key);
    }

    /** Number of buckets (head plus overflow) in {@code key}'s chain; for tests. */
    int chainLength(long key) {
        Bucket head = lockBucket(key);
        try {
            int n = 0;
            for (Bucket b = head; b != null; b = b.next) n++;
            return n;
        } finally {
            unlock(head);
        }
    }

    // ---- the bucket lock: test-and-test-and-set with a bounded spin, then yield, then timed park ----

    /**
     * Locks and returns {@code key}'s head bucket in the newest table that has one not forwarded.
     * Package-private: the engine runs its own step under it and releases it with {@link #unlock}.
     */
    Bucket lockBucket(long key) {
        Table t = table;
        for (;;) {
            Bucket head = t.buckets[t.index(key)];
            if (lock(head)) {
                return head;
            }
            t = (Table) head.aux; // forwarded: aux is the table it moved to (published by the FORWARDED store)
        }
    }

    /** Takes {@code b}'s lock; false if {@code b} is forwarded (then it is not locked). */
    private static boolean lock(Bucket b) {
        // Uncontended case: one CAS, as in the paper ("1 memory write ... to spin-lock").
        if (Bucket.LOCK.weakCompareAndSetAcquire(b, FREE, HELD)) return true;
        int probes = 0;
        long park = MIN_PARK_NANOS;
        for (;;) {
            // Test before test-and-set: spin on a read so waiters share the line instead of bouncing it
            // with failed CASes. Acquire: a FORWARDED read must see the grower's writes before it.
            int s = (int) Bucket.LOCK.getAcquire(b);
            if (s == FORWARDED) return false;
            if (s == FREE && Bucket.LOCK.weakCompareAndSetAcquire(b, FREE, HELD)) return true;
            probes++;
            if (probes < SPIN_PROBES) {
                Thread.onSpinWait();
            } else if (probes < SPIN_PROBES + YIELD_PROBES) {
                // On 2 cores the holder may be descheduled: give it the processor.
                Thread.yield();
            } else {
                // Lock holders run O(1) or one same-key scan, so a long wait means preemption. A timed
                // park needs no waiter queue (hence no unlock-side cost) and bounds the waste per probe.
                LockSupport.parkNanos(park);
                park = Math.min(park << 1, MAX_PARK_NANOS);
            }
        }
    }

    /** Releases a head bucket locked by {@link #lockBucket}; grows the table if an insert asked for it. */
    void unlock(Bucket head) {
        int s = (int) Bucket.LOCK.get(head); // plain: this thread holds the lock
        // Release store: everything written under the lock is visible to the next acquirer.
        Bucket.LOCK.setRelease(head, FREE);
        if (s == HELD_GROW) {
            grow();
        }
    }

    // ---- steps run under the head bucket's lock (package-private for HashMatchingEngine) ----

    /** The value {@code key} holds, or null. Caller holds {@code head}'s lock. */
    static Object getLocked(Bucket head, long key) {
        for (Bucket b = head; b != null; b = b.next) {
            for (int i = 0; i < 3; i++) {
                Object v = b.value(i); // read the value once, then the key (stable under the lock)
                if (v != null && b.keys(i) == key) return v;
            }
        }
        return null;
    }

    /**
     * Makes {@code key} hold {@code value} (null = ⊥), whatever it held; returns what it held. Caller
     * holds {@code head}'s lock. This is the general step; insert and empty are its two restrictions.
     */
    Object putLocked(Bucket head, long key, Object value) {
        Bucket free = null;
        int freeIndex = -1;
        Bucket last = head;
        int chain = 0;
        for (Bucket b = head; b != null; b = b.next) {
            last = b;
            chain++;
            for (int i = 0; i < 3; i++) {
                Object v = b.value(i);
                if (v == null) {
                    if (free == null) { free = b; freeIndex = i; }
                } else if (b.keys(i) == key) {
                    b.setValue(i, value);
                    return v;
                }
            }
        }
        if (value != null) store(head, free, freeIndex, last, chain, key, value);
        return null;
    }

    /** Equation (1) under the lock: stores value if key holds ⊥ and returns null, else returns the value held. */
    Object putIfAbsentLocked(Bucket head, long key, Object value) {
        Bucket free = null;
        int freeIndex = -1;
        Bucket last = head;
        int chain = 0;
        for (Bucket b = head; b != null; b = b.next) {
            last = b;
            chain++;
            for (int i = 0; i < 3; i++) {
                Object v = b.value(i);
                if (v == null) {
                    if (free == null) { free = b; freeIndex = i; }
                } else if (b.keys(i) == key) {
                    return v; // linearization point of a failed insert: the read of v
                }
            }
        }
        store(head, free, freeIndex, last, chain, key, value);
        return null;
    }

    /** The entry of {@code head}'s chain holding {@code value} under {@code key}. Caller holds the lock. */
    private Entry entryOf(Bucket head, long key, Object value) {
        for (Bucket b = head; b != null; b = b.next) {
            for (int i = 0; i < 3; i++) {
                if (b.value(i) == value && b.keys(i) == key) return b.entry(i, this);
            }
        }
        throw new IllegalStateException("entry of key " + key + " not found under its lock");
    }

    /**
     * Stores (key, value) in the free entry found, or in a new overflow bucket after {@code last}; an
     * overflow that makes the chain {@code growChain} buckets long flags the head for growth.
     */
    private void store(Bucket head, Bucket free, int freeIndex, Bucket last, int chain, long key, Object value) {
        if (free == null) {
            // More than 3 live keys per bucket of this chain: append an overflow bucket (the control
            // entry's next pointer). Plain write: the bucket is reached only under the head's lock,
            // whose release publishes it.
            free = new Bucket();
            freeIndex = 0;
            last.next = free;
            if (chain + 1 >= growChain && table.buckets.length < maxCapacity) {
                // Opaque, not plain: we hold the lock, but waiters read the word meanwhile (test before
                // test-and-set), and a plain store would race with their reads (the race detector's
                // finding). Read back by unlock().
                Bucket.LOCK.setOpaque(head, HELD_GROW);
            }
        }
        free.setKey(freeIndex, key);    // plain: ordered before the value by the release below
        free.setValue(freeIndex, value); // release: linearization point of a successful insert
    }

    // ---- growth ----

    /** Doubles the newest table if no growth runs and its sampled load is high enough (see the class comment). */
    private void grow() {
        Table t = table;
        if (t.buckets.length >= maxCapacity || !GROWING.compareAndSet(this, 0, 1)) {
            return; // at its bound, or another thread is growing it: this chain waits for the next trigger
        }
        try {
            if (table != t || sampledLoad(t) < GROW_LOAD) {
                return;
            }
            Table next = new Table(t.buckets.length << 1);
            for (int i = 0; i < t.buckets.length; i++) {
                move(t.buckets[i], next, i);
            }
            table = next; // volatile: every old head is forwarded by now
        } finally {
            GROWING.setRelease(this, 0);
        }
    }

    /** Mean live keys per chain over up to {@link #LOAD_SAMPLES} chains spread over {@code t}. */
    private static double sampledLoad(Table t) {
        int n = t.buckets.length;
        int samples = Math.min(n, LOAD_SAMPLES);
        int live = 0;
        for (int s = 0; s < samples; s++) {
            Bucket head = t.buckets[(int) ((long) s * n / samples)];
            if (!lock(head)) {
                continue; // cannot happen while we hold the growing flag and t is the newest table
            }
            try {
                for (Bucket b = head; b != null; b = b.next) {
                    for (int i = 0; i < 3; i++) if (b.value(i) != null) live++;
                }
            } finally {
                Bucket.LOCK.setRelease(head, FREE); // not unlock(): a sample never asks for growth
            }
        }
        return (double) live / samples;
    }

    /** Moves old head {@code i}'s chain into {@code next}'s heads {@code 2i} and {@code 2i+1}, then forwards it. */
    private void move(Bucket old, Table next, int i) {
        if (!lock(old)) {
            throw new IllegalStateException("a head was forwarded outside a growth");
        }
        Bucket low = next.buckets[2 * i], high = next.buckets[2 * i + 1];
        lock(low);  // fresh and unreachable by others until old is forwarded: uncontended
        lock(high);
        try {
            for (Bucket b = old; b != null; b = b.next) {
                b.aux = next;                            // before MOVED: an owner that reads MOVED sees it
                for (int j = 0; j < 3; j++) {
                    Object v = b.takeForMove(j);         // atomic read-and-mark: races only with Entry.empty()
                    if (v != null) {
                        long k = b.keys(j);
                        Bucket to = next.index(k) == 2 * i ? low : high;
                        putIfAbsentLocked(to, k, v);
                    }
                }
            }
        } finally {
            // Plain releases: a new chain's growth flag is meaningless while we grow (one growth at a time).
            Bucket.LOCK.setRelease(low, FREE);
            Bucket.LOCK.setRelease(high, FREE);
            Bucket.LOCK.setRelease(old, FORWARDED); // release: publishes aux, the marks and the copies
        }
    }

    // ---- whole-table walks (mode switches, sizes) ----

    /** Calls {@code sink} for every (key, value) whose key passes {@code filter}, and empties it; each chain under its lock. */
    void drain(LongPredicate filter, KeyValueSink sink) {
        Table t = table;
        for (int i = 0; i < t.buckets.length; i++) {
            visit(t, i, head -> {
                for (Bucket b = head; b != null; b = b.next) {
                    for (int j = 0; j < 3; j++) {
                        Object v = b.value(j);
                        if (v != null && filter.test(b.keys(j))) {
                            b.setValue(j, null);
                            sink.accept(b.keys(j), v);
                        }
                    }
                }
            });
        }
    }

    /** Calls {@code visitor} for every live value; each chain under its lock. */
    void forEachValue(Consumer<Object> visitor) {
        Table t = table;
        for (int i = 0; i < t.buckets.length; i++) {
            visit(t, i, head -> {
                for (Bucket b = head; b != null; b = b.next) {
                    for (int j = 0; j < 3; j++) {
                        Object v = b.value(j);
                        if (v != null) visitor.accept(v);
                    }
                }
            });
        }
    }

    /** Runs {@code step} on chain {@code i} of {@code t} under its lock, or on the chains it moved to. */
    private void visit(Table t, int i, Consumer<Bucket> step) {
        Bucket head = t.buckets[i];
        if (lock(head)) {
            try {
                step.accept(head);
            } finally {
                Bucket.LOCK.setRelease(head, FREE); // a walk inserts nothing: no growth request to honour
            }
            return;
        }
        Table next = (Table) head.aux;
        visit(next, 2 * i, step);
        visit(next, 2 * i + 1, step);
    }

    /**
     * {@link Entry#empty()} while recording: the CAS under the key's bucket lock, so that its stamp is ordered
     * with the other steps on the key. Not moved, the entry is in the chain of the head locked (a grower marks
     * an entry MOVED before it forwards the head, and cannot move it while the lock is held); moved, the key's
     * value is in that chain, and emptied there.
     */
    private void emptyRecorded(Entry e) {
        long key = e.key();
        Bucket head = lockBucket(key);
        try {
            Object v = e.bucket.value(e.index);
            Object removed;
            if (v == MOVED) {
                removed = putLocked(head, key, null);
            } else {
                removed = v != null && e.bucket.casValue(e.index, v, null) ? v : null;
            }
            record(TableStep.Kind.EMPTY, key, null, removed);
        } finally {
            unlock(head);
        }
    }

    /** Receives drained pairs without boxing the key. */
    @FunctionalInterface
    interface KeyValueSink {
        void accept(long key, Object value);
    }

    /** One generation of the table: its heads and how keys map to them. */
    static final class Table {
        final Bucket[] buckets;
        /** 64 - log2(length), at most 63; with length 1 every key maps to 0. */
        private final int shift;
        private final int mask;

        Table(int n) {
            buckets = new Bucket[n];
            for (int i = 0; i < n; i++) buckets[i] = new Bucket();
            shift = Math.min(63, 64 - Integer.numberOfTrailingZeros(n));
            mask = n - 1;
        }

        /**
         * Fibonacci hashing: the top bits of key * 2^64/phi spread packed (ctx, src, tag) keys whose low
         * bits are equal (same tag) over the heads, and doubling the table adds one bit at the bottom of
         * the index, so chain i splits into chains 2i and 2i+1.
         */
        int index(long key) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift) & mask;
        }
    }

    /**
     * A handle on one data entry of a bucket: the "address of the associated entry" that DSG's insert
     * returns (§3.2). Each bucket creates its three handles once, so handing them out allocates nothing
     * after that. If the table grows, the entry's value moves to the new table; the handle then finds it
     * there (its old entry holds {@code MOVED}).
     */
    public static final class Entry {
        private final Bucket bucket;
        private final int index;
        private final MatchTable table;

        Entry(Bucket bucket, int index, MatchTable table) {
            this.bucket = bucket;
            this.index = index;
            this.table = table;
        }

        /** The value this entry holds now, or null (⊥). Acquire read: see the class's memory effects. */
        public Object value() {
            Object v = bucket.value(index);
            return v == MOVED ? table.get(key()) : v;
        }

        /** The key of this entry; meaningful only while {@link #value()} is non-null. */
        public long key() { return bucket.keys(index); }

        /** The bucket holding this entry (package-private: for the known-bad twins of the test suites). */
        Bucket bucket() { return bucket; }

        /** This entry's index in its bucket (package-private: as {@link #bucket()}). */
        int index() { return index; }

        /**
         * The lock-free empty of §3.2: one CAS of the owner's value to ⊥, no lock. (The paper's is a
         * single plain write; a CAS is what keeps it correct while the table grows: a grower marks the
         * entry MOVED atomically, and then the owner empties the moved copy under its lock instead.)
         * Safe only for the owner of the entry's current value: the thread that inserted it through this
         * entry (or one that received ownership from it through a happens-before edge), while no other
         * thread may empty that key. If two threads might empty the same key (the case DSG exclude:
         * concurrent operations with the same signature), use {@link MatchTable#empty(long)} instead: a
         * stale handle would erase another key's value.
         */
        public void empty() {
            if (table.trace != null) {
                table.emptyRecorded(this);
                return;
            }
            for (;;) {
                Object v = bucket.value(index);
                if (v == MOVED) {
                    table.empty(key()); // the key is frozen with the entry: moved entries are never reused
                    return;
                }
                if (v == null || bucket.casValue(index, v, null)) {
                    return;
                }
                // The CAS failed: a grower marked the entry MOVED meanwhile (only it races with the owner).
            }
        }
    }

    /** Head or overflow bucket: control entry (lock, next), three data entries (k_i, v_i) and aux. */
    static final class Bucket {
        static final VarHandle LOCK;
        static final VarHandle V0;
        static final VarHandle V1;
        static final VarHandle V2;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                LOCK = l.findVarHandle(Bucket.class, "lock", int.class);
                V0 = l.findVarHandle(Bucket.class, "v0", Object.class);
                V1 = l.findVarHandle(Bucket.class, "v1", Object.class);
                V2 = l.findVarHandle(Bucket.class, "v2", Object.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** Lock word (head buckets only): FREE, HELD, HELD_GROW or FORWARDED. CAS-acquire to take, release store to give back. */
        @SuppressWarnings("unused") private int lock;
        /** Overflow chain. Written and read only under the head's lock: plain. */
        Bucket next;
        /** Keys: written only under the head's lock into entries holding ⊥, before the value's release store: plain. */
        private long k0, k1, k2;
        /**
         * Values: written with release stores (under the lock), CAS (an owner's lock-free empty, a
         * grower's MOVED mark) and read with acquire loads, so a value read by any path carries its key
         * and contents with it.
         */
        @SuppressWarnings("unused") private Object v0, v1, v2;
        /**
         * The three Entry handles (an Entry[], created on first use under the lock), or once the chain
         * has moved, the Table it moved to (written under the lock before the MOVED marks).
         */
        Object aux;

        long keys(int i) {
            return switch (i) { case 0 -> k0; case 1 -> k1; default -> k2; };
        }

        void setKey(int i, long k) {
            switch (i) {
                case 0 -> k0 = k;
                case 1 -> k1 = k;
                default -> k2 = k;
            }
        }

        Object value(int i) {
            return switch (i) {
                case 0 -> V0.getAcquire(this);
                case 1 -> V1.getAcquire(this);
                default -> V2.getAcquire(this);
            };
        }

        void setValue(int i, Object v) {
            switch (i) {
                case 0 -> V0.setRelease(this, v);
                case 1 -> V1.setRelease(this, v);
                default -> V2.setRelease(this, v);
            }
        }

        boolean casValue(int i, Object expected, Object v) {
            return switch (i) {
                case 0 -> V0.compareAndSet(this, expected, v);
                case 1 -> V1.compareAndSet(this, expected, v);
                default -> V2.compareAndSet(this, expected, v);
            };
        }

        /** Reads entry i and marks it MOVED in one atomic step; returns the value it held (null: free). */
        Object takeForMove(int i) {
            Object v = switch (i) {
                case 0 -> V0.getAndSet(this, MOVED);
                case 1 -> V1.getAndSet(this, MOVED);
                default -> V2.getAndSet(this, MOVED);
            };
            return v;
        }

        Entry entry(int i, MatchTable table) {
            Entry[] es = (Entry[]) aux;
            if (es == null) {
                aux = es = new Entry[] {new Entry(this, 0, table), new Entry(this, 1, table), new Entry(this, 2, table)};
            }
            return es[i];
        }
    }
}
