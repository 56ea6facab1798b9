package org.mpiverify.bench.figures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.bench.SpinHandoff;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.compare.ComparisonTarget;
import org.mpiverify.bench.compare.PingPongScenario;
import org.mpiverify.bench.compare.ScenarioTiming;
import org.mpiverify.bench.kernel.CoreKernels;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.Target;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.LeftOutPoints;
import org.mpiverify.bench.runner.Measurement;
import org.mpiverify.bench.runner.PlotSpec;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.bench.runner.Slot;
import org.mpiverify.bench.runner.Trials;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.ThreadLevel;

/**
 * Gropp &amp; Thakur 2007, §2 Fig. 1: ping-pong latency (blocking send, blocking receive, two
 * single-threaded ranks) against message size, for
 * <ul>
 *   <li><b>SINGLE</b>: a core that provides only {@code THREAD_SINGLE} and does not check thread use (the
 *       paper's {@code --enable-threads=single} build);
 *   <li><b>runtime</b>: the normal core, able to provide {@code THREAD_MULTIPLE}, with the program asking for
 *       {@code THREAD_SINGLE}, so the runtime check selects the lock-free path;
 *   <li><b>MULTIPLE</b>: the program asks for {@code THREAD_MULTIPLE} although it uses one thread;
 * </ul>
 * beside the floor for any in-JVM handoff (two threads spinning on one atomic), and beside native MPI
 * when a comparison target is available.
 */
public final class PingPongFigure implements BenchFigure {
    static final String PLOT = "fig1";
    static final String SINGLE = "core SINGLE", RUNTIME = "core runtime (SINGLE asked)",
            MULTIPLE = "core THREAD_MULTIPLE", FLOOR = "spin handoff (floor)";
    private static final PlotSpec SPEC = new PlotSpec(PLOT, "Ping-pong latency, one thread per rank",
            "Gropp & Thakur Fig. 1", "message size (bytes)", "half round trip (ns)", "ns", true, true, SINGLE);

    @Override
    public String id() {
        return "fig1-gt";
    }

    @Override
    public String description() {
        return "ping-pong latency at SINGLE, with the runtime check and at THREAD_MULTIPLE (Gropp & Thakur Fig. 1)";
    }

    @Override
    public String measures() {
        return "ping-pong against size: a `SINGLE`-only core, `SINGLE` asked of the normal core, "
            + "`THREAD_MULTIPLE`; a spin handoff as the floor";
    }

    @Override
    public String paper() {
        return "Gropp & Thakur Fig. 1";
    }

    static int[] sizes(boolean quick) {
        return quick ? new int[] {8, 4096} : new int[] {8, 64, 512, 4096, 32768};
    }

    static int iterations(boolean quick, int bytes) {
        return Math.max(quick ? 500 : 5_000, (quick ? 5_000 : 100_000) / (1 + bytes / 4096));
    }

