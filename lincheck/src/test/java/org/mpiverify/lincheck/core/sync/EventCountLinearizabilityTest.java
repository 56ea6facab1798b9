package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
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
public class EventCountLinearizabilityTest extends EventCountOperations {
    static final String SUITE = "EventCountLinearizabilityTest";
    static final String CHECKS = "EventCount signal/ticket/await(non-blocking form) vs a counter";
    static final WaitPolicy NO_WAIT = new WaitPolicy(0, 0, 0, 1);

    public EventCountLinearizabilityTest() {
        super(new EventCount(), EventCount::signal, EventCount::ticket);
    }

    /** Stress mode adds the non-blocking form of await (model checking cannot run it: see the operations). */
    public static class WithAwait extends EventCountOperations.WithAwait {
        public WithAwait() {
            super(new EventCount(), EventCount::signal, EventCount::ticket, (ec, k) -> ec.await(k, () -> true, NO_WAIT));
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

    /** The same operations on the known-bad twin, await included. */
    public static class Twin extends EventCountOperations.WithAwait {
        public Twin() {
            super(new NonAtomicEventCount(), NonAtomicEventCount::signal, NonAtomicEventCount::ticket,
                    (ec, k) -> ec.await(k, () -> true, NO_WAIT));
        }
    }
}
