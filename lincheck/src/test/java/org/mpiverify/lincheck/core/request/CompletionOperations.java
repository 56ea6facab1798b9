package org.mpiverify.lincheck.core.request;

import java.util.function.Consumer;
import org.jetbrains.lincheck.datastructures.Operation;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * The operations of {@link CompletionLinearizabilityTest} over one {@link RequestState} (begun with 2
 * references) and a completer that records the status and signals: the real order (the suite) or the
 * known-bad completer (its twin). Compared with a flag and a status ({@link CompletionSpec}).
 * {@link WithAwait} adds the non-blocking form of await.
 */
public abstract class CompletionOperations {
    static final WaitPolicy NO_WAIT = new WaitPolicy(0, 0, 0, 1);

    /** The completion protocol's order: the status first, then the signal that publishes it. */
    static void statusThenSignal(RequestState st) {
        st.setStatus(1, 1, 4, 0, false);
        st.signal();
    }

    final RequestState st = new RequestState(s -> { });
    private final Consumer<RequestState> completer;

    protected CompletionOperations(Consumer<RequestState> completer) {
        this.completer = completer;
        st.begin(2);
    }

    @Operation(runOnce = true)
    public void complete() {
        completer.accept(st);
    }

    @Operation
    public String test() {
        return describe(st.isDone());
    }

    /** register/deregister: the waiter's half of the Dekker pair, without the timed spin of await. */
    @Operation
    public String registerAndCheck() {
        boolean done = st.register(Thread.currentThread());
        st.deregister(Thread.currentThread());
        return describe(done);
    }

    String describe(boolean done) {
        return done ? "done source=" + st.source() + " tag=" + st.tag() : "not done";
    }

    /**
     * Adds the non-blocking form of await. Model checking cannot run it: Lincheck's model checker returns a
     * constant from System.nanoTime(), and await's spin phase ends only when the time budget has passed
     * (strictly), so the spin never ends unless another thread signals.
     */
    public abstract static class WithAwait extends CompletionOperations {
        protected WithAwait(Consumer<RequestState> completer) {
            super(completer);
        }

        @Operation
        public String awaitOrGiveUp() {
            return describe(st.await(() -> true, NO_WAIT));
        }
    }
}
