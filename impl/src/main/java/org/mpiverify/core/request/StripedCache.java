package org.mpiverify.core.request;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Consumer;

/**
 * The private pools of Dang, Snir &amp; Gropp §3.3 for threads that are too many to each own one: a
 * fixed number of small LIFO caches (stripes), each behind a try-lock, shared by all the virtual
 * threads of one {@link ObjectPool}.
 *
 * <p>Why. DSG's private pool belongs to a <em>worker</em>, a kernel thread that runs many user-level
 * threads, and its "simple fixed-size buffer with a spinlock" is contended by at most two parties. A
 * Java virtual thread has no stable worker and no cheap per-worker storage, and a {@code ThreadLocal}
 * cache per virtual thread (Balaji et al.'s "tlp") costs each thread a cache object, its array and a
 * map entry: 200 bytes a thread for a 32-entry cache ({@code GC.class_histogram} at 10^5 threads with a
 * receive outstanding), more than the receive's own request. So a virtual thread uses the stripe its
 * id hashes to; memory is {@code stripes x capacity} objects whatever the number of threads.
 *
 * <p>No waiting at all: {@link #poll} and {@link #offer} take their stripe's lock with one CAS and, if
 * another thread holds it, give up at once (the caller goes to the pool's shared lock-free stack, as
 * DSG's thread goes to the shared pool when its private one is empty). A stripe's critical section is a
 * few array accesses.
 *
 * <p>Invariants: an object is in at most one stripe, at most once; a stripe's {@code items[0, size)}
 * are its objects and the rest are null; {@code items} and {@code size} are read and written only by
 * the holder of the stripe's lock.
 *
 * <p>Linearization points: a {@code poll} that returns an object, or an {@code offer} that returns
 * true, at its successful lock CAS; a {@code poll} that returns null or an {@code offer} that returns
 * false at its failed CAS, or at its look at an empty or full stripe under the lock. (A null from a
 * busy stripe does not mean the cache is empty: callers treat the cache as a hint, never as the pool.)
 *
 * <p>Memory consistency effects: actions before an {@code offer} of an object happen-before actions
 * after the {@code poll} that returns it (the stripe lock's release store and acquiring CAS).
 */
public final class StripedCache<T> {
    private static final VarHandle LOCK;
    static {
        try {
            LOCK = MethodHandles.lookup().findVarHandle(Stripe.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One cache: its lock word and its LIFO. */
    static final class Stripe {
        @SuppressWarnings("unused") // through LOCK
        private volatile int lock;
        /** Guarded by lock. */
        final Object[] items;
        /** Guarded by lock. */
        int size;

        Stripe(int capacity) {
            items = new Object[capacity];
        }
    }

    private final Stripe[] stripes;
    private final int mask;

    /** At least {@code stripes} stripes (rounded up to a power of two) of {@code capacity} objects each. */
    public StripedCache(int stripes, int capacity) {
        if (stripes < 1 || stripes > 1024 || capacity < 1) {
            throw new IllegalArgumentException("stripes " + stripes + ", capacity " + capacity);
        }
        int n = Integer.highestOneBit(stripes);
        if (n < stripes) {
            n <<= 1;
        }
        this.stripes = new Stripe[n];
        for (int i = 0; i < n; i++) {
            this.stripes[i] = new Stripe(capacity);
        }
        this.mask = n - 1;
    }

    /** Stripes for this machine: four per available processor, so two carriers rarely pick one stripe. */
    public static int defaultStripes() {
        return 4 * Runtime.getRuntime().availableProcessors();
    }

    private Stripe stripe() {
        // Fibonacci mix of the id: consecutive virtual-thread ids spread over the stripes.
        return stripes[(int) ((Thread.currentThread().threadId() * 0x9E3779B97F4A7C15L) >>> 40) & mask];
    }

    /** An object from the calling thread's stripe, or null if it is empty or busy. */
    @SuppressWarnings("unchecked")
    public T poll() {
        Stripe s = stripe();
        if (!LOCK.compareAndSet(s, 0, 1)) {
            return null;                                  // busy: never wait for a cache
        }
        try {
            if (s.size == 0) {
                return null;
            }
            T t = (T) s.items[--s.size];
            s.items[s.size] = null;
            return t;
        } finally {
            LOCK.setRelease(s, 0);
        }
    }

    /** Attempts of {@link #forEach} at a busy stripe, each after a yield, before it calls the stripe's lock lost. */
    private static final int FOR_EACH_ATTEMPTS = 10_000;

    /**
     * Calls {@code action} on every object in every stripe, each stripe read under its lock. Read-only, for
     * quiescence checks and tests, never on a hot path: unlike {@link #poll} it waits for a busy stripe, a
     * bounded number of yields.
     *
     * @throws IllegalStateException if a stripe stays locked that long (its lock was never released)
     */
    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super T> action) {
        for (int i = 0; i < stripes.length; i++) {
            Stripe s = stripes[i];
            int attempts = 0;
            while (!LOCK.compareAndSet(s, 0, 1)) {
                if (++attempts == FOR_EACH_ATTEMPTS) {
                    throw new IllegalStateException("stripe " + i + " of " + stripes.length + " stays locked");
                }
                Thread.yield();
            }
            try {
                for (int k = 0; k < s.size; k++) {
                    action.accept((T) s.items[k]);
                }
            } finally {
                LOCK.setRelease(s, 0);
            }
        }
    }

    /** Puts {@code t} in the calling thread's stripe; false if the stripe is full or busy. */
    public boolean offer(T t) {
        Stripe s = stripe();
        if (!LOCK.compareAndSet(s, 0, 1)) {
            return false;
        }
        try {
            if (s.size == s.items.length) {
                return false;
            }
            s.items[s.size++] = t;
            return true;
        } finally {
            LOCK.setRelease(s, 0);
        }
    }
}
