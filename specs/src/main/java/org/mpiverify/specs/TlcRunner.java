package org.mpiverify.specs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs models one after another, each in its own TLC process, and compares each result with the
 * manifest. Models run sequentially: a safety-only model's TLC already uses the cores it is given,
 * and running two at once would make both slower and their timings useless.
 */
public final class TlcRunner {
    /** Hears about a run as it happens (the CLI prints live progress from it). */
    public interface Listener {
        default void started(ModelSpec model) {}

        default void progress(ModelSpec model, TlcOutputParser.Progress p) {}

        default void finished(ModelOutcome outcome) {}
    }

    private final TlcProcess tlc;
    private final Listener listener;
    private final Consumer<String> rawLog;

    /**
     * @param specsDir       the {@code specs/} folder
     * @param workers        TLC workers per safety-only model (a model with a temporal or action
     *                       property always runs with one, see {@link TlcProcess})
     * @param simulateTraces behaviors per model in simulation mode
     * @param listener       progress callbacks
     * @param rawLog         receives every line of TLC output
     */
    public TlcRunner(Path specsDir, int workers, int simulateTraces, Listener listener, Consumer<String> rawLog) {
        this.tlc = new TlcProcess(specsDir, workers, simulateTraces);
        this.listener = listener;
        this.rawLog = rawLog;
    }

    /** The workers {@code model} runs with. */
    public int workersFor(ModelSpec model) {
        return tlc.workersFor(model);
    }

    public ModelOutcome run(ModelSpec model) {
        listener.started(model);
        long start = System.nanoTime();
        TlcResult r = tlc.run(model, p -> listener.progress(model, p), rawLog);
        double seconds = (System.nanoTime() - start) / 1e9;
        ModelOutcome o = new ModelOutcome(model, r, Math.round(seconds * 10) / 10.0,
                ResultCheck.mismatch(model, r));
        listener.finished(o);
        return o;
    }

    public List<ModelOutcome> runAll(List<ModelSpec> models) {
        List<ModelOutcome> out = new ArrayList<>();
        for (ModelSpec m : models) out.add(run(m));
        return out;
    }
}
