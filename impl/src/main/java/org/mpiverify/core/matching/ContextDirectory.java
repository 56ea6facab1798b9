package org.mpiverify.core.matching;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The per-context states of one engine, in an array indexed by context id that grows on demand.
 * Lookup of an existing context is two acquire loads and allocates nothing (a {@code
 * ConcurrentHashMap<Integer, ...>} would box ids above 127). Contexts are never removed.
 *
 * <p>Invariants: every write to the array reference or to an element happens under {@code growLock};
 * growth copies the old array under that lock, so an element installed in an old array is always in
 * the new one; an element, once installed for an id, is the only one ever returned for that id.
 *
 * <p>Memory consistency effects: construction of a per-context state happens-before any use of it
 * obtained from {@link #get} or {@link #getIfPresent}.
 */
final class ContextDirectory<T> {
    /** Context ids are in [0, MAX_CONTEXTS): the hash engine packs them in 20 bits. */
    static final int MAX_CONTEXTS = 1 << 20;

    private static final VarHandle ELEMENT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** Written under growLock with a volatile store; read with a volatile load. */
    private volatile Object[] slots = new Object[16];
    private final ReentrantLock growLock;
    private final IntFunction<T> factory;

    ContextDirectory(IntFunction<T> factory) {
        this(factory, new ReentrantLock());
    }

    /** With {@code growLock} as the lock of installs (tests give a lock that hands itself over). */
    ContextDirectory(IntFunction<T> factory, ReentrantLock growLock) {
        this.factory = factory;
        this.growLock = growLock;
    }

    static void checkContext(int context) {
        if (context < 0 || context >= MAX_CONTEXTS) {
            throw new IllegalArgumentException("context " + context + " not in [0, " + MAX_CONTEXTS + ")");
        }
    }

    /** The state of {@code context}, created on first use. */
    @SuppressWarnings("unchecked")
    T get(int context) {
        T t = getIfPresent(context);
        return t != null ? t : install(context);
    }

    /** The state of {@code context}, or null if it was never created. */
    @SuppressWarnings("unchecked")
    T getIfPresent(int context) {
        checkContext(context);
        Object[] s = slots;
        // Acquire: pairs with the release store in install, so the state's fields are initialized.
        return context < s.length ? (T) ELEMENT.getAcquire(s, context) : null;
    }

    @SuppressWarnings("unchecked")
    private T install(int context) {
        growLock.lock();
        try {
            Object[] s = slots;
            if (context >= s.length) {
                int n = s.length;
                while (n <= context) n <<= 1;
                Object[] grown = new Object[Math.min(n, MAX_CONTEXTS)];
                System.arraycopy(s, 0, grown, 0, s.length);
                slots = s = grown; // volatile store publishes the copied elements
            }
            Object t = ELEMENT.getAcquire(s, context);
            if (t == null) {
                t = factory.apply(context);
                ELEMENT.setRelease(s, context, t);
            }
            return (T) t;
        } finally {
            growLock.unlock();
        }
    }

    /** Calls {@code action} on every context state created so far. */
    @SuppressWarnings("unchecked")
    void forEach(Consumer<T> action) {
        Object[] s = slots;
        for (int i = 0; i < s.length; i++) {
            Object t = ELEMENT.getAcquire(s, i);
            if (t != null) action.accept((T) t);
        }
    }
}
