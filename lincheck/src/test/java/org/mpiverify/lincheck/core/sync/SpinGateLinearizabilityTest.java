package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
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
 * <p>Twin (generated from lincheck/src/test/twins): {@link NonAtomicExitSpinGate}, whose exit gives
 * the permit back by a read and a write.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Param(name = "t", gen = ThreadIdGen.class)
public class SpinGateLinearizabilityTest {
    static final String SUITE = "SpinGateLinearizabilityTest";
    static final String CHECKS = "SpinGate tryEnter/exit/spinners vs a counter of permits";
    static final int PERMITS = 2;

    private final Gate gate = Gate.of(new SpinGate(PERMITS));

    /** The gate's operations, so that one harness runs on the gate and on its twin. */
    interface Gate {
        boolean tryEnter();

        void exit();

        int spinners();

        static Gate of(SpinGate g) {
            return new Gate() {
                public boolean tryEnter() { return g.tryEnter(); }
                public void exit() { g.exit(); }
                public int spinners() { return g.spinners(); }
            };
        }
    }

    /** The operations over a gate, one permit slot per thread. */
    static final class Harness {
        private final Gate gate;
        private final boolean[] holds = new boolean[8];

        Harness(Gate gate) {
            this.gate = gate;
        }

        String tryEnter(int t) {
            if (holds[t]) return "holds";
            holds[t] = gate.tryEnter();
            return holds[t] ? "entered" : "refused";
        }

        boolean exit(int t) {
            if (!holds[t]) return false;
            gate.exit();
            holds[t] = false;
            return true;
        }
    }

    private final Harness h = new Harness(gate);

    @Operation
    public String tryEnter(@Param(name = "t") int t) {
        return h.tryEnter(t);
    }

    @Operation
    public boolean exit(@Param(name = "t") int t) {
        return h.exit(t);
    }

    @Operation
    public int spinners() {
        return gate.spinners();
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
    @Param(name = "t", gen = ThreadIdGen.class)
    public static class Twin {
        private final NonAtomicExitSpinGate g = new NonAtomicExitSpinGate(PERMITS);
        private final Harness h = new Harness(new Gate() {
            public boolean tryEnter() { return g.tryEnter(); }
            public void exit() { g.exit(); }
            public int spinners() { return g.spinners(); }
        });

        @Operation
        public String tryEnter(@Param(name = "t") int t) {
            return h.tryEnter(t);
        }

        @Operation
        public boolean exit(@Param(name = "t") int t) {
            return h.exit(t);
        }

        @Operation
        public int spinners() {
            return g.spinners();
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
