package org.mpiverify.specs;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.mpiverify.results.Workspace;

/**
 * {@code mpiverify tlc [MODEL...] [--full] [--workers N] [--simulate N]}: runs TLC models from the
 * manifest, shows live progress, ends with a table of outcomes and writes the reports.
 * {@code mpiverify tlc --generate} regenerates the models' {@code MC_*} files from the manifest.
 *
 * <p>MODEL is a model name or a spec folder name (all its quick models, or all with --full). With
 * no MODEL, the quick class runs (every model with --full). --simulate N runs every selected
 * model in simulation mode with N behaviors instead of exhaustively.
 *
 * <p>Exit codes: 0 every outcome as expected, 1 a mismatch, 2 a usage error.
 */
public final class TlcCommand {
    public static final String USAGE = """
            usage: mpiverify tlc [MODEL...] [--full] [--workers N] [--simulate N]
                   mpiverify tlc --generate
              MODEL         a model or spec folder from specs/manifest.json (default: the quick class)
              --full        include the full-size models
              --workers N   TLC worker threads per model without temporal or action properties
                            (default: number of cores); a model with one always runs with 1 worker,
                            because TLC 2.18 can miss liveness violations with more (tlaplus#971)
              --simulate N  run the models in simulation mode, N behaviors each
              --generate    write every model's MC_*.tla/.cfg from specs/manifest.json, then stop
            exit code: 0 all as expected, 1 a mismatch, 2 usage error""";

    private TlcCommand() {}

