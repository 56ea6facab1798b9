package org.mpiverify.lincheck.mpi;

import java.util.function.Function;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;

/**
 * The operations of {@link CommRefCountLinearizabilityTest}: irecv, self-send and free on one thread at a
 * time (MPI makes using a handle concurrently with its free erroneous: a non-parallel group), completions
 * (cancel, then test until complete) on any thread, and the context id's return validated at quiescence. They
 * make {@link CommRefCountCalls} on the real core (the suite) or on the core with the known-bad twin of
 * {@code Comm} in its place (the twin).
 */
public abstract class CommRefCountOperations {
    private final Function<String, String> calls;

    protected CommRefCountOperations(Function<String, String> calls) {
        this.calls = calls;
    }

    @Operation(nonParallelGroup = "handle")
    public String irecv() {
        return calls.apply("irecv");
    }

    @Operation(nonParallelGroup = "handle")
    public String send() {
        return calls.apply("send");
    }

    @Operation(nonParallelGroup = "handle", runOnce = true)
    public String free() {
        return calls.apply("free");
    }

    @Operation
    public String complete() {
        return calls.apply("complete");
    }

    /** At quiescence: the id is back iff the communicator was freed and no request on it is held. */
    @Validate
    public void contextIdReturnedIffFreedAndIdle() {
        calls.apply("validate");
    }
}
