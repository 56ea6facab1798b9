package org.mpiverify.specs;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.mpiverify.results.Console;
import org.mpiverify.results.Progress;
import org.mpiverify.results.ProgressLine;
import org.mpiverify.results.Workspace;
import org.mpiverify.results.hosts.HostFile;

/**
 * {@code ./mpiverify tlc [MODEL...] [--full] [--workers N] [--simulate N]} (the CLI parses the command line): runs
 * TLC models from the manifest, shows live progress, ends with a table of outcomes and writes the reports.
 * {@code ./mpiverify tlc --distributed --hosts FILE [--fp-servers N] [MODEL...]} runs them with TLC's distributed mode
 * ({@link DistributedTlc}) instead, into the same reports; a named model that mode cannot check is refused (exit 2)
 * with the reason and the command to run instead, and such models of a folder or of the default selection are left
 * out with the same words.
 * {@code ./mpiverify tlc --generate} regenerates the models' {@code MC_*} files from the manifest.
 *
 * <p>MODEL is a model name or a spec folder name (all its quick models, or all with --full). With
 * no MODEL, the quick class runs (every model with --full). --simulate N runs every selected
 * model in simulation mode with N behaviors instead of exhaustively.
 *
 * <p>Exit codes: 0 every outcome as expected, 1 a mismatch, 2 a usage error.
 */
public final class TlcCommand {
    /**
     * What to run.
     *
     * @param models   models or spec folders of the manifest (empty: the quick class, every model with {@code full})
     * @param full     include the full-size models
     * @param workers  TLC workers per safety-only model, 1-1024 (null: the cores); a model with a temporal or
     *                 action property always runs with 1, because TLC 2.18 can miss liveness violations with more
     * @param simulate simulation mode with this many behaviors per model (0: exhaustive)
     * @param generate write every model's {@code MC_*.tla/.cfg} from the manifest, then stop
     * @param cwd      where to look for the repository (it and the folders above it; null: the working folder)
     * @param distributed TLC's distributed mode over these hosts, or null for this machine
     */
    public record Options(List<String> models, boolean full, Integer workers, int simulate, boolean generate, Path cwd,
                          Distributed distributed) {
        public Options {
            models = List.copyOf(models);
            if (distributed != null && simulate > 0) {
                throw new IllegalArgumentException("--distributed checks exhaustively: it cannot go with --simulate");
            }
            if (workers == null) workers = Runtime.getRuntime().availableProcessors();
            if (workers < 1 || workers > 1024) {
                throw new IllegalArgumentException("--workers must be in [1, 1024], not " + workers);
            }
            if (simulate < 0) throw new IllegalArgumentException("--simulate must be in [0, " + Integer.MAX_VALUE + "], not " + simulate);
            cwd = cwd == null ? Path.of("").toAbsolutePath() : cwd;
        }

        /** On this machine. */
        public Options(List<String> models, boolean full, Integer workers, int simulate, boolean generate, Path cwd) {
            this(models, full, workers, simulate, generate, cwd, null);
        }
    }

    /**
     * TLC's distributed mode.
     *
     * @param hosts     the host file ({@code --hosts}, the audit's format): one TLC worker per host, its slots threads
     * @param fpServers distributed fingerprint servers (null: one per host for full-size models, none for quick ones)
     */
    public record Distributed(Path hosts, Integer fpServers) {
        public Distributed {
            if (hosts == null) throw new IllegalArgumentException("--distributed needs --hosts FILE");
            if (fpServers != null && fpServers < 0) {
                throw new IllegalArgumentException("--fp-servers must be at least 0, not " + fpServers);
            }
        }
    }

    private TlcCommand() {}

