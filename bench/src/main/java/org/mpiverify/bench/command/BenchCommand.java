package org.mpiverify.bench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiverify.bench.CoreBench;
import org.mpiverify.bench.Machine;
import org.mpiverify.bench.NativeCoreBench;
import org.mpiverify.bench.compare.ComparisonTargets;
import org.mpiverify.bench.figures.Figures;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.FigureRunner;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.harness.nativempi.NativeAbi;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Console;
import org.mpiverify.results.ProgressLine;
import org.mpiverify.results.Workspace;

/**
 * {@code ./mpiverify bench NAME [--trials N] [--quick] [--matching ENGINE] [--out DIR] [--no-compare]} (the CLI
 * parses the command line): {@code core} ({@link CoreBench}), one of the papers' figures ({@link Figures#all()})
 * or {@code all}, each printed as a table and written as JSON and SVG plots to {@code DIR/bench/}. Exit code 0
 * once written (a missed target is a verdict in the results, not a failed command).
 */
public final class BenchCommand {
    /** What {@code core} measures, for the usage. */
    public static final String CORE = "ping-pong, THREAD_MULTIPLE cost and dup+free beside their floors and MPICH's and Open MPI's in C";

    /**
     * What to run.
     *
     * @param name     {@code core}, a figure's id or {@code all} ({@link #names()})
     * @param trials   trials kept per measurement, 1-1000 (2-1000 with {@code core}, which needs a spread)
     * @param quick    fewer sizes, ranks and iterations
     * @param matching the core's matching engine (a figure that fixes one uses its own)
     * @param out      the output root; null: {@code out/} of the repository
     * @param compare  measure native MPI beside the core where it is installed
     */
    public record Options(String name, int trials, boolean quick, MatchingKind matching, Path out, boolean compare) {
        public Options {
            if (!names().contains(name)) {
                throw new IllegalArgumentException("bench needs a benchmark name: " + String.join("|", names())
                        + ", not '" + name + "'");
            }
            int min = name.equals("core") ? 2 : 1;
            if (trials < min || trials > 1000) {
                throw new IllegalArgumentException("--trials must be in [" + min + ", 1000], not " + trials);
            }
            if (matching == null) throw new IllegalArgumentException("--matching needs an engine");
        }
    }

    private BenchCommand() { }

    /** The names {@code bench} takes: {@code core}, every figure of {@link Figures#all()} in order, {@code all}. */
    public static List<String> names() {
        List<String> l = new ArrayList<>();
        l.add("core");
        Figures.all().forEach(f -> l.add(f.id()));
        l.add("all");
        return l;
    }

    public static int run(Options o, Console console) throws Exception {
        PrintStream out = console.out();
        Path repoRoot = Workspace.root();
        Path outDir = o.out() != null ? o.out().toAbsolutePath() : Workspace.outputDir(repoRoot);
        out.println("mpiverify bench " + o.name() + ": " + o.trials() + " trials" + (o.quick() ? " (quick)" : "")
                + ", matching " + Figures.all().stream().filter(f -> f.id().equals(o.name())).findFirst()
                        .map(f -> FigureRunner.matching(f, o.matching()))
                        .orElse(o.matching().name()));
        out.println("machine: " + Machine.describe());
        if (o.name().equals("core") || o.name().equals("all")) {
            core(o, Math.max(2, o.trials()), outDir, repoRoot, console);
        }
        ComparisonTargets.Discovery found = ComparisonTargets.discover(o.compare());
        Settings settings = Settings.of(o.trials(), o.quick(), o.matching(), out)
                .withComparisons(found.targets(), found.skipped());
        for (BenchFigure f : Figures.all()) {
            if (o.name().equals("all") || o.name().equals(f.id())) {
                FigureRunner.run(f, settings, outDir, repoRoot);
            }
        }
        return 0;
    }

    private static void core(Options o, int trials, Path outDir, Path repoRoot, Console console) throws Exception {
        PrintStream out = console.out();
        Map<String, String> leftOut = new LinkedHashMap<>();
        List<NativeCoreBench> natives = new ArrayList<>();
        for (String library : o.compare() ? List.of("mpich", "openmpi") : List.<String>of()) {
            Optional<String> missing = NativeCoreBench.unavailable(library);
            try {
                if (missing.isPresent()) throw new IOException(missing.get());
                natives.add(NativeCoreBench.prepare(library, outDir.resolve("bench").resolve("native")));
            } catch (IOException e) {
                leftOut.put(NativeAbi.forLibrary(library).displayName(), e.getMessage());
            }
        }
        List<CoreBench.Result> results;
        CoreBench bench;
        try (ProgressLine progress = console.progress("bench core", trials, "trials")) {
            bench = new CoreBench(trials, o.quick(), o.matching(), progress, natives);
            results = bench.run();
        }
        leftOut.putAll(bench.leftOut());
        CoreBench.print(results, bench.linePrediction(), out);
        leftOut.forEach((lib, why) -> out.println("left out " + lib + ": " + why.lines().findFirst().orElse(why)));
        Path json = outDir.resolve("bench").resolve("core.json");
        CoreBench.writeJson(results, bench.linePrediction(), leftOut, json, o.matching().name(), repoRoot);
        out.println("wrote " + json);
    }
}
