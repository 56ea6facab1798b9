package org.mpiverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.LockAuditSummaryFile;
import org.mpiverify.results.LockReportFile;

/** The CLI as a user runs it: the demo succeeds on every engine and granularity; bad usage is exit code 2. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MainTest {

    private static int runWithEnv(java.util.Map<String, String> env, ByteArrayOutputStream out,
                                  ByteArrayOutputStream err, String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
    }

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void demoRunsEveryPhaseAndReportsTimes() {
        for (String g : new String[] {"PER_OBJECT", "GLOBAL", "BRIEF_GLOBAL"}) {
            for (String m : new String[] {"QUEUES", "HASH_TABLE"}) {
                var out = new ByteArrayOutputStream();
                var err = new ByteArrayOutputStream();
                int code = run(out, err, "demo", "--ranks", "3", "--threads", "3", "--messages", "20",
                        "--granularity", g, "--matching", m);
                String text = out.toString(StandardCharsets.UTF_8);
                assertEquals(0, code, text + err);
                assertTrue(text.contains("point-to-point with wildcards"), text);
                assertTrue(text.contains("matched probe"), text);
                assertTrue(text.contains("job finished"), text);
                assertTrue(text.contains("rank 0: 3 threads received 24 messages of unknown size"), text);
            }
        }
    }

    @Test
    void locksNeedsAJavaCommandAndListsSeparatedByColons() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "locks"), "no command");
        assertEquals(2, run(out, err, "locks", "--", "ls", "-l"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("must start with a java launcher"), err.toString());
        assertEquals(2, run(out, err, "locks", "--watch", "org.a,org.b", "--", "java", "-version"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("separated by ':'"), err.toString());
        assertEquals(0, run(out, err, "help", "audit"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--locks"), "audit --locks is documented");
    }

    /**
     * {@code audit --locks} and {@code locks --} end to end, on the agent jar the reactor built: the core's
     * Fig. 2 scenario under the agent flags {@code LOCK_AROUND_CALL} (a lock held across a blocking wait) and
     * no safe configuration; the demo run under {@code locks --} watching the core has no finding.
     */
    @Test
    void locksAuditsTheCoreAndAnyJavaCommand(@TempDir Path dir) throws Exception {
        String before = System.getProperty("mpiverify.out");
        System.setProperty("mpiverify.out", dir.toString());
        try {
            var out = new ByteArrayOutputStream();
            var err = new ByteArrayOutputStream();
            int code = run(out, err, "audit", "--target", "core", "--locks", "--scenario", "fig2-deadlock",
                    "--repeats", "1");
            String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, text + err);
            // the agent's reports, read through their record by the summary, which is read through its own
            List<LockAuditSummaryFile.ReportLine> reports = LockAuditSummaryFile.read(dir.resolve("locks/audit-core.json"))
                    .reports();
            assertTrue(reports.size() >= 5, "a report per configuration: " + reports);
            boolean lockAroundCall = false;
            for (LockAuditSummaryFile.ReportLine r : reports) {
                if (r.name().startsWith("LOCK_AROUND_CALL")) {
                    lockAroundCall = true;
                    assertTrue(r.heldAcrossBlocking() >= 1, "LOCK_AROUND_CALL flagged: " + r);
                } else if (!r.name().contains("context-ids")) {
                    assertEquals(0, r.findings(), "a safe configuration: " + r);
                }
            }
            assertTrue(lockAroundCall, "the unsafe LOCK_AROUND_CALL configuration ran: " + reports);

            out.reset();
            err.reset();
            code = run(out, err, "locks", "--watch", "org.mpiverify.mpi:org.mpiverify.core", "--calls", "core",
                    "--name", "demo", "--no-pinning", "--", "java", "-cp", System.getProperty("java.class.path"),
                    Main.class.getName(), "demo", "--ranks", "2", "--threads", "2", "--messages", "10");
            text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, text + err);
            assertTrue(text.contains("locks: no findings; program exit status 0"), text);
            LockReportFile demo = LockReportFile.read(dir.resolve("locks/demo.json"));
            assertEquals(0, demo.summary().findings(), demo.toString());
            assertTrue(demo.calls().stream().anyMatch(c -> c.name().equals("Comm.recv")),
                    "the demo's receives were seen as MPI calls");
        } finally {
            if (before == null) System.clearProperty("mpiverify.out");
            else System.setProperty("mpiverify.out", before);
        }
    }

    @Test
    void benchFigureQuickRunWritesJsonAndPlot(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = run(out, err, "bench", "fig1-gt", "--quick", "--trials", "1", "--no-compare", "--out",
                dir.toString());
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text + err);
        assertTrue(text.contains("Gropp & Thakur Fig. 1") && text.contains("target"), text);
        assertTrue(java.nio.file.Files.readString(dir.resolve("bench/fig1-gt.json")).contains("\"provenance\""));
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("bench/fig1-gt.svg")));
        assertEquals(2, run(out, err, "bench", "fig9"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("balaji"), "names the known benchmarks");
        assertEquals(2, run(out, err, "bench", "balaji", "--trials", "0"));
    }

    @Test
    void benchNamesEveryFigureOfTheRegistryAndSaysWhatEachMeasures() {
        List<String> figures = org.mpiverify.bench.figures.Figures.all().stream()
                .map(org.mpiverify.bench.runner.BenchFigure::id).toList();
        List<String> names = new java.util.ArrayList<>(List.of("core"));
        names.addAll(figures);
        names.add("all");
        assertEquals(names, new Main.Benchmarks(), "core, the figures in Figures.all()'s order, all");
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "bench", "--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        String flat = help.replaceAll("\\s+", " "); // picocli wraps at 80 columns
        assertTrue(help.contains("NAME") && flat.contains(String.join(", ", names)), help);
        for (var f : org.mpiverify.bench.figures.Figures.all()) {
            assertTrue(flat.contains(" " + f.id() + " " + f.description().replaceAll("\\s+", " ")),
                    "bench --help says what " + f.id() + " measures:\n" + help);
        }
        assertTrue(flat.contains("; matching HASH_TABLE always"), "dang's fixed engine:\n" + help);
        assertTrue(flat.contains(" all every one"), help);
        out.reset();
        assertEquals(0, run(out, err, "help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ").contains(String.join(", ", names)),
                "the command list names the benchmarks too:\n" + out);
    }

    @Test
    void tlcDistributedIsInItsHelpAndItsOptionsGoTogether() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "help", "tlc"));
        String help = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertTrue(help.contains("--distributed") && help.contains("[--hosts FILE]") && help.contains("[--fp-servers N]"), help);
        err.reset();
        assertEquals(2, run(out, err, "tlc", "--hosts", "hosts", "probe_false_match"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--hosts and --fp-servers need --distributed"), err.toString());
        err.reset();
        assertEquals(2, run(out, err, "tlc", "--distributed", "probe_false_match"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--distributed needs --hosts FILE"), err.toString());
        err.reset();
        assertEquals(2, run(out, err, "tlc", "--distributed", "--hosts", "h", "--workers", "2", "probe_false_match"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--workers does not go with --distributed"), err.toString());
        err.reset();
        assertEquals(2, run(out, err, "tlc", "--distributed", "--hosts", "h", "--simulate", "5", "probe_false_match"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot go with --simulate"), err.toString());
    }

    @Test
    void badUsageIsExitCode2WithAMessage() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Unmatched argument at index 0: 'frobnicate'"), err.toString());
        assertEquals(2, run(out, err, "demo", "--ranks", "1"));
        assertEquals(2, run(out, err, "demo", "--granularity", "LOCK_AROUND_CALL"));
        assertEquals(2, run(out, err, "demo", "--bogus"));
        assertEquals(2, run(out, err, "bench"));
        assertEquals(2, run(out, err, "report", "--bogus"));
        assertEquals(0, run(out, err, "help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("./mpiverify report [-h] [--quiet] [--out DIR]"), "help lists report:\n" + help);
        assertTrue(help.contains("exit codes: 0 success, 1 a check failed, 2 usage error"), help);
        assertEquals(2, run(out, err), "no command is a usage error");
    }

    @Test
    void reportWritesTheDashboardForWhateverOutHolds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        // an empty output folder: every page says how to produce its results
        assertEquals(0, run(out, err, "report", "--out", dir.toString()), err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("| Context ids"), text);
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("report/index.html")));
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("report/summary.md")));
    }

    @Test
    void auditRunsScenariosOnTheCoreAndWritesTheResultFiles(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String before = System.getProperty("mpiverify.out");
        System.setProperty("mpiverify.out", dir.toString());
        try {
            var out = new ByteArrayOutputStream();
            var err = new ByteArrayOutputStream();
            int code = runWithEnv(java.util.Map.of(), out, err, "audit", "--target", "core", "--scenario",
                    "p2p-blocking,mprobe-exactly-once", "--repeats", "1");
            String text = out.toString(StandardCharsets.UTF_8);
            // the scenario subset rejects no unsafe variant, and that is not counted against it
            assertEquals(0, code, text + err);
            assertTrue(java.util.regex.Pattern.compile("audit core: \\d+ runs planned").matcher(text).find(), text);
            assertTrue(text.contains("runs/s"), text);
            assertTrue(text.contains("audit core: {PASS="), text);
            for (String f : new String[] {"core.json", "core.md", "core.html", "junit/TEST-audit-core.xml"}) {
                assertTrue(java.nio.file.Files.size(dir.resolve("audit").resolve(f)) > 0, f);
            }
            assertTrue(java.nio.file.Files.readString(dir.resolve("audit/core.json")).contains("\"id\": \"mprobe-exactly-once\""));
        } finally {
            if (before == null) System.clearProperty("mpiverify.out"); else System.setProperty("mpiverify.out", before);
        }
    }

    @Test
    void auditUsageErrorsAndMissingTargets() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "audit"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Missing required option: '--target"), err.toString());
        assertEquals(2, run(out, err, "audit", "--target", "lam"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown audit target 'lam'"));
        assertEquals(2, run(out, err, "audit", "--target", "core", "--scenario", "no-such-scenario"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no audit scenario 'no-such-scenario'"));
        assertEquals(2, run(out, err, "audit", "--target", "core", "--repeats", "0"));
        // A target whose library is missing (MPJ Express looked for where it is not): a message naming the
        // Debian package; an error under CI.
        String before = System.getProperty("mpiverify.mpj.home");
        System.setProperty("mpiverify.mpj.home", "/nonexistent/mpj");
        try {
            var err2 = new ByteArrayOutputStream();
            assertEquals(0, runWithEnv(java.util.Map.of(), out, err2, "audit", "--target", "mpj-multicore"));
            assertTrue(err2.toString(StandardCharsets.UTF_8).contains("libmpj-java"), err2.toString());
            assertEquals(1, runWithEnv(java.util.Map.of("CI", "true"), out, err2, "audit", "--target", "mpj-multicore"));
        } finally {
            if (before == null) System.clearProperty("mpiverify.mpj.home"); else System.setProperty("mpiverify.mpj.home", before);
        }
        var help = new ByteArrayOutputStream();
        assertEquals(0, run(help, err, "help"));
        String text = help.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        // picocli wraps the usage where it likes, even inside a word: compare without white space
        assertTrue(text.replace(" ", "").contains("--targetcore|mpich|mpich-tcp|openmpi|openmpi-tcp|mpj-multicore|mpj-niodev|all"), text);
        var completion = new ByteArrayOutputStream();
        assertEquals(0, run(completion, err, "generate-completion"));
        assertTrue(completion.toString(StandardCharsets.UTF_8).contains("complete -F"), "a bash completion script");
    }

    /** The mutate command's parsing only (a run takes minutes: mutate's MutationSampleIT runs one). */
    @Test
    void mutateUsageErrorsAndHelp() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "mutate", "--component", "no-such-component"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--component must be one of"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--sample", "--all"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("mutually exclusive"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--class"));
        assertEquals(2, run(out, err, "mutate", "--bogus"));
        var help = new ByteArrayOutputStream();
        assertEquals(0, run(help, err, "help", "mutate"));
        String text = help.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertTrue(text.contains("--no-jcstress") && text.contains("--component NAME"), text);
        var completion = new ByteArrayOutputStream();
        assertEquals(0, run(completion, err, "generate-completion"));
        assertTrue(completion.toString(StandardCharsets.UTF_8).contains("mutate"), "completion knows mutate");
    }

    /** mutate --specs: its own options, and the Java tool's refused with it (a run is SpecMutationSampleIT's). */
    @Test
    void mutateSpecsUsageErrorsAndHelp() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "mutate", "--specs", "matching", "--class", "MatchTable"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("are the Java mutation tool's"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--list"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("go with --specs"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--specs", "--operator", "NO_SUCH_OPERATOR"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--operator must be one of"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--specs", "--sample", "--stratified", "2"));
        assertEquals(2, run(out, err, "mutate", "--resume"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--resume, --history and --max-minutes go with --specs"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--specs", "--sample", "--resume"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("not with --sample or --list"), err.toString());
        assertEquals(2, run(out, err, "mutate", "--specs", "no-such-family", "--list"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no spec family or module named 'no-such-family'"), err.toString());
        var help = new ByteArrayOutputStream();
        assertEquals(0, run(help, err, "help", "mutate"));
        String text = help.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertTrue(text.contains("--specs") && text.contains("--stratified N") && text.contains("--record")
                && text.contains("--resume") && text.contains("--max-minutes M") && text.contains("--history DIR"), text);
    }
}