    @Override
    public Report run(Settings s) throws Exception {
        int[] sizes = sizes(s.quick());
        List<Measurement> ms = new ArrayList<>();
        List<Slot> floorSlots = new ArrayList<>();
        for (int b : sizes) {
            floorSlots.add(new Slot(PLOT, FLOOR, b));
        }
        int floorIterations = iterations(s.quick(), 8);
        ms.add(new Measurement("spin handoff", floorSlots, () -> {
            double v = SpinHandoff.halfRoundTripNanos(floorIterations);
            double[] a = new double[sizes.length];
            Arrays.fill(a, v);
            return a;
        }));
        JobConfig base = JobConfig.of(2).withMatching(s.matching());
        for (int b : sizes) {
            int n = iterations(s.quick(), b);
            ms.add(Measurement.of("SINGLE " + b + " B", new Slot(PLOT, SINGLE, b), () -> pingPong(
                    base.withMaxThreadLevel(ThreadLevel.SINGLE).withChecked(false), ThreadLevel.SINGLE, b, n, s)));
            ms.add(Measurement.of("runtime " + b + " B", new Slot(PLOT, RUNTIME, b),
                    () -> pingPong(base, ThreadLevel.SINGLE, b, n, s)));
            ms.add(Measurement.of("MULTIPLE " + b + " B", new Slot(PLOT, MULTIPLE, b),
                    () -> pingPong(base, ThreadLevel.MULTIPLE, b, n, s)));
            for (ComparisonTarget t : s.comparisons()) {
                PingPongScenario sc = new PingPongScenario(ints(b), n, PingPongScenario.MULTIPLE);
                ms.add(Measurement.comparison(t.name() + " " + b + " B", new Slot(PLOT, t.name(), b),
                        () -> ScenarioTiming.measure(t, sc, PingPongScenario.FACT, s.jobDeadline())));
            }
        }
        LeftOutPoints leftOut = new LeftOutPoints();
        Map<Slot, Stats> stats = Trials.run(id(), ms, s.trials(), s.out(), leftOut);
        Plot plot = SPEC.assemble(stats);
        return new Report(id(), "Ping-pong latency and the cost of thread safety", s.trials(), s.quick(),
                List.of(plot), targets(plot, s), List.of(), leftOut.appendTo(s.skipped()), leftOut.appendEvidenceTo(List.of(
                        "SINGLE: JobConfig.withMaxThreadLevel(SINGLE).withChecked(false); runtime: default config, "
                                + "initThread(SINGLE); MULTIPLE: initThread(MULTIPLE), granularity PER_OBJECT, matching "
                                + s.matching(),
                        "spin handoff: two platform threads passing a token through one AtomicInteger, the floor "
                                + "for any in-JVM message handoff; it does not depend on the message size")));
    }

    static List<Target> targets(Plot p, Settings s) {
        List<Target> t = new ArrayList<>();
        double x = 8;
        Stats multiple = p.series(MULTIPLE).at(x), single = p.series(SINGLE).at(x), runtime = p.series(RUNTIME).at(x),
                floor = p.series(FLOOR).at(x);
        double r1 = multiple.median() / floor.median();
        t.add(Target.judged("8-byte ping-pong at THREAD_MULTIPLE vs the spin-handoff floor", "<= 2x floor", r1,
                r1 <= 2, fmt("%.0f ns vs %.0f ns", multiple.median(), floor.median())));
        double r2 = multiple.median() / single.median();
        t.add(Target.judged("THREAD_MULTIPLE over SINGLE, one thread, 8 B", "<= 1.05x SINGLE", r2, r2 <= 1.05,
                fmt("%.0f ns vs %.0f ns", multiple.median(), single.median())));
        double r3 = runtime.median() / single.median();
        t.add(Target.judged("runtime check (SINGLE asked of a MULTIPLE-capable core) over SINGLE, 8 B",
                "<= 1.05x SINGLE (the paper: within measurement error)", r3, r3 <= 1.05,
                fmt("%.0f ns vs %.0f ns", runtime.median(), single.median())));
        var mpich = p.series().stream().filter(x2 -> x2.name().startsWith("MPICH")).findFirst();
        if (mpich.isPresent() && mpich.get().at(x) != null) {
            double r4 = multiple.median() / mpich.get().at(x).median();
            t.add(Target.judged("8-byte ping-pong at THREAD_MULTIPLE vs MPICH's, same run", "< 1x MPICH", r4, r4 < 1,
                    fmt("%.0f ns vs %.0f ns", multiple.median(), mpich.get().at(x).median())));
        } else {
            t.add(Target.notEvaluated("8-byte ping-pong at THREAD_MULTIPLE vs MPICH's, same run", "< 1x MPICH",
                    "no MPICH series in this run: " + String.join("; ", s.skipped())));
        }
        return t;
    }

    static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }

    /** Half round trip (ns) of a {@code bytes}-byte ping-pong ({@code bytes / 4} ints, as the native series) between ranks 0 and 1. */
    static double pingPong(JobConfig config, ThreadLevel level, int bytes, int n, Settings s) {
        return CoreKernels.pingPong(config, level, ints(bytes), n, s.jobDeadline());
    }

    /** A message of {@code bytes} bytes in ints, at least one. */
    static int ints(int bytes) {
        return Math.max(1, bytes / 4);
    }
}
