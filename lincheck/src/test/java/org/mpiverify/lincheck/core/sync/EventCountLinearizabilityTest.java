package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.EventCount;
import org.mpiverify.core.sync.NonAtomicEventCount;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link EventCount} (the wait behind blocking probe/mprobe): signal, ticket and await are linearizable
 * with respect to a counter ({@link EventCountSpec}), so no signal is lost: every signal moves the count.
 *
 * <p>Determinism: the blocking {@code await(ticket)} is checked (stress mode only, see {@link WithAwait})
 * through a non-blocking form: its abort
 * supplier answers true at once and its policy has no spin budget, so it returns whether the count
 * differs from the given ticket (k from {0, 1}) after going through its registration path. Whether a
 * parked waiter is woken (the Dekker pair count/sleepers) is a memory-model question for jcstress.
 *
 * <p>Twin: {@link NonAtomicEventCount}.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Param(name = "k", gen = IntGen.class, conf = "0:1")
public class EventCountLinearizabilityTest {
    static final String SUITE = "EventCountLinearizabilityTest";
    static final String CHECKS = "EventCount signal/ticket/await(non-blocking form) vs a counter";
    static final WaitPolicy NO_WAIT = new WaitPolicy(0, 0, 0, 1);

    private final EventCount ec = new EventCount();

    @Operation
    public void signal() {
        ec.signal();
    }

    @Operation
    public long ticket() {
        return ec.ticket();
    }

    /**
     * Stress mode adds the non-blocking form of await. Model checking cannot run it: Lincheck's model
     * checker returns a constant from System.nanoTime(), and await's spin phase ends only when its time
     * budget has strictly passed, so the spin never ends unless another thread signals.
     */
    @Param(name = "k", gen = IntGen.class, conf = "0:1")
    public static class WithAwait {
        private final EventCount ec = new EventCount();

        @Operation
        public void signal() {
            ec.signal();
        }

        @Operation
        public long ticket() {
            return ec.ticket();
        }

        @Operation
        public boolean awaitOrGiveUp(@Param(name = "k") int k) {
            return ec.await(k, () -> true, NO_WAIT);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), EventCountSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, WithAwait.class, EventCountSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void nonAtomicSignalTwinIsRejected() {
        Lincheck.expectRejected("NonAtomicEventCount", "signal advances the count by read-then-write",
                true, Twin.class, EventCountSpec.class, Budget.twin());
    }

    /** The same operations on the known-bad twin. */
    @Param(name = "k", gen = IntGen.class, conf = "0:1")
    public static class Twin {
        private final NonAtomicEventCount ec = new NonAtomicEventCount();

        @Operation
        public void signal() {
            ec.signal();
        }

        @Operation
        public long ticket() {
            return ec.ticket();
        }

        @Operation
        public boolean awaitOrGiveUp(@Param(name = "k") int k) {
            return ec.await(k, () -> true, NO_WAIT);
        }
    }
}