    /** Runs the models {@code o} selects and compares each outcome with the manifest. */
    public static int run(Options o, Console console) {
        PrintStream out = console.out();
        PrintStream err = console.err();
        Path cwd = o.cwd();
        Optional<Path> root = Workspace.findRoot(cwd).filter(r -> Files.isRegularFile(r.resolve("specs/manifest.json")));
        if (root.isEmpty()) {
            err.println("mpiverify tlc: no repository with specs/manifest.json at " + cwd + " or above it (or at -D"
                    + Workspace.ROOT_PROPERTY + ")");
            return 2;
        }
        Path specsDir = root.get().resolve("specs");
        if (o.generate()) {
            List<Path> changed = ModelGenerator.write(Manifest.load(specsDir));
            changed.forEach(p -> out.println("written or removed: specs/" + p));
            out.printf("%d model file(s) changed%n", changed.size());
            return 0;
        }
        List<ModelSpec> models;
        try {
            models = Manifest.load(specsDir).select(o.models(), o.full());
        } catch (IllegalArgumentException e) {
            err.println("mpiverify tlc: " + e.getMessage());
            return 2;
        }
        TlcRun tlc = null;
        if (o.distributed() != null) {
            try {
                HostFile hosts = HostFile.read(o.distributed().hosts());
                models = distributable(models, o.models(), specsDir, out);
                tlc = new DistributedTlc(specsDir, hosts, o.distributed().fpServers());
                out.printf("TLC's distributed mode: the server here, a worker on each of %s (slots: threads)%n", hosts);
            } catch (IllegalArgumentException e) {
                err.println("mpiverify tlc: " + e.getMessage());
                return 2;
            }
        }
        int simulate = o.simulate();
        if (simulate > 0) models = models.stream().map(ModelSpec::simulated).toList();
        int sim = simulate > 0 ? simulate : TlcProcess.DEFAULT_SIMULATION_TRACES;
        if (tlc == null) {
            out.printf("TLC: %d model(s); %d worker(s) for safety-only models, 1 for models with a temporal or"
                            + " action property%s%n", models.size(), o.workers(),
                    simulate > 0 ? "; simulation with " + simulate + " behaviors each" : "");
        } else {
            out.printf("TLC: %d model(s), distributed%n", models.size());
        }
        List<ModelOutcome> outcomes = new ArrayList<>();
        try (ProgressLine progress = console.progress("tlc", models.size(), "models")) {
            TlcRunner runner = tlc == null
                    ? new TlcRunner(specsDir, o.workers(), sim, new LiveProgress(progress), line -> {})
                    : new TlcRunner(tlc, new LiveProgress(progress), line -> {});
            for (ModelSpec m : models) {
                outcomes.add(runner.run(m));
                progress.set(outcomes.size());
            }
        }
        Path results = new ReportWriter(Workspace.outputDir(root.get()), root.get()).write(outcomes);
        out.println();
        out.print(table(outcomes));
        long bad = outcomes.stream().filter(x -> !x.asExpected()).count();
        out.printf("%n%d of %d as expected; results in %s%n", outcomes.size() - bad, outcomes.size(), results);
        return bad == 0 ? 0 : 1;
    }

    /**
     * The models TLC's distributed mode can check: a model named on the command line that it cannot is refused (an
     * IllegalArgumentException with every reason), one selected through its folder or by default is left out with
     * its reason printed.
     */
    static List<ModelSpec> distributable(List<ModelSpec> selected, List<String> named, Path specsDir, PrintStream out) {
        List<ModelSpec> keep = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (ModelSpec m : selected) {
            Optional<String> why = DistributedTlc.refusal(m, specsDir);
            if (why.isEmpty()) {
                keep.add(m);
            } else if (named.contains(m.name())) {
                refused.add(why.get());
            } else {
                out.println("left out: " + why.get());
            }
        }
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException("refusing to run with --distributed:\n  " + String.join("\n  ", refused));
        }
        if (keep.isEmpty()) throw new IllegalArgumentException("--distributed: none of the selected models can be checked distributed");
        return keep;
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
     * Each model's start and end as lines, and TLC's latest progress report (TLC prints one a minute) as the
     * detail of the live line, whose heartbeat shows that a long model still runs.
     */
    private static final class LiveProgress implements TlcRunner.Listener {
        private final Progress progress;
        private volatile long startNanos;

        LiveProgress(Progress progress) {
            this.progress = progress;
        }

        @Override
        public void started(ModelSpec model) {
            startNanos = System.nanoTime();
            progress.println(String.format("%n== %s (%s/%s, %s, expect %s)", model.name(), model.spec(), model.module(),
                    model.mode(), model.expected()));
            progress.detail(model.name() + ": starting");
        }

        @Override
        public void progress(ModelSpec model, TlcOutputParser.Progress p) {
            progress.detail(model.name() + ": " + (p.distinct() < 0
                    ? String.format(Locale.ROOT, "%,d states generated (simulation)", p.generated())
                    : String.format(Locale.ROOT, "%,d distinct states (%,d/s), %,d generated (%,d/s), queue %,d",
                    p.distinct(), Math.max(0, p.distinctPerSecond()), p.generated(),
                    Math.max(0, p.generatedPerSecond()), p.queue())));
        }

        @Override
        public void finished(ModelOutcome o) {
            progress.detail("");
            progress.println(String.format("   %4ds  %s: %s", (System.nanoTime() - startNanos) / 1_000_000_000L,
                    o.asExpected() ? "as expected" : "MISMATCH", o.asExpected() ? o.actual() : o.mismatch()));
        }
    }
}
