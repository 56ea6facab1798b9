package org.mpiverify.bench.dang;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.runner.Slot;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Series;
import org.mpiverify.bench.report.Target;

/** Dang, Snir &amp; Gropp's scale targets, judged on one run of {@link DangFigure} (ratios within the run). */
final class DangTargets {
    static final int MILLION = 1_000_000;

    static final String T_SCALE = "10^6 virtual threads with a receive outstanding at once, all matched, 2 ranks";
    static final String T_HEAP = "heap per outstanding receive beyond the thread's own stack, at 10^6";
    static final String T_MATCH = "HASH_TABLE match cost at 10^6 outstanding receives over its cost at 10^2";
    static final String T_RATE = "steady-state message rate, 10^5 threads per rank (2x10^5 in all), over one thread per rank";

    private DangTargets() {
    }

    static List<Target> judge(List<Plot> plots, Map<Slot, Stats> stats, int largest, boolean quick) {
        List<Target> t = new ArrayList<>();
        Stats total = at(plots, DangFigure.SCALE, DangFigure.TOTAL, MILLION);
        if (total == null) {
            t.add(Target.notEvaluated(T_SCALE, "< 60 s", missing(quick, "no 10^6 point (largest: " + largest + ")")));
        } else {
            Stats posted = at(plots, DangFigure.SCALE, DangFigure.POSTED, MILLION);
            t.add(Target.judged(T_SCALE, "< 60 s", total.median(), total.median() < 60,
                    fmt("%.1f s (all posted after %.1f s, including creating the threads), min %.1f, max %.1f s",
                            total.median(), posted.median(), total.min(), total.max())));
        }
        Stats heap = at(plots, DangFigure.MEMORY, DangFigure.HEAP, MILLION);
        Stats stack = stats.get(new Slot(DangFigure.HISTOGRAM, HeapAccounting.STACK, MILLION));
        if (heap == null || stack == null) {
            t.add(Target.notEvaluated(T_HEAP, "< 1024 B", missing(quick, "no 10^6 point")));
        } else {
            double beyond = heap.median() - stack.median();
            t.add(Target.judged(T_HEAP, "< 1024 B", beyond, beyond < 1024,
                    fmt("%.0f B per thread in use after a full GC (MemoryMXBean), of which %.0f B are the thread's "
                            + "stack (StackChunk, GC.class_histogram)", heap.median(), stack.median())));
        }
        Stats m6 = at(plots, DangFigure.MATCHING, DangFigure.HASH, MILLION);
        Stats m2 = at(plots, DangFigure.MATCHING, DangFigure.HASH, 100);
        if (m6 == null || m2 == null) {
            t.add(Target.notEvaluated(T_MATCH, "<= 2x", missing(quick, "no 10^6 or 10^2 point")));
        } else {
            double r = m6.median() / m2.median();
            Stats f6 = at(plots, DangFigure.MATCHING, DangFigure.HASHMAP, MILLION);
            Stats f2 = at(plots, DangFigure.MATCHING, DangFigure.HASHMAP, 100);
            String floor = f6 == null || f2 == null ? "" : fmt("; a HashMap of the same sizes: %.0f ns vs %.0f ns (%.2fx)",
                    f6.median(), f2.median(), f6.median() / f2.median());
            Stats g6 = at(plots, DangFigure.MATCHING, DangFigure.MEMORY_FLOOR, MILLION);
            if (g6 != null) {
                floor += fmt("; the memory floor at 10^6 (one random slot and its receive, nothing else): %.0f ns, "
                        + "%s the %.0f ns the target allows", g6.median(), g6.median() > 2 * m2.median() ? "above" : "within",
                        2 * m2.median());
            }
            t.add(Target.judged(T_MATCH, "<= 2x", r, r <= 2,
                    fmt("%.0f ns vs %.0f ns per match%s", m6.median(), m2.median(), floor)));
        }
        Stats many = at(plots, DangFigure.OVERALL, DangFigure.CORE_VIRTUAL, 100_000);
        Stats one = at(plots, DangFigure.OVERALL, DangFigure.CORE_PLATFORM, 1);
        Stats oneVirtual = at(plots, DangFigure.OVERALL, DangFigure.CORE_VIRTUAL, 1);
        if (many == null || one == null) {
            t.add(Target.notEvaluated(T_RATE, ">= 50%", missing(quick, "no 10^5 point")));
        } else {
            t.add(rate(many, one, oneVirtual, at(plots, DangFigure.OVERALL, DangFigure.BARE_PAIRS, 100_000),
                    at(plots, DangFigure.MATCHING, DangFigure.HASHMAP, 100_000)));
        }
        return t;
    }

