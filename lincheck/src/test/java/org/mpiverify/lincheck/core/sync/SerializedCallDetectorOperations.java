package org.mpiverify.lincheck.core.sync;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The operations of {@link SerializedCallDetectorLinearizabilityTest} over a detector given as its enter
 * and exit: the real {@link org.mpiverify.core.sync.SerializedCallDetector} (the suite) or its known-bad
 * twin. Results are booleans ("overlap seen"), not threads; {@code t} only tells {@link DetectorSpec}
 * which thread calls.
 */
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class SerializedCallDetectorOperations {
    private final Supplier<Thread> enter;
    private final Runnable exit;

    protected <D> SerializedCallDetectorOperations(D detector, Function<D, Thread> enter, Consumer<D> exit) {
        this.enter = () -> enter.apply(detector);
        this.exit = () -> exit.accept(detector);
    }

    @Operation
    public boolean enter(@Param(name = "t") int t) {
        return enter.get() != null;
    }

    @Operation
    public void exit(@Param(name = "t") int t) {
        exit.run();
    }
}
