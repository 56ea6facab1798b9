package org.mpiverify.lincheck.core.request;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.request.RequestState;
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
public class CompletionLinearizabilityTest extends CompletionOperations {
    static final String SUITE = "CompletionLinearizabilityTest";
    static final String CHECKS = "Completion signal/isDone/await(non-blocking form) with the status written before signal";

    public CompletionLinearizabilityTest() {
        super(CompletionOperations::statusThenSignal);
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

    /** Stress mode adds the non-blocking form of await (model checking cannot run it: see the operations). */
    public static class WithAwait extends CompletionOperations.WithAwait {
        public WithAwait() {
            super(CompletionOperations::statusThenSignal);
        }
    }

    /** The same operations with the known-bad completer. */
    public static class Twin extends CompletionOperations {
        public Twin() {
            super(SignalBeforeStatusCompleter::complete);
        }
    }
}
