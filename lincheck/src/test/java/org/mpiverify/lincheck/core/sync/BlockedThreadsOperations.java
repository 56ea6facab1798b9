package org.mpiverify.lincheck.core.sync;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The operations of {@link BlockedThreadsLinearizabilityTest} over a registry of parked threads given as
 * its add, remove, size and listing: the real {@link org.mpiverify.core.sync.BlockedThreads} (the suite) or
 * its known-bad twin. Each Lincheck thread registers at most once at a time, its entry kept in a slot
 * indexed by its ThreadIdGen id (only that thread touches it), as the core's waits keep theirs on the stack.
 *
 * @param <E> the registry's entry type
 */
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class BlockedThreadsOperations<E> {
    private final Function<Thread, E> add;
    private final Consumer<E> remove;
    private final IntSupplier size;
    private final IntSupplier listed;
    private final Object[] entries = new Object[8];

    protected <R> BlockedThreadsOperations(R registry, BiFunction<R, Thread, E> add, BiConsumer<R, E> remove,
                                           ToIntFunction<R> size, ToIntFunction<R> listed) {
        this.add = t -> add.apply(registry, t);
        this.remove = e -> remove.accept(registry, e);
        this.size = () -> size.applyAsInt(registry);
        this.listed = () -> listed.applyAsInt(registry);
    }

    @Operation
    public boolean register(@Param(name = "t") int t) {
        if (entries[t] != null) return false;
        entries[t] = add.apply(Thread.currentThread());
        return true;
    }

    @Operation
    @SuppressWarnings("unchecked")
    public boolean deregister(@Param(name = "t") int t) {
        if (entries[t] == null) return false;
        remove.accept((E) entries[t]);
        entries[t] = null;
        return true;
    }

    @Operation
    public int size() {
        return size.getAsInt();
    }

    @Operation
    public int listed() {
        return listed.getAsInt();
    }
}
