package org.mpiverify.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.mpiverify.bench.kernel.CoreKernels;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.results.CoreBenchFile;
import org.mpiverify.results.Progress;
import org.mpiverify.results.Provenance;

/**
 * The core's basic costs, each beside a baseline measured in the same run (the machines are shared and
 * noisy, so only ratios within one run mean something):
 * <ul>
 *   <li>8-byte ping-pong half round trip between two ranks, against the bare posted receive of {@link ProtocolFloors}
 *       (the core's protocol shape with nothing else), with its cost in spin handoffs and the other bare protocols
 *       beside it, and the cache-line moves per message that {@code docs/design.md}'s table predicts;
 *   <li>{@code THREAD_MULTIPLE} over {@code SINGLE} with one thread (Gropp &amp; Thakur Fig. 1's question);
 *   <li>{@code dup}+{@code free} on two ranks with one and with two threads per rank (their Fig. 4), with the bare
 *       barrier of {@link BarrierFloor} one and two at once as the two-thread floor;
 *   <li>unless left out, MPICH's and Open MPI's ping-pong and {@code dup}+{@code free} in C on two processes
 *       ({@link NativeCoreBench}), measured in the same trials.
 * </ul>
 * The targets are data ({@link CoreTargets}), every one a ratio of the run. Each measurement is repeated
 * {@code trials} times, interleaved so drift hits all of them alike; the first trial of each is a warm-up and is
 * dropped; each trial done moves the {@link Progress} (trial 0, the warm-up, is step 0 of {@code trials}). Medians
 * and quartiles are printed and written as JSON ({@link Report}).
 */
public final class CoreBench {
    /** What {@code ./mpiverify bench core} measures, as {@code docs/benchmarks.md}'s table says it (Markdown). */
    public static final String MEASURES = "ping-pong, `MULTIPLE` over `SINGLE`, `dup`, beside a spin handoff, four bare"
            + " protocols and the bare barrier; the ping-pong's cost in handoffs and the cache-line moves per message that"
            + " [design.md](design.md#the-lines-one-message-moves)'s table predicts; MPICH's and Open MPI's ping-pong and"
            + " `dup`+`free` in C on two processes under their own `mpiexec`, in the same trials (`--no-compare` leaves"
            + " them out); targets from `core-targets.json` ([measurements.md](measurements.md))";
    static final String SPIN = "spin handoff", POSTED = "posted-receive floor", PAIRED = "paired posted-receive floor",
            INBOX = "inbox-cell floor", MAILBOX = "mailbox floor", PP_MULTIPLE = "ping-pong MULTIPLE",
            PP_SINGLE = "ping-pong SINGLE", DUP1 = "dup+free 1 thread", DUP2 = "dup+free 2 threads",
            BARRIER1 = "bare barrier 1 at once", BARRIER2 = "bare barrier 2 at once";
    /** What a native library's two series are called: its display name and one of these. */
    static final String NATIVE_PING_PONG = " ping-pong", NATIVE_DUP = " dup+free";
    /** Every measurement a run may have, by the names {@link CoreTargets} uses. */
    public static final Set<String> MEASUREMENTS = Set.of(SPIN, POSTED, PAIRED, INBOX, MAILBOX, PP_MULTIPLE, PP_SINGLE,
            DUP1, DUP2, BARRIER1, BARRIER2, "MPICH" + NATIVE_PING_PONG, "MPICH" + NATIVE_DUP,
            "Open MPI" + NATIVE_PING_PONG, "Open MPI" + NATIVE_DUP);
    /** A round's work in the bare barrier (as {@code bench fig4-gt}'s floor). */
    private static final long BARRIER_WORK_NANOS = 1_000;

    private final int trials;
    private final int pingPongIterations;
    private final int dupIterations;
    private final MatchingKind matching;
    private final Progress progress;
    private final List<NativeCoreBench> natives;
    private final CoreTargets targets = CoreTargets.load();
    private final Map<String, String> leftOut = new LinkedHashMap<>();
    private LinePrediction prediction;
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    /** {@code progress} hears each trial done ({@link Progress#NONE}: nobody). No native library. */
    public CoreBench(int trials, boolean quick, MatchingKind matching, Progress progress) {
        this(trials, quick, matching, progress, List.of());
    }

