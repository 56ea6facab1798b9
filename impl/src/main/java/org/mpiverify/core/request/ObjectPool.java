package org.mpiverify.core.request;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * A pool of reusable objects with per-thread caches in front of a shared lock-free stack: the
 * thread-local request pools of Balaji et al. §5.3 ("Per-Object tlp") and the private/shared packet
 * pools of Dang, Snir &amp; Gropp §3.3.
 *
 * <p>Platform threads each have a cache of their own ({@code ThreadLocal}); virtual threads, which may
 * be millions, share a fixed set of striped caches ({@link StripedCache}: DSG's private pools belong to
 * workers, not to user-level threads), so the pool's memory does not grow with the number of threads.
 *
 * <p>A thread takes from its own cache first (no synchronization: only the owning thread touches a
 * cache; a virtual thread tries its stripe with one CAS instead), then from the shared stack, then
 * allocates. It returns objects to its own cache (or stripe) and, when that is full or busy, to the
 * shared stack. An object released by a thread that never acquires from this pool
 * (a remote rank's sender completing a request) sits in that thread's cache until it overflows; the
 * cache is small, so the cost is bounded.
 *
 * <p>The shared stack is lock-free; a pool built with a {@code sharedLock} takes that lock around every
 * access to it instead, which is Balaji et al.'s "common pool of free requests ... protected by a
 * critical section" (the REQUEST_POOL section under BRIEF_GLOBAL and PER_OBJECT granularity). With
 * {@code cacheSize == 0} there are no thread-local caches and every acquire and release goes to the
 * shared stack (their configuration without "tlp").
 *
 * <p>Invariant: an object is in at most one place: a cache, a stripe, the shared stack, or in use. The pool does
 * not check it; callers guarantee it with reference counts ({@link PooledRequest}).
 *
 * <p>Memory consistency effects: actions before {@link #release} happen-before actions after the
 * {@link #acquire} that returns the same object (same thread through program order; other threads
 * through the stack's CAS or the stripe's lock).
 */
public final class ObjectPool<T> {
    private final Supplier<T> factory;
    private final TreiberStack<T> shared = new TreiberStack<>();
    private final ThreadLocal<Cache<T>> caches;
    /** The virtual threads' caches (all threads' in a stripes-only pool); null without caches. */
    private final StripedCache<T> striped;
    private final LongAdder created = new LongAdder();
    /** Taken around every access to {@code shared}, or null for the lock-free path. */
    private final Lock sharedLock;

    public ObjectPool(Supplier<T> factory, int cacheSize) {
        this(factory, cacheSize, null);
    }

    public ObjectPool(Supplier<T> factory, int cacheSize, Lock sharedLock) {
        this(factory, cacheSize, sharedLock, StripedCache.defaultStripes(), false);
    }

    /** A pool whose caches are all striped, for platform threads too (tests of the striped path). */
    public static <T> ObjectPool<T> stripedOnly(Supplier<T> factory, int cacheSize, int stripes) {
        return new ObjectPool<>(factory, cacheSize, null, stripes, true);
    }

    private ObjectPool(Supplier<T> factory, int cacheSize, Lock sharedLock, int stripes, boolean stripedOnly) {
        this.factory = factory;
        this.caches = cacheSize > 0 && !stripedOnly ? ThreadLocal.withInitial(() -> new Cache<>(cacheSize)) : null;
        this.striped = cacheSize > 0 ? new StripedCache<>(stripes, cacheSize) : null;
        this.sharedLock = sharedLock;
    }

    /** True if the calling thread uses the striped caches: a virtual thread, or any thread of a stripes-only pool. */
    private boolean usesStripes() {
        return striped != null && (caches == null || Thread.currentThread().isVirtual());
    }

    public T acquire() {
        if (usesStripes()) {
            T t = striped.poll();
            if (t != null) {
                return t;
            }
        } else if (caches != null) {
            T t = caches.get().pop();
            if (t != null) {
                return t;
            }
        }
        T t = popShared();
        if (t != null) {
            return t;
        }
        created.increment();
        return factory.get();
    }

    public void release(T t) {
        boolean cached;
        if (usesStripes()) {
            cached = striped.offer(t);
        } else {
            cached = caches != null && caches.get().push(t);
        }
        if (!cached) {
            pushShared(t);
        }
    }

    private T popShared() {
        if (sharedLock == null) {
            return shared.pop();
        }
        sharedLock.lock();
        try {
            return shared.pop();
        } finally {
            sharedLock.unlock();
        }
    }

    private void pushShared(T t) {
        if (sharedLock == null) {
            shared.push(t);
            return;
        }
        sharedLock.lock();
        try {
            shared.push(t);
        } finally {
            sharedLock.unlock();
        }
    }

    /** How many objects the pool had to allocate so far. */
    public long created() {
        return created.sum();
    }

    /** A bounded LIFO touched by one thread only. */
    private static final class Cache<T> {
        private final Object[] items;
        private int size;

        Cache(int capacity) {
            items = new Object[capacity];
        }

        @SuppressWarnings("unchecked")
        T pop() {
            if (size == 0) {
                return null;
            }
            T t = (T) items[--size];
            items[size] = null;
            return t;
        }

        boolean push(T t) {
            if (size == items.length) {
                return false;
            }
            items[size++] = t;
            return true;
        }
    }
}
