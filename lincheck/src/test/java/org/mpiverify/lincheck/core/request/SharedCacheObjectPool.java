package org.mpiverify.lincheck.core.request;

import java.util.function.Supplier;
import org.mpiverify.core.request.TreiberStack;

/**
 * Known-bad twin of {@link org.mpiverify.core.request.ObjectPool}: a copy in which the "per-thread"
 * cache is one cache shared by every thread (the ThreadLocal dropped), so its unsynchronized
 * {@code items[--size]} pop can hand one object to two threads.
 */
public final class SharedCacheObjectPool<T> {
    private final Supplier<T> factory;
    private final TreiberStack<T> shared = new TreiberStack<>();
    private final Cache<T> cache; // DEFECT: was ThreadLocal<Cache<T>>

    public SharedCacheObjectPool(Supplier<T> factory, int cacheSize) {
        this.factory = factory;
        this.cache = new Cache<>(cacheSize);
    }

    public T acquire() {
        T t = cache.pop();
        if (t != null) return t;
        t = shared.pop();
        return t != null ? t : factory.get();
    }

    public void release(T t) {
        if (!cache.push(t)) shared.push(t);
    }

    private static final class Cache<T> {
        private final Object[] items;
        private int size;

        Cache(int capacity) {
            items = new Object[capacity];
        }

        @SuppressWarnings("unchecked")
        T pop() {
            if (size == 0) return null;
            T t = (T) items[--size];
            items[size] = null;
            return t;
        }

        boolean push(T t) {
            if (size == items.length) return false;
            items[size++] = t;
            return true;
        }
    }
}
