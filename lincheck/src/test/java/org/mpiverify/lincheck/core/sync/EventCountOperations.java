package org.mpiverify.lincheck.core.sync;

import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * The operations of {@link EventCountLinearizabilityTest} over an event count given as its signal and
 * ticket: the real {@link org.mpiverify.core.sync.EventCount} (the suite) or its known-bad twin, compared
 * with a counter ({@link EventCountSpec}). {@link WithAwait} adds the non-blocking form of await.
 */
@Param(name = "k", gen = IntGen.class, conf = "0:1")
public abstract class EventCountOperations {
    private final Runnable signal;
    private final LongSupplier ticket;

    protected <E> EventCountOperations(E ec, Consumer<E> signal, ToLongFunction<E> ticket) {
        this.signal = () -> signal.accept(ec);
        this.ticket = () -> ticket.applyAsLong(ec);
    }

    @Operation
    public void signal() {
        signal.run();
    }

    @Operation
    public long ticket() {
        return ticket.getAsLong();
    }

    /**
     * Adds the non-blocking form of await (ticket k, an abort check that is always true, so it gives up
     * instead of parking). Model checking cannot run it on the real class: Lincheck's model checker returns a
     * constant from System.nanoTime(), and await's spin phase ends only when its time budget has strictly
     * passed, so the spin never ends unless another thread signals.
     */
    @Param(name = "k", gen = IntGen.class, conf = "0:1")
    public abstract static class WithAwait extends EventCountOperations {
        private final IntPredicate await;

        protected <E> WithAwait(E ec, Consumer<E> signal, ToLongFunction<E> ticket, BiPredicate<E, Integer> await) {
            super(ec, signal, ticket);
            this.await = k -> await.test(ec, k);
        }

        @Operation
        public boolean awaitOrGiveUp(@Param(name = "k") int k) {
            return await.test(k);
        }
    }
}
