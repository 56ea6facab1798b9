package org.mpiverify.bench.figures;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.bench.BarrierFloor;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.compare.ComparisonTarget;
import org.mpiverify.bench.compare.DupScenario;
import org.mpiverify.bench.compare.ScenarioTiming;
import org.mpiverify.bench.kernel.CoreKernels;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.Series;
import org.mpiverify.bench.report.Target;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.LeftOutPoints;
import org.mpiverify.bench.runner.Measurement;
import org.mpiverify.bench.runner.PlotSpec;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.bench.runner.Slot;
import org.mpiverify.bench.runner.Trials;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.mpi.JobConfig;

/**
 * Gropp &amp; Thakur 2007, §5.3.2 Fig. 4: time of one {@code MPI_Comm_dup} (here dup+free, so ids do not
 * run out) against the number of ranks, for the single-threaded algorithm (§5.1, one thread per rank),
 * the multithreaded algorithm with one thread per rank ("multi1") and with two threads per rank each
 * dup'ing its own parent ("multi2"); and the core's {@code Comm.idup} with a wait on its request
 * (idup+wait+free), 1 and 2 threads per rank, beside them. The time is per call as one thread sees it: a
 * thread's loop time over its iterations, the slowest thread of all ranks.
 */
public final class DupFigure implements BenchFigure {
    static final String PLOT = "fig4";
    static final String SINGLE_ALG = "core single-threaded algorithm", MULTI1 = "core multithreaded, 1 thread/rank",
            MULTI2 = "core multithreaded, 2 threads/rank", IDUP1 = "core idup+wait, 1 thread/rank",
            IDUP2 = "core idup+wait, 2 threads/rank", BARRIER1 = "bare barrier, 1 at once (floor)",
            BARRIER2 = "bare barrier, 2 at once (floor)";
    /** CPU work per round of the bare barrier: about one core idup's at 2 ranks (1.3 to 1.8 µs a call). */
    static final long BARRIER_WORK_NANOS = 1_000;
    private static final PlotSpec SPEC = new PlotSpec(PLOT, "Comm_dup + free time per call", "Gropp & Thakur Fig. 4",
            "ranks", "time per dup+free (ns)", "ns", false, true, MULTI1);

    @Override
    public String id() {
        return "fig4-gt";
    }

    @Override
    public String description() {
        return "Comm_dup time, single-threaded vs multithreaded context-id algorithm, 1 and 2 threads per rank, "
                + "against ranks (Gropp & Thakur Fig. 4)";
    }

    @Override
    public String measures() {
        return "`dup`+`free` against ranks: single-threaded context ids, multithreaded with 1 and 2 threads per "
            + "rank; the core's `idup`+wait+`free` with 1 and 2 threads per rank beside them, and MPICH's and "
            + "Open MPI's; a bare barrier of as many platform threads as ranks (1 µs of work a round), one and "
            + "two at once, as the floor under the two-thread ratios";
    }

    @Override
    public String paper() {
        return "Gropp & Thakur Fig. 4";
    }

    static int[] ranks(boolean quick) {
        return quick ? new int[] {2, 4} : new int[] {2, 4, 8};
    }

