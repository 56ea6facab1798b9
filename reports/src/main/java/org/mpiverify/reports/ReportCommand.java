package org.mpiverify.reports;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.mpiverify.results.Console;
import org.mpiverify.results.Workspace;

/**
 * {@code ./mpiverify report} and the end of {@code mvn verify}: reads every result under the output
 * folder, writes the dashboard to {@code <out>/report/index.html} and the Markdown summary to
 * {@code <out>/report/summary.md}, and prints the summary. Exit 0 when written (whatever the verdicts:
 * the suites themselves fail the build), 1 when it cannot be written, 2 on a bad command line.
 */
public final class ReportCommand {
    static final String USAGE = "usage: report [--root DIR] [--out DIR] [--quiet]\n"
            + "  --root  the repository (default: the folder holding the mpiverify launcher, from the working folder up)\n"
            + "  --out   the output folder the producers wrote (default: property mpiverify.out, else ROOT/out)\n";

    /**
     * What to write.
     *
     * @param root  the repository (null: {@link Workspace}'s rule: {@code mpiverify.root}, else the nearest folder
     *              upwards from the working folder holding the launcher)
     * @param out   the output folder the producers wrote (null: {@code mpiverify.out}, else {@code ROOT/out})
     * @param quiet do not print the summary
     */
    public record Options(Path root, Path out, boolean quiet) {
        public Options {
            if (root != null) root = root.toAbsolutePath().normalize();
            if (out != null) out = out.toAbsolutePath().normalize();
        }
    }

    private ReportCommand() {}

    /**
     * Entry of the end of {@code mvn verify} (exec:java in {@code reports/pom.xml}, inside Maven's JVM, which passes
     * {@code --root}): a failure throws instead of calling System.exit, which would end Maven itself without a build
     * result. The CLI's {@code ./mpiverify report} calls {@link #run(Options, Console)}.
     */
    public static void main(String[] args) {
        int rc = run(args, System.out, System.err);
        if (rc != 0) throw new IllegalStateException("the report was not written (exit code " + rc + ", see above)");
    }

    /** {@link #main}'s arguments mapped onto {@link Options} (the exec plugin has no picocli on its class path). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Path root = null, outDir = null;
        boolean quiet = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root", "--out" -> {
                    if (i + 1 >= args.length) {
                        err.print(args[i] + " needs a folder\n" + USAGE);
                        return 2;
                    }
                    Path p = Path.of(args[++i]);
                    if (args[i - 1].equals("--root")) root = p; else outDir = p;
                }
                case "--quiet" -> quiet = true;
                default -> {
                    err.print("unknown argument '" + args[i] + "'\n" + USAGE);
                    return 2;
                }
            }
        }
        return run(new Options(root, outDir, quiet), Console.of(out, err));
    }

    /** Writes the dashboard of the results {@code o} names: {@code ./mpiverify report} and the end of {@code mvn verify}. */
    public static int run(Options o, Console console) {
        PrintStream out = console.out();
        PrintStream err = console.err();
        Path root = o.root();
        Path outDir = o.out();
        boolean quiet = o.quiet();
        if (root == null) root = findRoot(Path.of(System.getProperty("user.dir")));
        if (root == null || !Files.isRegularFile(root.resolve(Traceability.FILE))) {
            err.println("report: no repository found (a folder with the mpiverify launcher and " + Traceability.FILE
                    + "); use --root DIR");
            return 2;
        }
        if (outDir == null) outDir = defaultOut(root);
        try {
            Path index = generate(root, outDir, out, quiet);
            out.println("dashboard: " + index.toUri());
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("report: cannot write the dashboard under " + outDir.resolve("report") + ": " + e.getMessage());
            return 1;
        }
    }

    /** Generates dashboard and summary for the results under {@code outDir}; returns index.html. */
    public static Path generate(Path root, Path outDir, PrintStream out, boolean quiet) throws IOException {
        List<Traceability.Row> table = Traceability.read(root).rows();
        Results results = Results.load(outDir, new Freshness(root));
        Summary summary = new Summary(table, results);
        String generated = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        Path reportDir = outDir.resolve("report");
        Path index = new Dashboard(results, summary, reportDir, generated).write();
        MutationPage.write(outDir, reportDir);
        SpecMutationPage.write(root, outDir, reportDir);
        String md = MarkdownSummary.render(summary, results, generated, index.toString());
        Files.writeString(reportDir.resolve("summary.md"), md);
        if (!quiet) out.print(md);
        return index;
    }

    /** {@code mpiverify.root} (set by the launcher), else the nearest folder upwards holding the launcher. */
    static Path findRoot(Path start) {
        return Workspace.findRoot(start).orElse(null);
    }

    static Path defaultOut(Path root) {
        return Workspace.outputDir(root);
    }
}
