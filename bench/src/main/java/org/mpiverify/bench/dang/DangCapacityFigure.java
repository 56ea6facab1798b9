package org.mpiverify.bench.dang;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.Series;
import org.mpiverify.bench.report.Table;

/**
 * The largest number of virtual threads, each with a receive outstanding (two ranks, {@link ScaleRun}),
 * that runs in this machine's default heap: each try is a fresh JVM started with no heap option (the
 * ergonomic default: a quarter of the memory) and the launcher's collector ({@code -XX:+UseParallelGC},
 * which gives up with an {@code OutOfMemoryError} instead of collecting for ever near the limit), running
 * {@link CapacityProbe}. The thread count doubles from
 * 10^6 until a try fails (an {@code OutOfMemoryError}, or its deadline: a heap near its limit can collect
 * for minutes before it gives up), then two bisection steps narrow the gap. One try per count: a failure
 * is not a noisy measurement.
 */
public final class DangCapacityFigure implements BenchFigure {
    static final String PLOT = "capacity";
    static final String SERIES = "posted + matched (s), default heap";

    /** Every core run here uses the DSG hash table (§4.2 also runs QUEUES, by name): {@code --matching} is ignored. */
    @Override
    public MatchingKind fixedMatching() {
        return MatchingKind.HASH_TABLE;
    }

    @Override
    public String id() {
        return "dang-capacity";
    }

    @Override
    public String description() {
        return "the largest thread count with a receive outstanding each that runs in the default heap (fresh JVMs)";
    }

    @Override
    public String measures() {
        return "the largest number of threads with a receive outstanding that runs in the default heap (fresh "
            + "JVMs)";
    }

    @Override
    public String paper() {
        return "Dang, Snir & Gropp §1";
    }

    /** What one try gave. */
    record Try(int threads, boolean ok, double seconds, double bytesPerThread, long maxHeap, String detail) {
    }

    @Override
    public Report run(Settings s) throws Exception {
        int start = s.quick() ? 10_000 : 1_000_000;
        long deadlineSeconds = s.quick() ? 120 : 900;
        List<Try> tries = new ArrayList<>();
        int ok = 0, failed = 0;
        for (int n = start; failed == 0 && n <= 64_000_000; n *= 2) {
            Try t = probe(n, deadlineSeconds, s);
            tries.add(t);
            if (t.ok()) {
                ok = n;
            } else {
                failed = n;
            }
            if (s.quick() && tries.size() == 2) {
                break;                                     // quick: two tries to check the pipeline
            }
        }
        for (int step = 0; step < 2 && ok > 0 && failed > 0; step++) {
            int mid = (ok + failed) / 2;
            Try t = probe(mid, deadlineSeconds, s);
            tries.add(t);
            if (t.ok()) {
                ok = mid;
            } else {
                failed = mid;
            }
        }
        Series series = new Series(SERIES);
        List<List<String>> rows = new ArrayList<>();
        for (Try t : tries.stream().sorted((a, b) -> Integer.compare(a.threads(), b.threads())).toList()) {
            if (t.ok()) {
                series = series.with(t.threads(), Stats.of(new double[] {t.seconds()}));
            }
            rows.add(List.of(String.format(Locale.ROOT, "%,d", t.threads()), t.ok() ? "ran" : "did not run",
                    t.ok() ? fmt("%.1f s", t.seconds()) : "-", t.ok() ? fmt("%.0f B", t.bytesPerThread()) : "-",
                    t.maxHeap() > 0 ? fmt("%d MiB", t.maxHeap() >> 20) : "-", t.detail()));
        }
        Plot plot = new Plot(PLOT, "Threads with a receive outstanding, in the default heap", "Dang, Snir & Gropp §1 (the goal)",
                "virtual threads", "seconds to post and match all", "s", true, true, null, List.of(series));
        Table table = new Table(PLOT, fmt("Largest thread count that ran in the default heap: %,d%s", ok,
                failed > 0 ? fmt(" (%,d did not)", failed) : " (no failure up to the largest try)"),
                "Dang, Snir & Gropp §1 (the goal)", List.of("threads", "result", "time", "heap per thread",
                "max heap", "detail"), rows);
        return new Report(id(), "The largest thread count in the default heap", 1, s.quick(), List.of(plot),
                List.of(), List.of(table), s.skipped(), List.of(
                "Each try: a fresh JVM, `java -XX:+UseParallelGC -cp ... org.mpiverify.bench.dang.CapacityProbe N`, no heap option; "
                        + "2 ranks, every thread's receive in its engine at once, then all matched and checked.",
                fmt("Deadline per try: %d s; a try that passes it counts as not running.", deadlineSeconds)));
    }

    private static Try probe(int n, long deadlineSeconds, Settings s) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
                CapacityProbe.class.getName(), Integer.toString(n), Long.toString(deadlineSeconds));
        s.out().printf(Locale.ROOT, "  dang-capacity: %,d threads ...%n", n);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        Thread reader = Thread.ofPlatform().daemon(true).start(() -> {
            try {
                output.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                output.append("(output lost: ").append(e).append(')');
            }
        });
        boolean done = p.waitFor(deadlineSeconds + 120, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        reader.join(10_000);
        String out = output.toString();
        for (String line : out.split("\n")) {
            if (line.startsWith("RESULT ") && done && p.exitValue() == 0) {
                String[] f = line.trim().split(" ");
                Try t = new Try(n, true, Double.parseDouble(f[2]), Double.parseDouble(f[3]), Long.parseLong(f[4]), "");
                s.out().printf(Locale.ROOT, "  dang-capacity: %,d threads ran in %.1f s, %.0f B per thread%n", n,
                        t.seconds(), t.bytesPerThread());
                return t;
            }
        }
        String why = !done ? "killed after " + (deadlineSeconds + 120) + " s"
                : out.contains("OutOfMemoryError") ? "OutOfMemoryError" : "exit " + p.exitValue();
        String last = out.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
        s.out().printf(Locale.ROOT, "  dang-capacity: %,d threads did not run: %s%n", n, why);
        return new Try(n, false, Double.NaN, Double.NaN, 0, why + (last.isEmpty() ? "" : ": " + abbreviate(last)));
    }

    private static String abbreviate(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }

    private static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }
}
