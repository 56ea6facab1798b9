package org.mpiverify.lincheck.core.request;

import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * The operations of {@link TreiberStackLinearizabilityTest} over a stack given as its push, pop and
 * isEmpty: the real {@link org.mpiverify.core.request.TreiberStack} (the suite) or its known-bad twin.
 * Values {0, 1}, compared with a sequential LIFO ({@link StackSpec}).
 */
@Param(name = "v", gen = IntGen.class, conf = "0:1")
public abstract class TreiberStackOperations {
    private final IntConsumer push;
    private final Supplier<Integer> pop;
    private final BooleanSupplier isEmpty;

    protected <S> TreiberStackOperations(S stack, BiConsumer<S, Integer> push, Function<S, Integer> pop, Predicate<S> isEmpty) {
        this.push = v -> push.accept(stack, v);
        this.pop = () -> pop.apply(stack);
        this.isEmpty = () -> isEmpty.test(stack);
    }

    @Operation
    public void push(@Param(name = "v") int v) {
        push.accept(v);
    }

    @Operation
    public Integer pop() {
        return pop.get();
    }

    @Operation
    public boolean isEmpty() {
        return isEmpty.getAsBoolean();
    }
}
