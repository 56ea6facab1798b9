package org.mpiverify.lincheck.mpi;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.mpiverify.mpi.ProgressEngineDoor;

/**
 * The operations of {@link ProgressEngineLinearizabilityTest} on operation {@code i} of two: start it, its
 * partner's transfer arriving, a wait on it in the engine, a test loop on it. They call
 * the engine's door: {@link org.mpiverify.mpi.ProgressEngineUnderTest} on the real {@code ProgressEngine} (the
 * suite) or the same door on its known-bad twin (the twin); a job of its own per instance.
 */
@Param(name = "i", gen = IntGen.class, conf = "0:1")
public abstract class ProgressEngineOperations {
    private final ProgressEngineDoor engine;

    protected ProgressEngineOperations(ProgressEngineDoor engine) {
        this.engine = engine;
    }

    @Operation
    public String start(@Param(name = "i") int i) {
        return engine.start(i);
    }

    @Operation
    public String arrive(@Param(name = "i") int i) {
        return engine.arrive(i);
    }

    @Operation
    public String waitOn(@Param(name = "i") int i) {
        return engine.waitOn(i);
    }

    @Operation
    public String test(@Param(name = "i") int i) {
        return engine.test(i);
    }
}
