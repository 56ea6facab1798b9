package org.mpiverify.bench.figures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.compare.ComparisonTarget;
import org.mpiverify.bench.compare.MessageRateScenario;
import org.mpiverify.bench.compare.ScenarioTiming;
import org.mpiverify.bench.kernel.CoreKernelComm;
import org.mpiverify.bench.kernel.CoreKernels;
import org.mpiverify.bench.kernel.KernelComm;
import org.mpiverify.bench.kernel.MessageRate;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.Series;
import org.mpiverify.bench.report.Table;
import org.mpiverify.bench.report.Target;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.LeftOutPoints;
import org.mpiverify.bench.runner.Measurement;
import org.mpiverify.bench.runner.PlotSpec;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.bench.runner.Slot;
import org.mpiverify.bench.runner.Trials;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.ThreadLevel;

/**
 * Balaji et al. §5, Figs. 3–8 and Table 1: message rate and per-thread mutex wait time of {@code n}
 * threads of one rank sending zero-byte messages, each to its own single-threaded receiving rank (their
 * Fig. 2(a)), beside {@code n} single-threaded sending ranks (Fig. 2(b)); for sends to
 * {@code PROC_NULL} (Figs. 3–4), blocking sends (5–6) and nonblocking sends (7–8), per granularity.
 *
 * <p>The {@link MessageRate} kernel, as in the paper: each receiver pre-posts 128 receives, sends an
 * acknowledgement, and waits for them; the sender waits for the acknowledgement and sends 128 messages; the rate is
 * {@code n / avg_latency} with {@code avg_latency = avg_looptime / (iterations * 128)}. Lock counting
 * is on in every run (the paper's instrumented build); the counters give the wait time and, from the
 * one-thread runs, Table 1's acquisitions per send.
 */
public final class MessageRateFigure implements BenchFigure {
    static final int BURST = MessageRate.BURST;
    static final String PROCESSES = "processes (baseline)";
    static final String TABLE = "table1";

    /** The three communication types of the paper's §5.1–5.3. */
    public enum Mode {
        PROC_NULL("fig3", "fig4", "sends to PROC_NULL", MessageRate.Mode.PROC_NULL),
        BLOCKING("fig5", "fig6", "blocking sends", MessageRate.Mode.BLOCKING),
        NONBLOCKING("fig7", "fig8", "nonblocking sends", MessageRate.Mode.NONBLOCKING);

        final String ratePlot, waitPlot, title;
        final MessageRate.Mode kernel;

        Mode(String ratePlot, String waitPlot, String title, MessageRate.Mode kernel) {
            this.ratePlot = ratePlot;
            this.waitPlot = waitPlot;
            this.title = title;
            this.kernel = kernel;
        }
    }

    /** One configuration of the sending rank: a series name and its job configuration. */
    record Variant(String name, Granularity granularity, boolean threadLocalPools, boolean atomicCounts) {
        JobConfig config(int ranks, Settings s) {
            return JobConfig.of(ranks).withMatching(s.matching()).withGranularity(granularity)
                    .withRequestOptions(threadLocalPools, atomicCounts).withCountLocks(true);
        }
    }

    /**
     * The rows of Balaji et al. Table 1 and Figs. 7-8 — Global, Brief Global and Per Object with the
     * common request pool and mutex-protected reference counts, Per Object with thread-local pools
     * ("tlp"), Per Object with tlp and atomic counts ("tlp atom") — and Lock Free, their future work.
     */
    static List<Variant> variants() {
        List<Variant> v = new ArrayList<>();
        v.add(new Variant(Granularity.GLOBAL.name(), Granularity.GLOBAL, true, true));
        v.add(new Variant(Granularity.BRIEF_GLOBAL.name(), Granularity.BRIEF_GLOBAL, false, false));
        v.add(new Variant(Granularity.PER_OBJECT.name(), Granularity.PER_OBJECT, false, false));
        v.add(new Variant("PER_OBJECT tlp", Granularity.PER_OBJECT, true, false));
        v.add(new Variant(PER_OBJECT_TLP, Granularity.PER_OBJECT, true, true));
        v.add(new Variant(Granularity.LOCK_FREE.name(), Granularity.LOCK_FREE, true, true));
        return v;
    }

