package org.mpiverify.lincheck.core.request;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link org.mpiverify.core.request.Completion} as used by {@link RequestState} (DSG §3.1
 * ThreadWait/ThreadSignal): the completer writes the status and signals; testers and waiters see
 * "not done" or "done with the completer's status", never a done request with a stale status, against
 * {@link CompletionSpec}.
 *
 * <p>Determinism: {@code complete} runs at most once per invocation ({@code runOnce}, as MPI completes a
 * request once) and always writes the same status. The blocking {@code await} is checked through
 * non-blocking forms: {@code register}+{@code deregister} (its registration step) in both modes, and, in
 * stress mode, {@code await} itself with an abort supplier that returns true at once and a policy
 * without spin budget, so it returns "done" iff it observed completion; the
 * no-lost-wake-up property of the park itself is a memory-model question (jcstress
 * {@code CompletionSignalVsParkRace}).
 *
 * <p>Twin: {@link SignalBeforeStatusCompleter}.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class CompletionLinearizabilityTest {
    static final String SUITE = "CompletionLinearizabilityTest";
    static final String CHECKS = "Completion signal/isDone/await(non-blocking form) with the status written before signal";
    static final WaitPolicy NO_WAIT = new WaitPolicy(0, 0, 0, 1);

    private final RequestState st = new RequestState(s -> { });

    public CompletionLinearizabilityTest() {
        st.begin(2);
    }

    @Operation(runOnce = true)
    public void complete() {
        st.setStatus(1, 1, 4, 0, false);
        st.signal();
    }

    @Operation
    public String test() {
        return describe(st, st.isDone());
    }

    /** register/deregister: the waiter's half of the Dekker pair, without the timed spin of await. */
    @Operation
    public String registerAndCheck() {
        boolean done = st.register(Thread.currentThread());
        st.deregister(Thread.currentThread());
        return describe(st, done);
    }

    static String describe(RequestState st, boolean done) {
        return done ? "done source=" + st.source() + " tag=" + st.tag() : "not done";
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), CompletionSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, WithAwait.class, CompletionSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void signalBeforeStatusTwinIsRejected() {
        Lincheck.expectRejected("SignalBeforeStatusCompleter", "the completer signals before it writes the status",
                true, Twin.class, CompletionSpec.class, Budget.twin());
    }

    /**
     * Stress mode adds the non-blocking form of await. Model checking cannot run it: Lincheck's model
     * checker returns a constant from System.nanoTime(), and await's spin phase ends only when the time
     * budget has passed (strictly), so the spin never ends unless another thread signals.
     */
    public static class WithAwait {
        private final RequestState st = new RequestState(s -> { });

        public WithAwait() {
            st.begin(2);
        }

        @Operation(runOnce = true)
        public void complete() {
            st.setStatus(1, 1, 4, 0, false);
            st.signal();
        }

        @Operation
        public String test() {
            return describe(st, st.isDone());
        }

        @Operation
        public String registerAndCheck() {
            boolean done = st.register(Thread.currentThread());
            st.deregister(Thread.currentThread());
            return describe(st, done);
        }

        @Operation
        public String awaitOrGiveUp() {
            return describe(st, st.await(() -> true, NO_WAIT));
        }
    }

    /** The same operations with the known-bad completer. */
    public static class Twin {
        private final RequestState st = new RequestState(s -> { });

        public Twin() {
            st.begin(2);
        }

        @Operation(runOnce = true)
        public void complete() {
            SignalBeforeStatusCompleter.complete(st);
        }

        @Operation
        public String test() {
            return describe(st, st.isDone());
        }

        @Operation
        public String registerAndCheck() {
            boolean done = st.register(Thread.currentThread());
            st.deregister(Thread.currentThread());
            return describe(st, done);
        }
    }
}
