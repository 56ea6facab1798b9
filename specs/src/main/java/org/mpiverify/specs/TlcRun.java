package org.mpiverify.specs;

import java.util.function.Consumer;

/**
 * One way of running TLC on a model: on this machine ({@link TlcProcess}) or distributed over hosts ({@link
 * DistributedTlc}). {@link TlcRunner} compares either's result with the manifest the same way.
 */
public interface TlcRun {
    /**
     * Runs TLC on {@code model} within the model's deadline.
     *
     * @param progress receives TLC's progress reports as they are printed
     * @param rawLog   receives every line TLC prints (may be a no-op)
     */
    TlcResult run(ModelSpec model, Consumer<TlcOutputParser.Progress> progress, Consumer<String> rawLog);

    /** The TLC worker threads {@code model} runs with. */
    int workersFor(ModelSpec model);
}