    /** For running the command without the CLI module: exits with {@link #run(String[])}'s code. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String[] args) {
        return run(args, Path.of("").toAbsolutePath(), System.out, System.err);
    }

    /** As {@link #run(String[])}, from folder {@code cwd}, printing to {@code out}/{@code err}. */
    public static int run(String[] args, Path cwd, PrintStream out, PrintStream err) {
        List<String> names = new ArrayList<>();
        boolean full = false;
        int workers = Runtime.getRuntime().availableProcessors();
        int simulate = 0;
        boolean generate = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--full" -> full = true;
                    case "--generate" -> generate = true;
                    case "--workers" -> workers = positive(args, ++i, "--workers");
                    case "--simulate" -> simulate = positive(args, ++i, "--simulate");
                    case "-h", "--help" -> {
                        out.println(USAGE);
                        return 0;
                    }
                    default -> {
                        if (args[i].startsWith("-")) throw new IllegalArgumentException("unknown option " + args[i]);
                        names.add(args[i]);
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("mpiverify tlc: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        return run(names, full, workers, simulate, generate, cwd, out, err);
    }

    /**
     * Runs the models {@code names} (the quick class when empty, every model with {@code full}) with the
     * options already parsed: the entry of {@code ./mpiverify tlc}, whose command line the CLI parses.
     * The parser above stays for running this module on its own.
     */
    public static int run(List<String> names, boolean full, int workers, int simulate, boolean generate, Path cwd,
                          PrintStream out, PrintStream err) {
        Optional<Path> root = Workspace.findRoot(cwd).filter(r -> Files.isRegularFile(r.resolve("specs/manifest.json")));
        if (root.isEmpty()) {
            err.println("mpiverify tlc: no repository with specs/manifest.json at " + cwd + " or above it (or at -D"
                    + Workspace.ROOT_PROPERTY + ")");
            return 2;
        }
        Path specsDir = root.get().resolve("specs");
        if (generate) {
            List<Path> changed = ModelGenerator.write(Manifest.load(specsDir));
            changed.forEach(p -> out.println("written or removed: specs/" + p));
            out.printf("%d model file(s) changed%n", changed.size());
            return 0;
        }
        Manifest manifest;
        List<ModelSpec> models;
        try {
            manifest = Manifest.load(specsDir);
            models = manifest.select(names, full);
        } catch (IllegalArgumentException e) {
            err.println("mpiverify tlc: " + e.getMessage());
            return 2;
        }
        if (simulate > 0) models = models.stream().map(ModelSpec::simulated).toList();
        int sim = simulate > 0 ? simulate : TlcProcess.DEFAULT_SIMULATION_TRACES;
        out.printf("TLC: %d model(s); %d worker(s) for safety-only models, 1 for models with a temporal or"
                        + " action property%s%n", models.size(), workers,
                simulate > 0 ? "; simulation with " + simulate + " behaviors each" : "");
        List<ModelOutcome> outcomes = new ArrayList<>();
        try (ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("tlc-ticker").factory())) {
            TlcRunner runner = new TlcRunner(specsDir, workers, sim, new LiveProgress(out, ticker), line -> {});
            for (ModelSpec m : models) outcomes.add(runner.run(m));
        }
        Path results = new ReportWriter(Workspace.outputDir(root.get()), root.get()).write(outcomes);
        out.println();
        out.print(table(outcomes));
        long bad = outcomes.stream().filter(o -> !o.asExpected()).count();
        out.printf("%n%d of %d as expected; results in %s%n", outcomes.size() - bad, outcomes.size(), results);
        return bad == 0 ? 0 : 1;
    }

    private static int positive(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a number");
        try {
            int n = Integer.parseInt(args[i]);
            if (n < 1) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a positive number, not '" + args[i] + "'");
        }
    }

    /** The outcome table printed at the end. */
    static String table(List<ModelOutcome> outcomes) {
        StringBuilder b = new StringBuilder();
        String fmt = "%-32s %-30s %-30s %12s %8s  %s%n";
        b.append(String.format(Locale.ROOT, fmt, "MODEL", "EXPECTED", "ACTUAL", "DISTINCT", "SECONDS", "VERDICT"));
        for (ModelOutcome o : outcomes) {
            b.append(String.format(Locale.ROOT, fmt, o.model().name(), o.model().expected(), o.actual(),
                    o.result().distinctStates() < 0 ? "-" : String.format(Locale.ROOT, "%,d", o.result().distinctStates()),
                    String.format(Locale.ROOT, "%.1f", o.seconds()),
                    o.asExpected() ? "ok" : "MISMATCH: " + o.mismatch()));
        }
        return b.toString();
    }

    /**
     * Prints TLC's progress reports as they come (TLC prints one a minute) and, in between, a
     * heartbeat with the elapsed time every 10 s, so a long model visibly is still running.
     */
    private static final class LiveProgress implements TlcRunner.Listener {
        private final PrintStream out;
        private final ScheduledExecutorService ticker;
        private volatile long startNanos;
        private volatile String last = "starting";
        private ScheduledFuture<?> beat;

        LiveProgress(PrintStream out, ScheduledExecutorService ticker) {
            this.out = out;
            this.ticker = ticker;
        }

        @Override
        public void started(ModelSpec model) {
            startNanos = System.nanoTime();
            last = "starting";
            out.printf("%n== %s (%s/%s, %s, expect %s)%n", model.name(), model.spec(), model.module(), model.mode(),
                    model.expected());
            beat = ticker.scheduleAtFixedRate(() -> out.printf("   %4ds  %s%n", elapsed(), last), 10, 10,
                    TimeUnit.SECONDS);
        }

        @Override
        public void progress(ModelSpec model, TlcOutputParser.Progress p) {
            last = p.distinct() < 0
                    ? String.format(Locale.ROOT, "%,d states generated (simulation)", p.generated())
                    : String.format(Locale.ROOT, "%,d distinct states (%,d/s), %,d generated (%,d/s), queue %,d",
                    p.distinct(), Math.max(0, p.distinctPerSecond()), p.generated(),
                    Math.max(0, p.generatedPerSecond()), p.queue());
            out.printf("   %4ds  %s%n", elapsed(), last);
        }

        @Override
        public void finished(ModelOutcome o) {
            if (beat != null) beat.cancel(false);
            out.printf("   %4ds  %s: %s%n", elapsed(), o.asExpected() ? "as expected" : "MISMATCH",
                    o.asExpected() ? o.actual() : o.mismatch());
        }

        private long elapsed() {
            return (System.nanoTime() - startNanos) / 1_000_000_000L;
        }
    }
}
