package org.mpiverify.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.mpiverify.audit.run.AuditCommand;
import org.mpiverify.bench.CoreBench;
import org.mpiverify.bench.Machine;
import org.mpiverify.bench.compare.ComparisonTargets;
import org.mpiverify.bench.figures.BenchFigure;
import org.mpiverify.bench.figures.FigureRunner;
import org.mpiverify.bench.figures.Figures;
import org.mpiverify.bench.figures.Settings;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mutate.MutateCommand;
import org.mpiverify.reports.ReportMain;
import org.mpiverify.results.ProgressLine;
import org.mpiverify.specs.RepoLocator;
import org.mpiverify.specs.TlcCommand;

/**
 * {@code ./mpiverify COMMAND [ARGS]}: the one command-line tool over the same code the tests use.
 * Exit codes: 0 success, 1 a check failed, 2 usage error.
 */
public final class Main {
    static final String USAGE = """
            usage: ./mpiverify COMMAND [ARGS]

              demo [--ranks N] [--threads T] [--messages M]
                   [--granularity GLOBAL|BRIEF_GLOBAL|PER_OBJECT|LOCK_FREE] [--matching QUEUES|HASH_TABLE]
                                   run a multithreaded MPI program on the in-JVM core (ranks and threads
                                   exchange wildcard messages, mprobe unknown sizes, create communicators
                                   concurrently, run concurrent allreduces) and print what happened
              bench core|fig1-gt|fig4-gt|balaji|hoefler|all [--trials N] [--quick]
                    [--matching QUEUES|HASH_TABLE] [--out DIR] [--no-compare]
                                   core: ping-pong, THREAD_MULTIPLE cost and dup+free beside a spin
                                   handoff; fig1-gt, fig4-gt: Gropp & Thakur Figs. 1 and 4; balaji: Balaji
                                   et al. Figs. 3-8 and Table 1; hoefler: Hoefler et al. Figs. 2-3; all:
                                   every one. Medians with spread and same-run ratios; JSON and SVG plots
                                   to DIR/bench/ (default out/); --no-compare leaves native MPI out
              tlc [MODEL...] [--full] [--workers N] [--simulate N]
                                   run the TLA+ models with TLC and compare with the manifest
              audit --target core|mpich|openmpi|mpj-multicore|mpj-niodev|all
                    [--scenario ID[,ID...]] [--repeats N] [--full]
                                   run the thread-safety audit's multithreaded MPI scenarios on a target
                                   (every configuration of it), print progress, and write out/audit/
                                   TARGET.json, .md, .html and junit/TEST-audit-TARGET.xml; exit 1 if a
                                   safe configuration fails or an unsafe one is not rejected
              mutate [--class C]... [--operator OP]... [--component NAME]... [--sample|--all] [--no-jcstress]
                                   mutation testing of the core's concurrent classes (PIT with concurrency
                                   operators; JUnit, Lincheck and jcstress suites per mutant); writes
                                   out/mutate/kill-matrix.json and summary.md; exit 1 below 95 % detected
              report [--out DIR] [--quiet]
                                   write the HTML dashboard of every result under out/ (TLC, Lincheck,
                                   jcstress, audit, benchmarks) to out/report/index.html, with a
                                   Markdown summary (out/report/summary.md, also printed)
              test [MAVEN ARGS]    run the test suites (mvn verify); -Pfull for the long runs
              help                 this text
            """;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    /** {@code env}: the environment, where the audit reads {@code CI} (a missing target is then an error). */
    static int run(String[] args, PrintStream out, PrintStream err, java.util.Map<String, String> env) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            out.print(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            return switch (args[0]) {
                case "demo" -> demo(rest, out);
                case "bench" -> bench(rest, out);
                case "tlc" -> TlcCommand.run(rest);
                case "audit" -> AuditCommand.run(rest, out, err, env);
                case "report" -> ReportMain.run(rest, out, err);
                case "mutate" -> MutateCommand.run(rest, out, err);
                default -> {
                    err.println("unknown command '" + args[0] + "'\n");
                    err.print(USAGE);
                    yield 2;
                }
            };
        } catch (UsageException | MutateCommand.UsageError e) {
            err.println(e.getMessage() + "\n");
            err.print(USAGE);
            return 2;
        } catch (Exception e) {
            err.println(args[0] + " failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    private static int demo(String[] args, PrintStream out) {
        Options o = new Options(args);
        int ranks = o.intValue("--ranks", 4, 2, 64);
        int threads = o.intValue("--threads", 4, 1, 64);
        int messages = o.intValue("--messages", 200, 1, 1_000_000);
        Granularity g = o.enumValue("--granularity", Granularity.class, Granularity.LOCK_FREE);
        if (g.isExperimental()) {
            throw new UsageException("granularity " + g + " is experimental and unsafe; the audit uses it, the demo does not");
        }
        MatchingKind m = o.enumValue("--matching", MatchingKind.class, MatchingKind.QUEUES);
        o.requireAllUsed();
        return new Demo(ranks, threads, messages, g, m, out).run();
    }

    private static final List<String> BENCHMARKS = List.of("core", "fig1-gt", "fig4-gt", "balaji", "hoefler", "all");

    private static int bench(String[] args, PrintStream out) throws Exception {
        if (args.length == 0 || !BENCHMARKS.contains(args[0])) {
            throw new UsageException("bench needs a benchmark name: " + String.join("|", BENCHMARKS)
                    + (args.length == 0 ? "" : ", not '" + args[0] + "'"));
        }
        String name = args[0];
        Options o = new Options(Arrays.copyOfRange(args, 1, args.length));
        int trials = o.intValue("--trials", 7, name.equals("core") ? 2 : 1, 1000);
        boolean quick = o.flag("--quick");
        boolean compare = !o.flag("--no-compare");
        MatchingKind m = o.enumValue("--matching", MatchingKind.class, MatchingKind.QUEUES);
        Path repoRoot = RepoLocator.findRoot(Path.of("")).orElse(Path.of("").toAbsolutePath());
        Path outDir = Path.of(o.stringValue("--out", RepoLocator.findRoot(Path.of(""))
                .map(r -> RepoLocator.outputDir(r).toString()).orElse(defaultOut())));
        o.requireAllUsed();
        out.println("mpiverify bench " + name + ": " + trials + " trials" + (quick ? " (quick)" : "") + ", matching " + m);
        out.println("machine: " + Machine.describe());
        if (name.equals("core") || name.equals("all")) {
            int coreTrials = Math.max(2, trials);
            List<CoreBench.Result> results;
            // CoreBench prints "trial t/N done" per trial (trial 0 is the warm-up): a live line with rate and ETA
            try (ProgressLine progress = new ProgressLine(out, "bench core", coreTrials, "trials",
                    out == System.out && ProgressLine.isTerminal())) {
                PrintStream tap = new PrintStream(new ProgressTap(progress,
                        java.util.regex.Pattern.compile("trial (\\d+)/\\d+ done")), true,
                        java.nio.charset.StandardCharsets.UTF_8);
                results = new CoreBench(coreTrials, quick, m, tap).run();
                tap.flush();
            }
            CoreBench.print(results, out);
            Path json = outDir.resolve("bench").resolve("core.json");
            CoreBench.writeJson(results, json, m.name(), repoRoot);
            out.println("wrote " + json);
        }
        ComparisonTargets.Discovery found = ComparisonTargets.discover(compare);
        Settings settings = Settings.of(trials, quick, m, out).withComparisons(found.targets(), found.skipped());
        for (BenchFigure f : Figures.all()) {
            if (name.equals("all") || name.equals(f.id())) {
                FigureRunner.run(f, settings, outDir, repoRoot);
            }
        }
        return 0;
    }

    /** {@code out/} at the repository root (the launcher runs from there), or the mpiverify.out property. */
    static String defaultOut() {
        return System.getProperty("mpiverify.out", "out");
    }

    /** A bad command line. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    /** {@code --name value} and {@code --flag} options; every option given must be consumed. */
    static final class Options {
        private final String[] args;
        private final boolean[] used;

        Options(String[] args) {
            this.args = args;
            this.used = new boolean[args.length];
        }

        boolean flag(String name) {
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals(name)) {
                    used[i] = true;
                    return true;
                }
            }
            return false;
        }

        String stringValue(String name, String def) {
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals(name)) {
                    if (i + 1 >= args.length) {
                        throw new UsageException(name + " needs a value");
                    }
                    used[i] = used[i + 1] = true;
                    return args[i + 1];
                }
            }
            return def;
        }

        int intValue(String name, int def, int min, int max) {
            String s = stringValue(name, null);
            if (s == null) {
                return def;
            }
            try {
                int v = Integer.parseInt(s);
                if (v < min || v > max) {
                    throw new UsageException(name + " must be in [" + min + ", " + max + "], not " + v);
                }
                return v;
            } catch (NumberFormatException e) {
                throw new UsageException(name + " needs a whole number, not '" + s + "'");
            }
        }

        <E extends Enum<E>> E enumValue(String name, Class<E> type, E def) {
            String s = stringValue(name, null);
            if (s == null) {
                return def;
            }
            try {
                return Enum.valueOf(type, s.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new UsageException(name + " must be one of " + Arrays.toString(type.getEnumConstants()));
            }
        }

        void requireAllUsed() {
            for (int i = 0; i < args.length; i++) {
                if (!used[i]) {
                    throw new UsageException("unknown argument '" + args[i] + "'");
                }
            }
        }
    }
}
