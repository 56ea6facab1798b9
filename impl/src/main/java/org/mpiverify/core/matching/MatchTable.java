package org.mpiverify.core.matching;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * The concurrent hash table of Dang, Snir &amp; Gropp, "Toward million communicating threads", §2.2
 * (the abstract table H) and §3.2 (its implementation): a fixed array of buckets, each guarded by a
 * spin lock, mapping {@code long} keys to values, where every key implicitly holds ⊥ ({@code null})
 * until a value is inserted.
 *
 * <p>Operations, in the paper's notation:
 * <ul>
 *   <li>{@link #insert insert(k, v)} — equation (1): if k holds ⊥, store v and return v; otherwise
 *       return the value v' that k holds and change nothing.
 *   <li>{@link #empty empty(k)} — equation (2): replace whatever k holds with ⊥ (always succeeds; this
 *       class also returns the value it removed).
 *   <li>{@link #insertEntry insertEntry(k, v)} — insert that returns the {@link Entry} holding k's value,
 *       so that the owner of that value can later empty it with a single release store
 *       ({@link Entry#empty()}), without the bucket lock (§3.2, last optimization).
 * </ul>
 * Every operation is linearizable. Equation (3), at most one value per key, is an invariant.
 *
 * <p>Waiting: a bucket lock is taken with one CAS when free (the paper's single write). A waiter
 * spins on a plain read with {@link Thread#onSpinWait()} for at most {@value #SPIN_PROBES} probes,
 * then yields {@value #YIELD_PROBES} times, then parks for 1 µs doubling up to 1 ms between probes.
 * No busy wait is unbounded: on 2 cores the holder may be descheduled, and the yields and parks let
 * it run. Critical sections are one chain scan, so the spin phase is the common case.
 *
 * <p>Memory consistency effects: as with other concurrent collections, actions in a thread prior to
 * placing a value in the table <i>happen-before</i> actions subsequent to the access or removal of
 * that value in another thread, whether the value is obtained from {@link #insert}, {@link #get},
 * {@link #empty} or {@link Entry#value()}. An {@link Entry#empty()} happens-before any operation that
 * observes the entry as ⊥.
 */
public final class MatchTable {
    /*
     * Layout (§3.2). A bucket is the paper's "4-entry": one control entry (the spin-lock flag and the
     * pointer to the next bucket of the overflow chain) and three data entries of key + value. We use
     * fields, not per-bucket arrays: arrays would add two headers and two pointer hops, i.e. extra
     * cache lines, which is exactly what the paper's layout avoids. With compressed oops a Bucket is
     * 12 (header) + 4 (lock) + 3 x 8 (keys) + 5 x 4 (next, three values, entry handles) = 60 bytes,
     * padded to 64; with -XX:+UseCompactObjectHeaders (JDK 25) it is 56 (offsets measured with
     * Unsafe.objectFieldOffset on Temurin 25: lock@12, k0-k2@16-32, next@40, v0-v2@44-52,
     * entries@56). What the JVM does NOT
     * guarantee: field order (HotSpot groups longs, then ints, then references, but the JLS promises
     * nothing), alignment (objects are 8-byte aligned, not 64, so a bucket may straddle two lines), and
     * placement (buckets allocated together in the constructor start out adjacent in the TLAB, and a
     * moving GC may rearrange them). So "one bucket = one cache line" holds in size, and typically
     * costs one or two misses, not the paper's guaranteed single miss. Without compressed oops the
     * bucket is 80 bytes.
     *
     * The fundamental invariants:
     * - A data entry is free iff its value is null (⊥); its key is meaningful only while its value is
     *   non-null.
     * - Equation (3): for every key k, at most one entry in k's chain holds k with a non-null value.
     * - Keys, next pointers and the chain's shape change only under the head bucket's lock. Values
     *   change under that lock too, except for Entry.empty(), which only a value's owner performs and
     *   which only ever writes null.
     * - A chain never shrinks: an overflow bucket, once linked, stays (its entries are reused). Memory
     *   is bounded by the largest number of keys that were ever live in one chain at once.
     * - Only the head bucket's lock word is used; an overflow bucket's lock word stays 0.
     *
     * Linearization points:
     * - insert, success: the release store of v into a free entry, under the lock.
     * - insert, failure: the (acquire) read of the entry holding k with value v' != null, under the lock.
     * - empty: the release store of null, under the lock, if k held a value; otherwise the last read of
     *   k's chain under the lock (every entry of the chain was ⊥ or another key at that moment, since
     *   only Entry.empty() could change them concurrently and it only makes entries ⊥).
     * - Entry.empty(): its release store of null.
     * - get: the acquire read that finds k's value, or the end of the scan, as for empty.
     */

    /** A spinner gives up the processor after this many failed lock probes: see {@link #lockBucket}. */
    static final int SPIN_PROBES = 128;
    /** Then it yields this many times before parking. */
    static final int YIELD_PROBES = 16;
    /** Then it parks for a time that starts here and doubles ... */
    static final long MIN_PARK_NANOS = 1_000;
    /** ... up to this bound, re-probing after every park. */
    static final long MAX_PARK_NANOS = 1_000_000;

    private final Bucket[] buckets;
    private final int mask;

    /** A table of at least {@code capacity} head buckets (rounded up to a power of two, at least 1). */
    public MatchTable(int capacity) {
        if (capacity < 1 || capacity > (1 << 28)) throw new IllegalArgumentException("capacity " + capacity);
        int n = Integer.highestOneBit(capacity);
        if (n < capacity) n <<= 1;
        buckets = new Bucket[n];
        for (int i = 0; i < n; i++) buckets[i] = new Bucket();
        mask = n - 1;
    }

    /** Number of head buckets. */
    public int bucketCount() { return buckets.length; }

    /**
     * Equation (1): if {@code key} holds ⊥, makes it hold {@code value} and returns {@code value}; else
     * returns the value it holds, unchanged. Callers tell the cases apart by identity ({@code ==}).
     */
    public Object insert(long key, Object value) {
        Objects.requireNonNull(value, "value (null is ⊥)");
        Bucket head = lockBucket(key);
        try {
            Object existing = putIfAbsentLocked(head, key, value);
            return existing == null ? value : existing;
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
     * The handle is the table's own per-entry object: no allocation.
     */
    public Entry insertEntry(long key, Object value) {
        Objects.requireNonNull(value, "value (null is ⊥)");
        Bucket head = lockBucket(key);
        try {
            return insertLocked(head, key, value);
        } finally {
            unlock(head);
        }
    }

    /** Equation (2): makes {@code key} hold ⊥. Returns the value removed, or null if it held ⊥ already. */
    public Object empty(long key) {
        Bucket head = lockBucket(key);
        try {
            return putLocked(head, key, null);
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

    /** Number of keys holding a value. Exact if the table is quiescent; each bucket is read under its lock. */
    public int size() {
        int n = 0;
        for (Bucket head : buckets) {
            lock(head);
            try {
                for (Bucket b = head; b != null; b = b.next) {
                    for (int i = 0; i < 3; i++) if (b.value(i) != null) n++;
                }
            } finally {
                unlock(head);
            }
        }
        return n;
    }

    /** Index of {@code key}'s head bucket; exposed for tests that force collisions. */
    int bucketIndex(long key) {
        // Fibonacci hashing: the high bits of key * 2^64/phi spread packed (ctx, src, tag) keys whose
        // low bits are equal (same tag) over the buckets.
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
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

    /** Locks and returns {@code key}'s head bucket. Package-private: the engine runs its own step under it. */
    Bucket lockBucket(long key) {
        Bucket head = buckets[bucketIndex(key)];
        lock(head);
        return head;
    }

    private static void lock(Bucket b) {
        // Uncontended case: one CAS, as in the paper ("1 memory write ... to spin-lock").
        if (Bucket.LOCK.weakCompareAndSetAcquire(b, 0, 1)) return;
        int probes = 0;
        long park = MIN_PARK_NANOS;
        for (;;) {
            // Test before test-and-set: spin on a read (opaque: no ordering needed until we own it) so
            // waiters share the line instead of bouncing it with failed CASes.
            if ((int) Bucket.LOCK.getOpaque(b) == 0 && Bucket.LOCK.weakCompareAndSetAcquire(b, 0, 1)) return;
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

    /** Releases a bucket locked by {@link #lockBucket}. */
    static void unlock(Bucket head) {
        // Release store: everything written under the lock is visible to the next acquirer.
        Bucket.LOCK.setRelease(head, 0);
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
    static Object putLocked(Bucket head, long key, Object value) {
        Bucket free = null;
        int freeIndex = -1;
        Bucket last = head;
        for (Bucket b = head; b != null; b = b.next) {
            last = b;
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
        if (value != null) store(free, freeIndex, last, key, value);
        return null;
    }

    /** Equation (1) under the lock: stores value if key holds ⊥ and returns null, else returns the value held. */
    static Object putIfAbsentLocked(Bucket head, long key, Object value) {
        Bucket free = null;
        int freeIndex = -1;
        Bucket last = head;
        for (Bucket b = head; b != null; b = b.next) {
            last = b;
            for (int i = 0; i < 3; i++) {
                Object v = b.value(i);
                if (v == null) {
                    if (free == null) { free = b; freeIndex = i; }
                } else if (b.keys(i) == key) {
                    return v; // linearization point of a failed insert: the read of v
                }
            }
        }
        store(free, freeIndex, last, key, value);
        return null;
    }

    private static Entry insertLocked(Bucket head, long key, Object value) {
        Bucket free = null;
        int freeIndex = -1;
        Bucket last = head;
        for (Bucket b = head; b != null; b = b.next) {
            last = b;
            for (int i = 0; i < 3; i++) {
                Object v = b.value(i);
                if (v == null) {
                    if (free == null) { free = b; freeIndex = i; }
                } else if (b.keys(i) == key) {
                    return b.entry(i); // linearization point of a failed insert: the read of v above
                }
            }
        }
        return store(free, freeIndex, last, key, value);
    }

    /** Stores (key, value) in the free entry found, or in a new overflow bucket after {@code last}. */
    private static Entry store(Bucket free, int freeIndex, Bucket last, long key, Object value) {
        if (free == null) {
            // More than 3 live keys in this chain: append an overflow bucket (the control entry's
            // next pointer). Plain write: the bucket is reached only under the head's lock, whose
            // release publishes it.
            free = new Bucket();
            freeIndex = 0;
            last.next = free;
        }
        free.setKey(freeIndex, key);    // plain: ordered before the value by the release below
        free.setValue(freeIndex, value); // release: linearization point of a successful insert
        return free.entry(freeIndex);
    }

    /** Calls {@code sink} for every (key, value) whose key passes {@code filter}, and empties it; each bucket under its lock. */
    void drain(LongPredicate filter, KeyValueSink sink) {
        for (Bucket head : buckets) {
            lock(head);
            try {
                for (Bucket b = head; b != null; b = b.next) {
                    for (int i = 0; i < 3; i++) {
                        Object v = b.value(i);
                        if (v != null && filter.test(b.keys(i))) {
                            b.setValue(i, null);
                            sink.accept(b.keys(i), v);
                        }
                    }
                }
            } finally {
                unlock(head);
            }
        }
    }

    /** Calls {@code visitor} for every live value; each bucket under its lock. */
    void forEachValue(Consumer<Object> visitor) {
        for (Bucket head : buckets) {
            lock(head);
            try {
                for (Bucket b = head; b != null; b = b.next) {
                    for (int i = 0; i < 3; i++) {
                        Object v = b.value(i);
                        if (v != null) visitor.accept(v);
                    }
                }
            } finally {
                unlock(head);
            }
        }
    }

    /** Receives drained pairs without boxing the key. */
    @FunctionalInterface
    interface KeyValueSink {
        void accept(long key, Object value);
    }

    /**
     * A handle on one data entry of a bucket: the "address of the associated entry" that DSG's insert
     * returns (§3.2). Each bucket creates its three handles once, so handing them out allocates nothing.
     */
    public static final class Entry {
        private final Bucket bucket;
        private final int index;

        Entry(Bucket bucket, int index) {
            this.bucket = bucket;
            this.index = index;
        }

        /** The value this entry holds now, or null (⊥). Acquire read: see the class's memory effects. */
        public Object value() { return bucket.value(index); }

        /** The key of this entry; meaningful only while {@link #value()} is non-null. */
        public long key() { return bucket.keys(index); }

        /**
         * The single-write empty of §3.2: one release store of ⊥, no lock. Safe only for the owner of
         * the entry's current value: the thread that inserted it through this entry (or one that
         * received ownership from it through a happens-before edge), while no other thread may empty
         * that key. Then the entry's key cannot change before this store (keys are rewritten only in
         * entries holding ⊥), so the store removes exactly the owner's value. If two threads might
         * empty the same key (the case DSG exclude: concurrent operations with the same signature),
         * use {@link MatchTable#empty(long)} instead: a stale handle would erase another key's value.
         */
        public void empty() { bucket.setValue(index, null); }
    }

    /** Head or overflow bucket: control entry (lock, next) and three data entries (k_i, v_i). */
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

        /** Spin-lock flag (head buckets only). 0 free, 1 held. CAS-acquire to take, release store to give back. */
        @SuppressWarnings("unused") private int lock;
        /** Overflow chain. Written and read only under the head's lock: plain. */
        Bucket next;
        /** Keys: written only under the head's lock into entries holding ⊥, before the value's release store: plain. */
        private long k0, k1, k2;
        /**
         * Values: written with release stores (under the lock, or by the owner's lock-free Entry.empty)
         * and read with acquire loads, so a value read by any path carries its key and contents with it.
         */
        @SuppressWarnings("unused") private Object v0, v1, v2;
        /** The three entry handles, created on first use under the lock; read under the lock: plain. */
        private Entry[] entries;

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

        Entry entry(int i) {
            Entry[] es = entries;
            if (es == null) entries = es = new Entry[] {new Entry(this, 0), new Entry(this, 1), new Entry(this, 2)};
            return es[i];
        }
    }
}