    static final String PER_OBJECT_TLP = Granularity.PER_OBJECT.name() + " tlp atom";

    @Override
    public String id() {
        return "balaji";
    }

    @Override
    public String description() {
        return "message rate and mutex wait time against sending threads, PROC_NULL/blocking/nonblocking, "
                + "per granularity, beside sending ranks; lock acquisitions per send (Balaji et al. Figs. 3-8, Table 1)";
    }

    @Override
    public String measures() {
        return "message rate and mutex wait against sending threads, per granularity, beside sending ranks; "
            + "lock acquisitions per send";
    }

    @Override
    public String paper() {
        return "Balaji et al. Figs. 3–8, Table 1";
    }

    static int[] senders(boolean quick) {
        return quick ? new int[] {1, 2} : new int[] {1, 2, 4};
    }

    static int iterations(boolean quick, Mode m) {
        return m == Mode.PROC_NULL ? (quick ? 100 : 2_000) : (quick ? 20 : 400);
    }

    @Override
    public Report run(Settings s) throws Exception {
        List<Measurement> ms = new ArrayList<>();
        for (Mode m : Mode.values()) {
            int iters = iterations(s.quick(), m);
            for (int n : senders(s.quick())) {
                for (Variant v : variants()) {
                    List<Slot> slots = new ArrayList<>(List.of(new Slot(m.ratePlot, v.name(), n),
                            new Slot(m.waitPlot, v.name(), n)));
                    if (n == 1) {
                        slots.add(new Slot(TABLE, v.name() + "|" + m.name(), n));
                    }
                    int k = n;
                    ms.add(new Measurement(v.name() + ", " + m.title + ", " + n + " thread(s)", slots, () -> {
                        double[] r = threads(v.config(m == Mode.PROC_NULL ? 1 : k + 1, s), m, k, iters, s);
                        return k == 1 ? r : new double[] {r[0], r[1]};
                    }));
                }
                int k = n;
                ms.add(new Measurement("processes, " + m.title + ", " + n + " rank(s)", List.of(
                        new Slot(m.ratePlot, PROCESSES, n), new Slot(m.waitPlot, PROCESSES, n)),
                        () -> processes(m, k, iters, s)));
                for (ComparisonTarget t : s.comparisons()) {
                    for (boolean threaded : new boolean[] {true, false}) {
                        MessageRateScenario sc = new MessageRateScenario(m.name(), n, threaded, iters);
                        ms.add(Measurement.comparison(t.name() + ", " + m.title + ", " + n + (threaded ? " threads" : " ranks"),
                                new Slot(m.ratePlot, t.name() + (threaded ? " threads" : " processes"), n),
                                () -> ScenarioTiming.measure(t, sc, MessageRateScenario.FACT, s.jobDeadline()) / 1e6));
                    }
                }
            }
        }
        LeftOutPoints leftOut = new LeftOutPoints();
        Map<Slot, Stats> stats = Trials.run(id(), ms, s.trials(), s.out(), leftOut);
        List<Plot> plots = new ArrayList<>();
        for (Mode m : Mode.values()) {
            plots.add(new PlotSpec(m.ratePlot, "Message rate, " + m.title, "Balaji et al. Fig. " + m.ratePlot.substring(3),
                    "sending threads or ranks", "messages per second (millions)", "M msg/s", false, false, PROCESSES)
                    .assemble(stats));
            plots.add(new PlotSpec(m.waitPlot, "Mutex wait per thread, " + m.title,
                    "Balaji et al. Fig. " + m.waitPlot.substring(3), "sending threads or ranks",
                    "mutex wait per message per thread (ns)", "ns", false, false, null).assemble(stats));
        }
        Table table = table1(stats);
        return new Report(id(), "Fine-grained multithreading: message rate and mutex contention", s.trials(),
                s.quick(), plots, targets(plots), List.of(table), leftOut.appendTo(s.skipped()), leftOut.appendEvidenceTo(List.of(
                        "one-int messages (each payload checked); " + BURST + " per iteration; " + iterations(s.quick(), Mode.BLOCKING)
                                + " iterations (" + iterations(s.quick(), Mode.PROC_NULL) + " for PROC_NULL); matching "
                                + s.matching(),
                        "lock counting (JobConfig.withCountLocks) is on in every thread run; the processes baseline "
                                + "runs at THREAD_SINGLE, where the core takes no rank lock",
                        "'tlp' = per-thread request caches in front of the shared pool (JobConfig.requestCacheSize); "
                                + "'atom' = atomic reference counts, which the core always uses")));
    }

