package org.mpiverify.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.bench.kernel.CoreKernels;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.results.Json;
import org.mpiverify.results.Progress;
import org.mpiverify.results.Provenance;

/**
 * The core's basic costs, each beside a baseline measured in the same run (the machines are shared and
 * noisy, so only ratios within one run mean something):
 * <ul>
 *   <li>8-byte ping-pong half round trip between two ranks, against a spin handoff between two threads,
 *       with the four {@link ProtocolFloors} beside it (what a posted receive, on a line per receiver
 *       or on one shared line, an inbox and a mailbox cost at the least here, for reference: they have no
 *       target);
 *   <li>{@code THREAD_MULTIPLE} over {@code SINGLE} with one thread (Gropp &amp; Thakur Fig. 1's question);
 *   <li>{@code dup}+{@code free} on two ranks with one and with two threads per rank (their Fig. 4).
 * </ul>
 * Each measurement is repeated {@code trials} times, interleaved so drift hits all of them alike; the
 * first trial of each is a warm-up and is dropped; each trial done moves the {@link Progress} (trial 0, the
 * warm-up, is step 0 of {@code trials}). Medians and quartiles are printed and written as JSON ({@link Report}).
 */
public final class CoreBench {
    private final int trials;
    private final int pingPongIterations;
    private final int dupIterations;
    private final MatchingKind matching;
    private final Progress progress;
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    /** {@code progress} hears each trial done ({@link Progress#NONE}: nobody). */
    public CoreBench(int trials, boolean quick, MatchingKind matching, Progress progress) {
        this.trials = Math.max(2, trials);
        this.pingPongIterations = quick ? 20_000 : 200_000;
        this.dupIterations = quick ? 2_000 : 20_000;
        this.matching = matching;
        this.progress = progress;
    }

    /** One measured quantity: its per-trial values (ns) and the targets it is judged against. */
    public record Result(String name, String unit, Stats stats, Stats baseline, String baselineName, double ratio,
                         String target, Boolean met) {
        /** A measurement shown for reference, judged against no target ({@code met} is null). */
        static Result reference(String name, Stats stats, Stats baseline, String baselineName, String what) {
            return new Result(name, "ns", stats, baseline, baselineName, stats.median() / baseline.median(), what, null);
        }

        String verdict() {
            return met == null ? "" : met ? "MET" : "MISSED";
        }
    }

    public List<Result> run() throws Exception {
        Map<String, List<Double>> v = new LinkedHashMap<>();
        for (int t = 0; t < trials + 1; t++) {
            boolean warmup = t == 0;
            record(v, "spin handoff", SpinHandoff.halfRoundTripNanos(pingPongIterations), warmup);
            record(v, "posted-receive floor", ProtocolFloors.postedReceiveNanos(pingPongIterations), warmup);
            record(v, "paired posted-receive floor", ProtocolFloors.pairedPostedReceiveNanos(pingPongIterations), warmup);
            record(v, "inbox-cell floor", ProtocolFloors.inboxCellNanos(pingPongIterations), warmup);
            record(v, "mailbox floor", ProtocolFloors.mailboxNanos(pingPongIterations), warmup);
            record(v, "ping-pong MULTIPLE", pingPong(ThreadLevel.MULTIPLE), warmup);
            record(v, "ping-pong SINGLE", pingPong(ThreadLevel.SINGLE), warmup);
            record(v, "dup+free 1 thread", dupFree(1), warmup);
            record(v, "dup+free 2 threads", dupFree(2), warmup);
            progress.set(t);
        }
        Stats spin = stats(v, "spin handoff");
        Stats ppm = stats(v, "ping-pong MULTIPLE");
        Stats pps = stats(v, "ping-pong SINGLE");
        Stats d1 = stats(v, "dup+free 1 thread");
        Stats d2 = stats(v, "dup+free 2 threads");
        Stats posted = stats(v, "posted-receive floor");
        Stats inbox = stats(v, "inbox-cell floor");
        Stats paired = stats(v, "paired posted-receive floor");
        Stats mailbox = stats(v, "mailbox floor");
        List<Result> results = new ArrayList<>();
        results.add(new Result("8-byte ping-pong half round trip (THREAD_MULTIPLE)", "ns", ppm, spin,
                "spin handoff", ppm.median() / spin.median(), "<= 2.5x spin handoff",
                ppm.median() <= 2.5 * spin.median()));
        results.add(Result.reference("bare posted receive, a line per receiver", posted, spin, "spin handoff",
                "reference: the core's protocol shape with nothing else"));
        results.add(Result.reference("bare posted receive, both on one line", paired, spin, "spin handoff",
                "reference: the same, best-case layout"));
        results.add(Result.reference("bare inbox cell (receiver matches)", inbox, spin, "spin handoff",
                "reference: the other protocol shape"));
        results.add(Result.reference("bare mailbox, one slot per direction (no claim)", mailbox, spin, "spin handoff",
                "reference: the least any 8-byte message costs"));
        results.add(Result.reference("8-byte ping-pong over the bare posted receive", ppm, posted,
                "bare posted receive", "reference: what MPI adds to its bare protocol"));
        results.add(new Result("THREAD_MULTIPLE over SINGLE, one thread (ping-pong)", "ns", ppm, pps,
                "ping-pong SINGLE", ppm.median() / pps.median(), "<= 1.10x SINGLE",
                ppm.median() <= 1.10 * pps.median()));
        results.add(new Result("dup+free, 2 ranks, 1 thread per rank", "ns", d1, spin, "spin handoff",
                d1.median() / spin.median(), "< 2000 ns", d1.median() < 2000));
        results.add(new Result("dup+free, 2 ranks, 2 threads per rank (per call)", "ns", d2, d1,
                "dup+free 1 thread", d2.median() / d1.median(), "no collapse: <= 2x one thread",
                d2.median() <= 2 * d1.median()));
        return results;
    }