    /** As above, with {@code natives} measured in the same trials (their iterations as the core's). */
    public CoreBench(int trials, boolean quick, MatchingKind matching, Progress progress, List<NativeCoreBench> natives) {
        this(trials, quick ? 20_000 : 200_000, quick ? 2_000 : 20_000, matching, progress, natives);
    }

    /** With explicit iteration counts, for a test that only needs the run to be well-formed. */
    CoreBench(int trials, int pingPongIterations, int dupIterations, MatchingKind matching, Progress progress,
              List<NativeCoreBench> natives) {
        this.trials = Math.max(2, trials);
        this.pingPongIterations = pingPongIterations;
        this.dupIterations = dupIterations;
        this.matching = matching;
        this.progress = progress;
        this.natives = List.copyOf(natives);
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

    /** The natives left out of this run so far (a run that failed drops its library), with why. */
    public Map<String, String> leftOut() {
        return Map.copyOf(leftOut);
    }

    public List<Result> run() throws Exception {
        Map<String, List<Double>> v = new LinkedHashMap<>();
        long barrierUnits = BarrierFloor.workUnits(BARRIER_WORK_NANOS);
        List<NativeCoreBench> measured = new ArrayList<>(natives);
        for (int t = 0; t < trials + 1; t++) {
            boolean warmup = t == 0;
            record(v, SPIN, SpinHandoff.halfRoundTripNanos(pingPongIterations), warmup);
            record(v, POSTED, ProtocolFloors.postedReceiveNanos(pingPongIterations), warmup);
            record(v, PAIRED, ProtocolFloors.pairedPostedReceiveNanos(pingPongIterations), warmup);
            record(v, INBOX, ProtocolFloors.inboxCellNanos(pingPongIterations), warmup);
            record(v, MAILBOX, ProtocolFloors.mailboxNanos(pingPongIterations), warmup);
            record(v, PP_MULTIPLE, pingPong(ThreadLevel.MULTIPLE), warmup);
            record(v, PP_SINGLE, pingPong(ThreadLevel.SINGLE), warmup);
            record(v, DUP1, dupFree(1), warmup);
            record(v, DUP2, dupFree(2), warmup);
            record(v, BARRIER1, BarrierFloor.nanosPerRound(1, 2, barrierUnits, dupIterations), warmup);
            record(v, BARRIER2, BarrierFloor.nanosPerRound(2, 2, barrierUnits, dupIterations), warmup);
            for (NativeCoreBench n : List.copyOf(measured)) {
                try {
                    NativeCoreBench.Timing nt = n.run(pingPongIterations, dupIterations, DEADLINE);
                    record(v, n.displayName() + NATIVE_PING_PONG, nt.pingPongNanos(), warmup);
                    record(v, n.displayName() + NATIVE_DUP, nt.dupFreeNanos(), warmup);
                } catch (java.io.IOException e) {
                    measured.remove(n);
                    leftOut.put(n.displayName(), e.getMessage());
                    v.remove(n.displayName() + NATIVE_PING_PONG);
                    v.remove(n.displayName() + NATIVE_DUP);
                }
            }
            progress.set(t);
        }
        List<Result> results = new ArrayList<>();
        for (CoreTargets.Target g : targets.targets()) {
            if (!v.containsKey(g.measurement()) || !v.containsKey(g.baseline())) {
                continue;   // a native series left out of this run
            }
            Stats m = stats(v, g.measurement());
            Stats b = stats(v, g.baseline());
            double ratio = m.median() / b.median();
            Optional<Double> floor = g.floor() == null ? Optional.empty()
                    : Optional.of(stats(v, g.floor().measurement()).median() / stats(v, g.floor().baseline()).median());
            results.add(new Result(g.name(), "ns", m, b, g.baseline(), ratio,
                    g.floor() == null ? g.text() : g.text() + String.format(Locale.ROOT, ": %.2fx here", g.boundGiven(floor)),
                    g.met(ratio, floor)));
        }
        Stats spin = stats(v, SPIN);
        Stats ppm = stats(v, PP_MULTIPLE);
        prediction = predict(ppm, stats(v, POSTED), spin);
        results.add(Result.reference("8-byte ping-pong in spin handoffs", ppm, spin, SPIN,
                "reference: its cost in handoffs"));
        results.add(Result.reference("bare posted receive, a line per receiver", stats(v, POSTED), spin, SPIN,
                "reference: the core's protocol shape with nothing else"));
        results.add(Result.reference("bare posted receive, both on one line", stats(v, PAIRED), spin, SPIN,
                "reference: the same, best-case layout"));
        results.add(Result.reference("bare inbox cell (receiver matches)", stats(v, INBOX), spin, SPIN,
                "reference: the other protocol shape"));
        results.add(Result.reference("bare mailbox, one slot per direction (no claim)", stats(v, MAILBOX), spin, SPIN,
                "reference: the least any 8-byte message costs"));
        Stats d1 = stats(v, DUP1);
        results.add(Result.reference("dup+free, 2 ranks, 1 thread per rank", d1, spin, SPIN,
                "reference: the two-thread target's baseline"));
        results.add(Result.reference("bare barrier of 2 threads, 2 at once over 1 (the two-thread floor)",
                stats(v, BARRIER2), stats(v, BARRIER1), BARRIER1, "reference: what two at once cost without MPI"));
        for (NativeCoreBench n : measured) {
            results.add(Result.reference("dup+free, 1 thread per rank, over " + n.displayName() + "'s (C)", d1,
                    stats(v, n.displayName() + NATIVE_DUP), n.displayName() + NATIVE_DUP, "reference: no target"));
        }
        return results;
    }

    /** What the table of {@code docs/design.md} predicts for this run's engine, beside what the run measured. */
    public record LinePrediction(String engine, int lines, int moves, int onPath, int floorMoves, int floorOnPath,
                                 double predictedOverFloor, double measuredOverFloor, double handoffs) { }

    /** The prediction for the last {@link #run()}: the engine's moves over the bare posted receive's, and what the run measured. */
    public LinePrediction linePrediction() {
        if (prediction == null) throw new IllegalStateException("no run yet");
        return prediction;
    }

    private LinePrediction predict(Stats ppm, Stats posted, Stats spin) {
        CoreTargets.LineMoves engine = targets.lines(matching.name())
                .orElseThrow(() -> new IllegalStateException(CoreTargets.RESOURCE + " has no line moves for " + matching));
        CoreTargets.LineMoves floor = targets.lines(CoreTargets.FLOOR).orElseThrow();
        return new LinePrediction(matching.name(), engine.lines(), engine.moves(), engine.onPath(), floor.moves(),
                floor.onPath(), (double) engine.onPath() / floor.onPath(), ppm.median() / posted.median(),
                ppm.median() / spin.median());
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

    /** Prints the results as a table, then the line moves predicted beside the ping-pong. */
    public static void print(List<Result> results, LinePrediction lines, PrintStream out) {
        print(results, out);
        out.printf(Locale.ROOT, "ping-pong: %.1f spin handoffs; %.2fx the bare posted receive, where docs/design.md's table "
                        + "predicts %d line moves per message with %s (%d on the path, over %d lines) against its %d (%d): "
                        + "%.1fx if the moves on the path set the cost%n", lines.handoffs(), lines.measuredOverFloor(),
                lines.moves(), lines.engine(), lines.onPath(), lines.lines(), lines.floorMoves(), lines.floorOnPath(),
                lines.predictedOverFloor());
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

    /**
     * Writes the results, the line moves predicted ({@code lines}), the native libraries left out and why, where it all
     * comes from (provenance: commit, JDK, host), the machine and the date as {@link CoreBenchFile}.
     */
    public static void writeJson(List<Result> results, LinePrediction lines, Map<String, String> leftOut, Path file,
                                 String matching, Path repoRoot) throws IOException {
        new CoreBenchFile("core", Provenance.now(repoRoot, Map.of("core matching", matching)), Instant.now().toString(),
                matching, Machine.info(), results.stream().map(CoreBench::row).toList(),
                new CoreBenchFile.Lines(lines.engine(), lines.lines(), lines.moves(), lines.onPath(), lines.floorMoves(),
                        lines.floorOnPath(), lines.predictedOverFloor(), lines.measuredOverFloor(), lines.handoffs()),
                leftOut).write(file);
    }

    private static CoreBenchFile.Row row(Result r) {
        return new CoreBenchFile.Row(r.name(), r.unit(), stats(r.stats()), r.baselineName(), stats(r.baseline()),
                r.ratio(), r.target(), r.met());
    }

    private static CoreBenchFile.Stats stats(Stats s) {
        return new CoreBenchFile.Stats(s.median(), s.min(), s.p25(), s.p75(), s.max(), s.n());
    }
}