    static Table table1(Map<Slot, Stats> stats) {
        List<List<String>> rows = new ArrayList<>();
        for (Variant v : variants()) {
            List<String> row = new ArrayList<>(List.of(v.name()));
            for (Mode m : Mode.values()) {
                Stats st = stats.get(new Slot(TABLE, v.name() + "|" + m.name(), 1));
                row.add(st == null ? "-" : String.format(Locale.ROOT, "%.2f", st.median()));
            }
            rows.add(row);
        }
        return new Table(TABLE, "Mutex acquisitions per send (one sending thread)", "Balaji et al. Table 1",
                List.of("granularity", "MPI_PROC_NULL", "blocking", "nonblocking"), rows);
    }

    static List<Target> targets(List<Plot> plots) {
        List<Target> t = new ArrayList<>();
        for (Mode m : new Mode[] {Mode.BLOCKING, Mode.NONBLOCKING}) {
            Plot p = plots.stream().filter(x -> x.id().equals(m.ratePlot)).findFirst().orElseThrow();
            Series po = p.series(PER_OBJECT_TLP), pr = p.series(PROCESSES);
            Stats two = po.at(2), one = po.at(1), ranks2 = pr.at(2);
            double r = two.median() / ranks2.median();
            t.add(Target.judged("2 threads, " + PER_OBJECT_TLP + ", " + m.title + ": rate vs 2 sending ranks",
                    ">= 0.90x two ranks", r, r >= 0.9,
                    PingPongFigure.fmt("%.2f vs %.2f M msg/s", two.median(), ranks2.median())));
            double r1 = two.median() / one.median();
            t.add(Target.judged("2 threads, " + PER_OBJECT_TLP + ", " + m.title + ": rate vs 1 thread",
                    ">= 1x one thread", r1, r1 >= 1,
                    PingPongFigure.fmt("%.2f vs %.2f M msg/s", two.median(), one.median())));
        }
        t.add(separation(plots, Mode.PROC_NULL, Granularity.BRIEF_GLOBAL.name()));
        t.add(separation(plots, Mode.BLOCKING, PER_OBJECT_TLP));
        return t;
    }

    /** Global's mutex wait at the most threads must exceed {@code other}'s beyond both spreads (quartiles). */
    static Target separation(List<Plot> plots, Mode m, String other) {
        Plot p = plots.stream().filter(x -> x.id().equals(m.waitPlot)).findFirst().orElseThrow();
        Series g = p.series(Granularity.GLOBAL.name()), o = p.series(other);
        double x = g.points().get(g.points().size() - 1).x();
        Stats gs = g.at(x), os = o.at(x);
        boolean apart = gs.p25() > os.p75() && gs.median() > 0;
        return Target.judged("GLOBAL serializes: mutex wait vs " + other + ", " + m.title + ", " + (int) x + " threads",
                "GLOBAL's 25th percentile above " + other + "'s 75th (value: GLOBAL's median, ns)", gs.median(), apart,
                PingPongFigure.fmt("GLOBAL %.1f [%.1f-%.1f] ns vs %.1f [%.1f-%.1f] ns per message", gs.median(),
                        gs.p25(), gs.p75(), os.median(), os.p25(), os.p75()));
    }

