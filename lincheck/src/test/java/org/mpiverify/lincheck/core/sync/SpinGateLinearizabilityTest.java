package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.NonAtomicExitSpinGate;
import org.mpiverify.core.sync.SpinGate;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link SpinGate} (admission to long spinning) is linearizable with respect to a counter of permits
 * taken ({@link SpinGateSpec}): tryEnter takes one if fewer than the gate's two are taken, exit gives
 * back the calling thread's. Each thread holds at most one permit (the harness keeps a slot per
 * ThreadIdGen id, as the spec does), so operations name their thread and run in the parallel part only.
 *
 * <p>Twin (generated from twins/patches/lincheck): {@link NonAtomicExitSpinGate}, whose exit gives
 * the permit back by a read and a write.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class SpinGateLinearizabilityTest extends SpinGateOperations {
    static final String SUITE = "SpinGateLinearizabilityTest";
    static final String CHECKS = "SpinGate tryEnter/exit/spinners vs a counter of permits";
    static final int PERMITS = 2;

    public SpinGateLinearizabilityTest() {
        super(new SpinGate(PERMITS), SpinGate::tryEnter, SpinGate::exit, SpinGate::spinners);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        // the budget that rejects the twin: the same defect in the gate itself must fail here
        Lincheck.checkModel(SUITE, CHECKS, getClass(), SpinGateSpec.class, Budget.twin().withActors(3, 3).parallelOnly());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), SpinGateSpec.class, Budget.stress().withActors(3, 3).parallelOnly());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void nonAtomicExitTwinIsRejected() {
        Lincheck.expectRejected("NonAtomicExitSpinGate", "exit gives the permit back by a read and a write",
                true, Twin.class, SpinGateSpec.class, Budget.twin().withActors(3, 3).parallelOnly());
    }

    /** The same operations on the twin. */
    public static class Twin extends SpinGateOperations {
        public Twin() {
            super(new NonAtomicExitSpinGate(PERMITS), NonAtomicExitSpinGate::tryEnter, NonAtomicExitSpinGate::exit,
                    NonAtomicExitSpinGate::spinners);
        }
    }

    /** The sequential specification: a count of the permits taken, and who holds one. */
    public static class SpinGateSpec {
        private int taken;
        private final boolean[] holds = new boolean[8];

        public String tryEnter(int t) {
            if (holds[t]) return "holds";
            if (taken == PERMITS) return "refused";
            taken++;
            holds[t] = true;
            return "entered";
        }

        public boolean exit(int t) {
            if (!holds[t]) return false;
            taken--;
            holds[t] = false;
            return true;
        }

        public int spinners() {
            return taken;
        }
    }
}
