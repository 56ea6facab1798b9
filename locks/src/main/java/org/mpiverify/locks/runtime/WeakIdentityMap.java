package org.mpiverify.locks.runtime;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A concurrent map from objects, by identity and weakly, to values. A lookup allocates nothing: the
 * caller passes its own reusable {@link Probe}, whose {@code equals} compares referents by identity
 * ({@link ConcurrentHashMap} calls {@code probe.equals(storedKey)}). Entries of collected keys are
 * purged on the next insertion.
 *
 * <p>Invariants: at most one entry per live key object ({@code computeIfAbsent}); a probe is never
 * stored and holds its referent only for the duration of one lookup.
 *
 * <p>Memory consistency effects: as for {@link ConcurrentHashMap}: creating a value happens-before any
 * lookup that returns it.
 */
final class WeakIdentityMap<V> {
    private final ConcurrentHashMap<Object, V> map = new ConcurrentHashMap<>(256);
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

    /** The value for {@code key}, or null. */
    V get(Object key, Probe probe) {
        probe.referent = key;
        probe.hash = System.identityHashCode(key);
        try {
            return map.get(probe);
        } finally {
            probe.referent = null;
        }
    }

    /** The value for {@code key}, created by {@code create} if absent. */
    V computeIfAbsent(Object key, Probe probe, Function<Object, V> create) {
        V v = get(key, probe);
        if (v != null) {
            return v;
        }
        purge();
        return map.computeIfAbsent(new Key(key, collected), k -> create.apply(key));
    }

    /** Sets the value for {@code key}. */
    void put(Object key, V value) {
        purge();
        map.put(new Key(key, collected), value);
    }

    private void purge() {
        Object r;
        while ((r = collected.poll()) != null) {
            map.remove(r);
        }
    }

    /** The stored key: a weak reference compared by the identity of its referent. */
    static final class Key extends WeakReference<Object> {
        private final int hash;

        Key(Object referent, ReferenceQueue<Object> q) {
            super(referent, q);
            this.hash = System.identityHashCode(referent);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            Object mine = get();
            return mine != null && o instanceof Key k && k.get() == mine;
        }
    }

    /** A thread's lookup key, never stored in a map. */
    static final class Probe {
        Object referent;
        int hash;

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return referent != null && o instanceof Key k && k.get() == referent;
        }
    }
}
