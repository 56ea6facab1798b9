package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.CheckThenSetLock;
import org.mpiverify.core.sync.SpinThenParkLock;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link SpinThenParkLock}, the matching engines' per-context lock: a counter whose read-modify-write
 * runs under the lock behaves as an atomic counter ({@link LockedCounterSpec}), so the lock excludes
 * (through its spin, yield and parked phases alike) and publishes each section's writes to the next.
 *
 * <p>Twin: {@link CheckThenSetLock}, whose acquisition reads the state and then writes it: two threads
 * can both find it free and both enter, and the counter loses an increment.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class SpinThenParkLockLinearizabilityTest extends LockedCounterOperations {
    static final String SUITE = "SpinThenParkLockLinearizabilityTest";
    static final String CHECKS = "SpinThenParkLock: a counter updated under the lock vs an atomic counter";

    public SpinThenParkLockLinearizabilityTest() {
        super(new SpinThenParkLock());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), LockedCounterSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), LockedCounterSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void checkThenSetTwinIsRejected() {
        Lincheck.expectRejected("CheckThenSetLock", "the lock is taken by reading its state, then writing it",
                true, Twin.class, LockedCounterSpec.class, Budget.twin());
    }

    /** The same operations over the known-bad twin. */
    public static class Twin extends LockedCounterOperations {
        public Twin() {
            super(new CheckThenSetLock());
        }
    }
}
