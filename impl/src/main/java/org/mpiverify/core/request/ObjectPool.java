package org.mpiverify.core.request;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
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
 * cache is small, so the cost is bounded. The caches of platform threads that have ended are emptied into
 * the shared stack by a sweep that runs when the number of caches has doubled since the last one (so its
 * cost is amortized over the threads' first uses), instead of dying, objects and all, with their threads.
 *
 * <p>The shared stack is lock-free; a pool built with a {@code sharedLock} takes that lock around every
 * access to it instead, which is Balaji et al.'s "common pool of free requests ... protected by a
 * critical section" (the REQUEST_POOL section under BRIEF_GLOBAL and PER_OBJECT granularity). With
 * {@code cacheSize == 0} there are no thread-local caches and every acquire and release goes to the
 * shared stack (their configuration without "tlp").
 *
 * <p>Invariant: an object is in at most one place: a cache, a stripe, the shared stack, or in use. The pool does
 * not check it; callers guarantee it with reference counts ({@link RequestState}). Every object the pool
 * {@link #created created} is in one of these places, so at quiescence (no thread uses the pool) the objects
 * {@link #forEachIdle idle} in it are exactly those not in use: a quiescence check counts them, and finds an
 * object released twice as one met twice.
 *
 * <p>Memory consistency effects: actions before {@link #release} happen-before actions after the
 * {@link #acquire} that returns the same object (same thread through program order; other threads
 * through the stack's CAS or the stripe's lock).
 */
public final class ObjectPool<T> {
    private final Supplier<T> factory;
    private final TreiberStack<T> shared = new TreiberStack<>();
    private final ThreadLocal<Cache<T>> caches;
    /**
     * The platform threads' caches, each with its owner: for {@link #forEachIdle}, and so that a sweep can
     * empty the caches of threads that have ended. A cache is added at its thread's first use of the pool
     * and removed only by the sweep that empties it.
     */
    private final ConcurrentLinkedQueue<Cache<T>> threadCaches = new ConcurrentLinkedQueue<>();
    private final AtomicInteger threadCacheCount = new AtomicInteger();
    /** Sweep when {@code threadCacheCount} reaches this: twice the live caches the last sweep left, at least 64. */
    private volatile int sweepAt = MIN_SWEEP;
    private static final int MIN_SWEEP = 64;
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
        this.caches = cacheSize > 0 && !stripedOnly ? ThreadLocal.withInitial(() -> newCache(cacheSize)) : null;
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

    /**
     * Calls {@code action} on every object idle in this pool: in the threads' caches, the stripes and the
     * shared stack. Read-only, for quiescence checks and tests, never on a hot path. Exact when no thread
     * uses the pool and every thread's last use of it happens-before this call (the threads of a job that
     * were joined): then it meets every object created and not in use once, and an object released twice
     * twice. While threads use the pool it is a snapshot that may miss or repeat objects on the move.
     *
     * @throws IllegalStateException if a stripe of the striped caches stays locked (a lock never released)
     */
    public void forEachIdle(Consumer<? super T> action) {
        for (Cache<T> c : threadCaches) {
            c.forEach(action);
        }
        if (striped != null) {
            striped.forEach(action);
        }
        shared.forEach(action);
    }

    /** The objects {@link #forEachIdle} meets (with the same exactness). */
    public long idle() {
        long[] n = {0};
        forEachIdle(t -> n[0]++);
        return n[0];
    }

    /** A new thread's cache, registered so that it can be counted and, once its thread ended, emptied. */
    private Cache<T> newCache(int capacity) {
        Cache<T> c = new Cache<>(capacity, Thread.currentThread());
        threadCaches.add(c);
        if (threadCacheCount.incrementAndGet() >= sweepAt) {
            reclaimEndedThreads();
        }
        return c;
    }

    /**
     * Empties the caches of threads that have ended into the shared stack and forgets them. A thread that
     * has ended touches its cache no more, and seeing it ended ({@code isAlive} false) happens-after its
     * last action, so the sweeper that removed the cache from the list owns it.
     */
    private void reclaimEndedThreads() {
        int live = 0;
        for (Cache<T> c : threadCaches) {
            if (c.owner.isAlive()) {
                live++;
            } else if (threadCaches.remove(c)) {   // one sweeper wins each cache
                threadCacheCount.decrementAndGet();
                for (T t = c.pop(); t != null; t = c.pop()) {
                    pushShared(t);
                }
            }
        }
        sweepAt = Math.max(MIN_SWEEP, 2 * live);
    }

    /** A bounded LIFO touched by its owner thread only (and, once the owner ended, by the sweep that removed it). */
    private static final class Cache<T> {
        private final Object[] items;
        private final Thread owner;
        private int size;

        Cache(int capacity, Thread owner) {
            items = new Object[capacity];
            this.owner = owner;
        }

        /** Its objects, read by a thread other than the owner: exact only once the owner's uses happen-before. */
        @SuppressWarnings("unchecked")
        void forEach(Consumer<? super T> action) {
            Object[] a = items;
            for (int i = 0, n = Math.min(size, a.length); i < n; i++) {
                Object o = a[i];
                if (o != null) {
                    action.accept((T) o);
                }
            }
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
