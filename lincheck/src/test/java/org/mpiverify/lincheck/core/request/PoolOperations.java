package org.mpiverify.lincheck.core.request;

import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The operations of {@link PoolSpec} over any pool given as acquire/release functions: the pool suites
 * ({@link ObjectPoolLinearizabilityTest}, {@link StripedCacheLinearizabilityTest},
 * {@link org.mpiverify.lincheck.core.buffer.PacketPoolLinearizabilityTest}) and their known-bad twins
 * subclass it and only build the pool. This class has acquire and release (what the twins use, so
 * that concurrent cache accesses are the common case); {@link WithHandOff} adds the hand-over of an
 * object to another thread (a remote sender completing a request), which the suites use.
 *
 * <p>Results never name objects (which object an acquire returns depends on the caches): objects in use
 * are kept in a concurrent identity set, and an acquire that returns an object already in use reports
 * "DUPLICATE". Each Lincheck thread keeps what it holds in its own deque (indexed by its ThreadIdGen id,
 * touched by that thread only); handed-off objects go through a concurrent FIFO.
 *
 * @param <T> the pooled objects' type
 */
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class PoolOperations<T> {
    private final Supplier<T> acquire;
    private final Consumer<T> release;
    private final Set<Object> inUse = ConcurrentHashMap.newKeySet();
    @SuppressWarnings("unchecked")
    private final ArrayDeque<T>[] held = new ArrayDeque[8];
    private final ConcurrentLinkedQueue<T> handedOff = new ConcurrentLinkedQueue<>();

    /** Over {@code pool}'s acquire and release (one expression, as a JUnit test class's one constructor needs). */
    protected <P> PoolOperations(P pool, Function<P, T> acquire, BiConsumer<P, T> release) {
        this(() -> acquire.apply(pool), t -> release.accept(pool, t));
    }

    protected PoolOperations(Supplier<T> acquire, Consumer<T> release) {
        this.acquire = acquire;
        this.release = release;
        for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
    }

    @Operation
    public String acquire(@Param(name = "t") int t) {
        T o = acquire.get();
        if (!inUse.add(new Identity(o))) return "DUPLICATE";
        held[t].push(o);
        return "ok";
    }

    @Operation
    public boolean release(@Param(name = "t") int t) {
        T o = held[t].poll();
        if (o == null) return false;
        inUse.remove(new Identity(o));
        release.accept(o);
        return true;
    }

    /** Acquire and release, and an object handed from its holder to another thread, which releases it. */
    @Param(name = "t", gen = ThreadIdGen.class)
    public abstract static class WithHandOff<T> extends PoolOperations<T> {
        protected <P> WithHandOff(P pool, Function<P, T> acquire, BiConsumer<P, T> release) {
            super(pool, acquire, release);
        }

        @Operation
        public boolean handOff(@Param(name = "t") int t) {
            PoolOperations<T> p = this;
            T o = p.held[t].poll();
            if (o == null) return false;
            p.handedOff.add(o);
            return true;
        }

        @Operation
        public boolean releaseHandedOff() {
            PoolOperations<T> p = this;
            T o = p.handedOff.poll();
            if (o == null) return false;
            p.inUse.remove(new Identity(o));
            p.release.accept(o);
            return true;
        }
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