    private static void record(Map<String, List<Double>> v, String key, double value, boolean warmup) {
        if (!warmup) {
            v.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
    }

    private static Stats stats(Map<String, List<Double>> v, String key) {
        return Stats.of(v.get(key).stream().mapToDouble(Double::doubleValue).toArray());
    }

    private JobConfig config(int ranks) {
        return JobConfig.of(ranks).withGranularity(Granularity.LOCK_FREE).withMatching(matching);
    }

    /** Half round trip (ns) of an 8-byte (two-int) ping-pong between ranks 0 and 1 at the given thread level. */
    public double pingPong(ThreadLevel level) {
        return CoreKernels.pingPong(config(2), level, 2, pingPongIterations, DEADLINE);
    }

    /** Time (ns) of one dup+free per thread, on 2 ranks, each with {@code threadsPerRank} threads on their own parents. */
    public double dupFree(int threadsPerRank) {
        return CoreKernels.dupFree(config(2), threadsPerRank, dupIterations, DEADLINE);
    }

    /** Prints the results as a table. */
    public static void print(List<Result> results, PrintStream out) {
        out.printf(Locale.ROOT, "%-52s %10s %10s %10s  %-22s %8s  %s%n", "measurement", "median", "IQR %",
                "baseline", "(baseline)", "ratio", "target");
        for (Result r : results) {
            out.printf(Locale.ROOT, "%-52s %8.1f %s %9.1f%% %10.1f  %-22s %7.2fx  %s %s%n", r.name(),
                    r.stats().median(), r.unit(), r.stats().spreadPercent(), r.baseline().median(), r.baselineName(),
                    r.ratio(), r.target(), r.verdict());
        }
    }

    /** One row of {@code core.json}: a {@link Result} with its baseline by name and its numbers. */
    public record Row(String name, String unit, Stats stats, String baseline, Stats baselineStats, double ratio,
                      String target, Boolean met) {
        static Row of(Result r) {
            return new Row(r.name(), r.unit(), r.stats(), r.baselineName(), r.baseline(), r.ratio(), r.target(), r.met());
        }
    }

    /** {@code out/bench/core.json}: the results, where they come from, the machine and the date. */
    public record Report(String benchmark, Provenance provenance, String date, String matching, Machine.Info machine,
                         List<Row> results) {
        public Report {
            results = List.copyOf(results);
        }
    }

    /** Writes the results, where they come from (provenance: commit, JDK, host), the machine and the date as JSON. */
    public static void writeJson(List<Result> results, Path file, String matching, Path repoRoot) throws IOException {
        Report report = new Report("core", Provenance.now(repoRoot, Map.of("core matching", matching)),
                Instant.now().toString(), matching, Machine.info(), results.stream().map(Row::of).toList());
        Files.createDirectories(file.getParent());
        Files.writeString(file, Json.write(report));
    }
}
