package org.mpiverify.lincheck.core.handle;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * The operations of {@link UseCountLinearizabilityTest} over a use count: the real
 * {@link org.mpiverify.core.handle.UseCount} (the suite) or its known-bad twin. The release action counts its
 * runs, so {@link #state()} reports what the user can observe of the object: freed, pending uses, releases.
 */
public abstract class UseCountOperations {
    private final AtomicInteger releases = new AtomicInteger();
    private final Predicate<Object> tryUse;
    private final Function<Object, Object> endUse;
    private final Function<Object, Object> free;
    private final ToIntFunction<Object> uses;
    private final Predicate<Object> freed;

    /** @param create makes the count, given the release action it must run */
    @SuppressWarnings("unchecked")
    protected <C> UseCountOperations(Function<Runnable, C> create, Predicate<C> tryUse, Function<C, ?> endUse,
                                     Function<C, ?> free, ToIntFunction<C> uses, Predicate<C> freed) {
        C c = create.apply(releases::incrementAndGet);
        this.tryUse = o -> tryUse.test(c);
        this.endUse = o -> endUse.apply(c);
        this.free = o -> free.apply(c);
        this.uses = o -> uses.applyAsInt(c);
        this.freed = o -> freed.test(c);
    }

    @Operation
    public boolean tryUse() {
        return tryUse.test(null);
    }

    @Operation
    public String endUse() {
        return String.valueOf(endUse.apply(null));
    }

    @Operation
    public String free() {
        return String.valueOf(free.apply(null));
    }

    @Operation
    public int uses() {
        return uses.applyAsInt(null);
    }

    @Operation
    public String state() {
        return (freed.test(null) ? "freed" : "live") + ", " + uses.applyAsInt(null) + " uses, " + releases.get()
                + " releases";
    }
}
