package org.mpiverify.lincheck.core.request;

import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The operations of {@link PoolSpec} over any pool given as acquire/release functions. Objects in use
 * are kept in a concurrent identity set: an acquire that returns an object already in use reports
 * "DUPLICATE". Each Lincheck thread keeps what it holds in its own deque (indexed by its ThreadIdGen
 * id, touched by that thread only); handed-off objects go through a concurrent FIFO.
 */
public final class PoolHarness<T> {
    private final Supplier<T> acquire;
    private final Consumer<T> release;
    private final Set<Object> inUse = ConcurrentHashMap.newKeySet();
    @SuppressWarnings("unchecked")
    private final ArrayDeque<T>[] held = new ArrayDeque[8];
    private final ConcurrentLinkedQueue<T> handedOff = new ConcurrentLinkedQueue<>();

    public PoolHarness(Supplier<T> acquire, Consumer<T> release) {
        this.acquire = acquire;
        this.release = release;
        for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
    }

    public String acquire(int t) {
        T o = acquire.get();
        if (!inUse.add(new Identity(o))) return "DUPLICATE";
        held[t].push(o);
        return "ok";
    }

    public boolean release(int t) {
        T o = held[t].poll();
        if (o == null) return false;
        inUse.remove(new Identity(o));
        release.accept(o);
        return true;
    }

    public boolean handOff(int t) {
        T o = held[t].poll();
        if (o == null) return false;
        handedOff.add(o);
        return true;
    }

    public boolean releaseHandedOff() {
        T o = handedOff.poll();
        if (o == null) return false;
        inUse.remove(new Identity(o));
        release.accept(o);
        return true;
    }

    /** Identity-based key (pooled byte[]s and test objects are compared by reference). */
    private record Identity(Object o) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity i && i.o == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(o);
        }
    }
}
