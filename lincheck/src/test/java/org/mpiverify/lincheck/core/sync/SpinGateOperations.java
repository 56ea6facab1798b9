package org.mpiverify.lincheck.core.sync;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The operations of {@link SpinGateLinearizabilityTest} over a gate given as its tryEnter, exit and
 * spinners: the real {@link org.mpiverify.core.sync.SpinGate} (the suite) or its known-bad twin. Each
 * Lincheck thread holds at most one permit, remembered in its slot (indexed by its ThreadIdGen id).
 */
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class SpinGateOperations {
    private final BooleanSupplier tryEnter;
    private final Runnable exit;
    private final IntSupplier spinners;
    private final boolean[] holds = new boolean[8];

    protected <G> SpinGateOperations(G gate, Predicate<G> tryEnter, Consumer<G> exit, ToIntFunction<G> spinners) {
        this.tryEnter = () -> tryEnter.test(gate);
        this.exit = () -> exit.accept(gate);
        this.spinners = () -> spinners.applyAsInt(gate);
    }

    @Operation
    public String tryEnter(@Param(name = "t") int t) {
        if (holds[t]) return "holds";
        holds[t] = tryEnter.getAsBoolean();
        return holds[t] ? "entered" : "refused";
    }

    @Operation
    public boolean exit(@Param(name = "t") int t) {
        if (!holds[t]) return false;
        exit.run();
        holds[t] = false;
        return true;
    }

    @Operation
    public int spinners() {
        return spinners.getAsInt();
    }
}
