package org.mpiverify.lincheck.core.handle;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;

/**
 * The operations of {@link UseCountLinearizabilityTest} over a use count: the real
 * {@link org.mpiverify.core.handle.UseCount} (the suite) or its known-bad twin. {@link #state()} is what a thread
 * can observe of the handle at one instant: freed or live, and the uses pending. The release action counts its runs;
 * it runs after the update that leaves the handle freed with no use pending, inside the call that made it, so the
 * count is checked at quiescence ({@link #releasedExactlyOnceWhenFreedAndUnused}), and who released is each
 * {@code free}'s or {@code endUse}'s result (RELEASED).
 */
public abstract class UseCountOperations {
    private final AtomicInteger releases = new AtomicInteger();
    private final Predicate<Object> tryUse;
    private final Consumer<Object> addUse;
    private final Function<Object, Object> endUse;
    private final Function<Object, Object> free;
    private final ToIntFunction<Object> uses;
    private final Predicate<Object> freed;

    /** @param create makes the count, given the release action it must run */
    @SuppressWarnings("unchecked")
    protected <C> UseCountOperations(Function<Runnable, C> create, Predicate<C> tryUse, Consumer<C> addUse,
                                     Function<C, ?> endUse, Function<C, ?> free, ToIntFunction<C> uses,
                                     Predicate<C> freed) {
        C c = create.apply(releases::incrementAndGet);
        this.tryUse = o -> tryUse.test(c);
        this.addUse = o -> addUse.accept(c);
        this.endUse = o -> endUse.apply(c);
        this.free = o -> free.apply(c);
        this.uses = o -> uses.applyAsInt(c);
        this.freed = o -> freed.test(c);
    }

    @Operation
    public boolean tryUse() {
        return tryUse.test(null);
    }

    /**
     * One more use for a caller that holds one (a persistent request starting a receive): ADDED, or REFUSED when no
     * use is pending, which the real count signals with an {@link IllegalStateException}.
     */
    @Operation
    public String addUse() {
        try {
            addUse.accept(null);
            return "ADDED";
        } catch (IllegalStateException e) {
            return "REFUSED";
        }
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

    /**
     * Freed or live and the pending uses, as of one instant: the freed mark only ever goes from clear to set, so
     * when it reads the same before and after the uses, that is its value at the read of the uses.
     */
    @Operation
    public String state() {
        while (true) {
            boolean before = freed.test(null);
            int pending = uses.applyAsInt(null);
            if (freed.test(null) == before) {
                return (before ? "freed" : "live") + ", " + pending + " uses";
            }
        }
    }

    /** At quiescence the object was released once if it is freed with no use pending, else never. */
    @Validate
    public void releasedExactlyOnceWhenFreedAndUnused() {
        int expected = freed.test(null) && uses.applyAsInt(null) == 0 ? 1 : 0;
        if (releases.get() != expected) {
            throw new IllegalStateException(state() + ", but " + releases.get() + " releases (expected " + expected + ")");
        }
    }
}