    @Override
    public Report run(Settings s) throws Exception {
        int nativeN = s.quick() ? 300 : 5_000;
        List<Measurement> ms = new ArrayList<>();
        long barrierUnits = BarrierFloor.workUnits(BARRIER_WORK_NANOS);
        for (int p : ranks(s.quick())) {
            int n = coreCalls(p, nativeN);
            JobConfig base = JobConfig.of(p).withMatching(s.matching());
            JobConfig single = base.withExperimental(true).withContextIds(ContextIdAlgorithm.SINGLE_THREADED_LOCKED);
            ms.add(Measurement.of("single-threaded algorithm, " + p + " ranks", new Slot(PLOT, SINGLE_ALG, p),
                    () -> dupFree(single, 1, n, s)));
            ms.add(Measurement.of("multi1, " + p + " ranks", new Slot(PLOT, MULTI1, p), () -> dupFree(base, 1, n, s)));
            ms.add(Measurement.of("multi2, " + p + " ranks", new Slot(PLOT, MULTI2, p), () -> dupFree(base, 2, n, s)));
            ms.add(Measurement.of("idup1, " + p + " ranks", new Slot(PLOT, IDUP1, p),
                    () -> CoreKernels.idupFree(base, 1, n, s.jobDeadline())));
            ms.add(Measurement.of("idup2, " + p + " ranks", new Slot(PLOT, IDUP2, p),
                    () -> CoreKernels.idupFree(base, 2, n, s.jobDeadline())));
            ms.add(Measurement.of("bare barrier 1, " + p + " ranks", new Slot(PLOT, BARRIER1, p),
                    () -> BarrierFloor.nanosPerRound(1, p, barrierUnits, n)));
            ms.add(Measurement.of("bare barrier 2, " + p + " ranks", new Slot(PLOT, BARRIER2, p),
                    () -> BarrierFloor.nanosPerRound(2, p, barrierUnits, n)));
            for (ComparisonTarget t : s.comparisons()) {
                for (int threads = 1; threads <= 2; threads++) {
                    DupScenario sc = new DupScenario(p, threads, nativeN);
                    ms.add(Measurement.comparison(t.name() + " " + threads + " thread(s), " + p + " ranks",
                            new Slot(PLOT, t.name() + ", " + perRank(threads), p),
                            () -> ScenarioTiming.measure(t, sc, DupScenario.FACT, s.jobDeadline())));
                }
                if (t.lacks("MPI_Comm_idup").isPresent()) {
                    continue;
                }
                for (int threads = 1; threads <= 2; threads++) {
                    DupScenario idup = new DupScenario(p, threads, nativeN, true);
                    ms.add(Measurement.comparison(t.name() + " idup " + threads + " thread(s), " + p + " ranks",
                            new Slot(PLOT, t.name() + " idup+wait, " + perRank(threads), p),
                            () -> ScenarioTiming.measure(t, idup, DupScenario.FACT, s.jobDeadline())));
                }
            }
        }
        LeftOutPoints leftOut = new LeftOutPoints();
        for (ComparisonTarget t : s.comparisons()) {
            t.lacks("MPI_Comm_idup").ifPresent(why -> leftOut.lacking(t.name() + ": idup+wait (every rank count)", why));
        }
        Map<Slot, Stats> stats = Trials.run(id(), ms, s.trials(), s.out(), leftOut);
        Plot plot = SPEC.assemble(stats);
        return new Report(id(), "Context-id allocation: Comm_dup time", s.trials(), s.quick(), List.of(plot),
                targets(plot), List.of(), leftOut.appendTo(s.skipped()), leftOut.appendEvidenceTo(List.of(
                        "each thread dups and frees its own parent communicator N times (the core: "
                                + coreCalls(2, nativeN) + " at 2 ranks, " + nativeN + " at more; the libraries: "
                                + nativeN + "); the value is the slowest thread's loop time divided by N",
                        "single-threaded algorithm: ContextIdAlgorithm.SINGLE_THREADED_LOCKED (experimental: it "
                                + "deadlocks with two threads per rank, so it runs with one)",
                        "idup+wait: Comm.idup (MPI_Comm_idup), then a wait on its request, then free of the new "
                                + "communicator, one idup outstanding per thread",
                        "bare barrier (floor): as many platform threads as ranks, each "
                                + "doing about " + BARRIER_WORK_NANOS + " ns of CPU work a round, then waiting "
                                + "for the others' round (spin 2 µs, then yield); one such barrier at once, and "
                                + "two, as one and two threads per rank run")));
    }

    /** A native series' label tail: "1 thread/rank", "2 threads/rank". */
    private static String perRank(int threads) {
        return threads + " thread" + (threads > 1 ? "s" : "") + "/rank";
    }

    /**
     * Calls per trial of the core's series: {@code nativeN}, ten times as many at 2 ranks, where a call takes
     * about a microsecond and 5,000 of them (a few milliseconds) measured mostly whether the trial's two
     * threads happened to spin or to park (medians of 0.6 to 8 us from run to run).
     */
    static int coreCalls(int ranks, int nativeN) {
        return ranks <= 2 ? 10 * nativeN : nativeN;
    }

