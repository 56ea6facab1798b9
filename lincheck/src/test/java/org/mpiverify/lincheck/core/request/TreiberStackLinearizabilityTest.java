package org.mpiverify.lincheck.core.request;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.request.NonAtomicPopTreiberStack;
import org.mpiverify.core.request.TreiberStack;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link TreiberStack} (the shared pool of {@code ObjectPool}, DSG §3.3) is linearizable with respect to
 * a sequential LIFO ({@link StackSpec}).
 *
 * <p>Determinism: push, pop and isEmpty are total functions of the stack's contents; values come from
 * {0, 1} so that pops of equal values collide and lost or duplicated items show up as wrong results.
 *
 * <p>Twin: {@link NonAtomicPopTreiberStack}, whose pop replaces the CAS by read-then-set.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class TreiberStackLinearizabilityTest extends TreiberStackOperations {
    static final String SUITE = "TreiberStackLinearizabilityTest";
    static final String CHECKS = "TreiberStack push/pop/isEmpty vs a sequential LIFO";

    public TreiberStackLinearizabilityTest() {
        super(new TreiberStack<Integer>(), TreiberStack::push, TreiberStack::pop, TreiberStack::isEmpty);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), StackSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), StackSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void nonAtomicPopTwinIsRejected() {
        Lincheck.expectRejected("NonAtomicPopTreiberStack", "pop reads head then sets head.next without CAS",
                true, Twin.class, StackSpec.class, Budget.twin());
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends TreiberStackOperations {
        public Twin() {
            super(new NonAtomicPopTreiberStack<Integer>(), NonAtomicPopTreiberStack::push, NonAtomicPopTreiberStack::pop,
                    NonAtomicPopTreiberStack::isEmpty);
        }
    }
}
