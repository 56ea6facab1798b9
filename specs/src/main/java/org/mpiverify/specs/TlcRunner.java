package org.mpiverify.specs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs models, each in its own TLC process, and compares each result with the manifest. The CLI runs
 * them one after another: a safety-only model's TLC already uses the cores it is given, and two at once
 * make both slower and their timings useless. A test that checks outcomes and state counts only may run
 * several single-worker models at once ({@link #runAll(List, int)}): TLC with one worker leaves the other
 * cores idle, and each process has its own metadir and temporary folder, so the runs share nothing.
 */
public final class TlcRunner {
    /** Hears about a run as it happens (the CLI prints live progress from it). */
    public interface Listener {
        default void started(ModelSpec model) {}

        default void progress(ModelSpec model, TlcOutputParser.Progress p) {}

        default void finished(ModelOutcome outcome) {}
    }

    private final TlcRun tlc;
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
        this(new TlcProcess(specsDir, workers, simulateTraces), listener, rawLog);
    }

    /** A runner over {@code tlc}, e.g. TLC's distributed mode ({@link DistributedTlc}). */
    public TlcRunner(TlcRun tlc, Listener listener, Consumer<String> rawLog) {
        this.tlc = tlc;
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

    /**
     * Runs {@code models} with at most {@code processes} TLC processes at once; outcomes in the models'
     * order. The listener hears from several threads. Every model's own deadline still bounds its run.
     */
    public List<ModelOutcome> runAll(List<ModelSpec> models, int processes) {
        if (processes <= 1) return runAll(models);
        try (ExecutorService pool = Executors.newFixedThreadPool(processes,
                Thread.ofPlatform().name("tlc-runner-", 0).factory())) {
            List<Future<ModelOutcome>> futures = new ArrayList<>();
            for (ModelSpec m : models) futures.add(pool.submit(() -> run(m)));
            List<ModelOutcome> out = new ArrayList<>();
            for (Future<ModelOutcome> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("running a TLC model failed", e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    pool.shutdownNow();
                    throw new IllegalStateException("interrupted while TLC models ran", e);
                }
            }
            return out;
        }
    }
}