    static List<Target> targets(Plot p) {
        List<Target> t = new ArrayList<>();
        for (var pt : p.series(MULTI1).points()) {
            Stats one = pt.stats(), two = p.series(MULTI2).at(pt.x());
            double r = two.median() / one.median();
            t.add(dupTwoThreads(p, pt.x(), r, PingPongFigure.fmt("%.0f ns vs %.0f ns", two.median(), one.median())));
            Stats idup1 = at(p, IDUP1, pt.x()), idup2 = at(p, IDUP2, pt.x());
            if (idup1 != null) {
                double ri = idup1.median() / one.median();
                t.add(Target.judged("idup+wait vs dup, 1 thread per rank, " + (int) pt.x() + " ranks", "<= 1.5x dup",
                        ri, ri <= 1.5, PingPongFigure.fmt("%.0f ns vs %.0f ns", idup1.median(), one.median())));
            }
            if (idup1 != null && idup2 != null) {
                t.add(idupTwoThreads(p, pt.x(), idup1, idup2));
            }
        }
        return t;
    }

    /**
     * {@code idup}+wait with two threads per rank against one, within 1.5x the same run's bare barrier's
     * two-at-once over one-at-once ratio at the same rank count (its floor: two threads of a rank in one
     * collective round each); not evaluated where the run has no barrier at that count.
     */
    static Target idupTwoThreads(Plot p, double x, Stats idup1, Stats idup2) {
        String what = "idup+wait with 2 threads per rank vs 1, " + (int) x + " ranks";
        String bound = "<= 1.5x the bare barrier's 2-vs-1 ratio";
        double r2 = idup2.median() / idup1.median();
        Stats one = at(p, BARRIER1, x), two = at(p, BARRIER2, x);
        if (one == null || two == null) {
            return Target.notEvaluated(what, bound, PingPongFigure.fmt("%.0f ns vs %.0f ns (%.2fx); no bare barrier "
                    + "measured at %d ranks", idup2.median(), idup1.median(), r2, (int) x));
        }
        double floor = two.median() / one.median();
        return Target.judged(what, bound, r2, r2 <= 1.5 * floor, PingPongFigure.fmt("%.0f ns vs %.0f ns (%.2fx); the "
                        + "bare barrier of %d threads, two at once vs one: %.0f ns vs %.0f ns (%.2fx), so at most %.2fx",
                idup2.median(), idup1.median(), r2, (int) x, two.median(), one.median(), floor, 1.5 * floor));
    }

    /**
     * {@code dup} with two threads per rank against one, within 2x, or within the same run's bare barrier's
     * two-at-once over one-at-once ratio at the same rank count if that is higher (the floor: on two cores
     * two threads of a rank in one collective round can cost more than 2x with no MPI at all). The rule
     * {@code bench core} applies to the same measurement ({@code core-targets.json}).
     */
    static Target dupTwoThreads(Plot p, double x, double r, String measured) {
        String what = "dup with 2 threads per rank vs 1, " + (int) x + " ranks";
        String bound = "<= 2x one thread, or the bare barrier's 2-vs-1 ratio if higher";
        Stats one = at(p, BARRIER1, x), two = at(p, BARRIER2, x);
        if (one == null || two == null) {
            return Target.judged(what, bound, r, r <= 2, measured + "; no bare barrier measured at " + (int) x
                    + " ranks, so at most 2x");
        }
        double floor = two.median() / one.median(), limit = Math.max(2, floor);
        return Target.judged(what, bound, r, r <= limit, measured + PingPongFigure.fmt("; the floor, a bare "
                        + "barrier of %d threads with %d ns of work a round, two at once vs one: %.0f ns vs %.0f ns "
                        + "(%.2fx), so at most %.2fx", (int) x, BARRIER_WORK_NANOS, two.median(), one.median(),
                floor, limit));
    }

    private static Stats at(Plot p, String series, double x) {
        Series s = p.series(series);
        return s == null ? null : s.at(x);
    }

    /** ns per dup+free as one thread sees it, the slowest of all threads on all ranks. */
    static double dupFree(JobConfig config, int threadsPerRank, int n, Settings s) {
        return CoreKernels.dupFree(config, threadsPerRank, n, s.jobDeadline());
    }
}
