package org.mpiverify.lincheck.core.request;

/**
 * Known-bad twin of {@link org.mpiverify.core.request.StripedCache} (one stripe): the stripe's try-lock is
 * a check of the lock word followed by a separate set, not one CAS, so two threads can both find it free,
 * both enter, and both pop the same object.
 */
public final class CheckThenSetStripedCache<T> {
    private volatile int lock;
    private final Object[] items;
    private int size;

    public CheckThenSetStripedCache(int capacity) {
        items = new Object[capacity];
    }

    private boolean tryLock() {
        if (lock != 0) {
            return false;
        }
        lock = 1;             // DEFECT: check and set are two steps
        return true;
    }

    @SuppressWarnings("unchecked")
    public T poll() {
        if (!tryLock()) {
            return null;
        }
        try {
            if (size == 0) {
                return null;
            }
            T t = (T) items[--size];
            items[size] = null;
            return t;
        } finally {
            lock = 0;
        }
    }

    public boolean offer(T t) {
        if (!tryLock()) {
            return false;
        }
        try {
            if (size == items.length) {
                return false;
            }
            items[size++] = t;
            return true;
        } finally {
            lock = 0;
        }
    }
}