    /**
     * One rank with {@code n} sending threads (at THREAD_MULTIPLE) and, unless sending to PROC_NULL, {@code n}
     * single-threaded receiving ranks. Returns {rate in M msg/s, mutex wait ns per message per thread,
     * lock acquisitions per send (exact only with one thread)}.
     */
    static double[] threads(JobConfig config, Mode m, int n, int iters, Settings s) throws Exception {
        LongAdder loopNanos = new LongAdder();
        LongAdder burstAcquisitions = new LongAdder();
        AtomicLong waitNanos = new AtomicLong();
        CoreJobs.runRanks(config, (mpi, rank) -> {
            mpi.initThread(rank == 0 ? ThreadLevel.MULTIPLE : ThreadLevel.SINGLE);
            KernelComm w = new CoreKernelComm(mpi.commWorld());
            w.barrier();
            if (rank == 0) {
                long wait0 = mpi.lockWaitNanos();
                int[] receivers = new int[n];
                for (int t = 0; t < n; t++) {
                    receivers[t] = t + 1;
                }
                MessageRate.Sent sent = MessageRate.send(w, m.kernel, receivers, iters, mpi::lockAcquisitions,
                        s.jobDeadline().toNanos());
                CoreKernels.requireGood("message rate", sent.bad());
                waitNanos.set(mpi.lockWaitNanos() - wait0);
                loopNanos.add(sent.loopNanos());
                burstAcquisitions.add(sent.burstAcquisitions());
            } else {
                CoreKernels.requireGood("message rate", MessageRate.receive(w, 0, iters));
            }
            mpi.finalizeMpi();
        }, s.jobDeadline());
        return result(n, iters, loopNanos.sum(), waitNanos.get(), burstAcquisitions.sum());
    }

    /** {@code n} single-threaded sending ranks (THREAD_SINGLE), each with its own receiver unless PROC_NULL. */
    static double[] processes(Mode m, int n, int iters, Settings s) throws Exception {
        LongAdder loopNanos = new LongAdder();
        LongAdder waitNanos = new LongAdder();
        CoreJobs.runRanks(JobConfig.of(m == Mode.PROC_NULL ? n : 2 * n).withMatching(s.matching()).withCountLocks(true),
                (mpi, rank) -> {
                    mpi.initThread(ThreadLevel.SINGLE);
                    KernelComm w = new CoreKernelComm(mpi.commWorld());
                    w.barrier();
                    if (rank < n) {
                        long wait0 = mpi.lockWaitNanos();
                        MessageRate.Sent sent = MessageRate.send(w, m.kernel, new int[] {rank + n}, iters,
                                mpi::lockAcquisitions, s.jobDeadline().toNanos());
                        CoreKernels.requireGood("message rate", sent.bad());
                        loopNanos.add(sent.loopNanos());
                        waitNanos.add(mpi.lockWaitNanos() - wait0);
                    } else {
                        CoreKernels.requireGood("message rate", MessageRate.receive(w, rank - n, iters));
                    }
                    mpi.finalizeMpi();
                }, s.jobDeadline());
        double[] r = result(n, iters, loopNanos.sum(), waitNanos.sum(), 0);
        return new double[] {r[0], r[1]};
    }

    private static double[] result(int n, int iters, long loopNanosSum, long waitNanos, long burstAcquisitions) {
        double messagesPerThread = (double) iters * BURST;
        return new double[] {MessageRate.rate(n, iters, loopNanosSum) / 1e6, waitNanos / (double) n / messagesPerThread,
            burstAcquisitions / (n * messagesPerThread)};
    }
}