    /**
     * The rate target, judged against the baseline's median and against its fastest trial: met only if both
     * reach 50 %. One platform thread per rank ping-pongs across the two cores, and on a busy shared host its
     * median inflates (485 ns with a fastest trial of 223 ns, against 227 ns measured quietly) while 10^5
     * virtual threads, bound by memory and the scheduler, inflate less: the median alone then calls the target
     * met when it is not. The fastest trial is the one the host disturbed least.
     *
     * <p>The detail also sets the time the target allows per message (twice the fastest baseline trial) beside
     * two floors of the same run that every message at 10^5 threads pays whatever the MPI core does: a bare
     * park/unpark handoff between virtual threads at 10^5 pairs ({@code handoff}) and one match of a
     * {@code java.util.HashMap} holding 10^5 receives ({@code hashMap}); either may be null (not measured).
     */
    static Target rate(Stats many, Stats one, Stats oneVirtual, Stats handoff, Stats hashMap) {
        double r = one.median() / many.median();     // rates are the inverses of the times per message
        double rFastest = one.min() / many.median();
        String floors = "";
        if (handoff != null && hashMap != null) {
            double sum = handoff.median() + hashMap.median(), allowed = 2 * one.min();
            floors = fmt("; the floors at 10^5: a bare park/unpark handoff %.0f ns + a HashMap match %.0f ns = %.0f ns, "
                    + "%s the %.0f ns the target allows", handoff.median(), hashMap.median(), sum,
                    sum > allowed ? "above" : "within", allowed);
        }
        return Target.judged(T_RATE, ">= 50%", r, r >= 0.5 && rFastest >= 0.5, fmt("%.0f ns vs %.0f ns per message "
                        + "(%.0f%%); against the baseline's fastest trial (%.0f ns): %.0f%%; one virtual thread per "
                        + "rank: %.0f ns%s", many.median(), one.median(), 100 * r, one.min(), 100 * rFastest,
                oneVirtual == null ? Double.NaN : oneVirtual.median(), floors));
    }

    /** Where the queue engine stops being usable: the first size at which a match costs more than 10 µs. */
    static String queuesLimit(List<Plot> plots) {
        Plot p = plot(plots, DangFigure.MATCHING);
        Series s = p == null ? null : p.series(DangFigure.QUEUES);
        if (s == null) {
            return "QUEUES: not measured";
        }
        for (Series.Point pt : s.points()) {
            if (pt.stats().median() > 10_000) {
                return fmt("QUEUES: a match costs more than 10 µs from %,.0f receives outstanding on (%.0f µs there)",
                        pt.x(), pt.stats().median() / 1000);
            }
        }
        return "QUEUES: under 10 µs per match at every size measured";
    }

    private static String missing(boolean quick, String why) {
        return quick ? "quick run: " + why : why;
    }

    private static Plot plot(List<Plot> plots, String id) {
        return plots.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
    }

    private static Stats at(List<Plot> plots, String plot, String series, double x) {
        Plot p = plot(plots, plot);
        Series s = p == null ? null : p.series(series);
        return s == null ? null : s.at(x);
    }

    private static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }
}
