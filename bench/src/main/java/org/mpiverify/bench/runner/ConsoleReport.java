package org.mpiverify.bench.runner;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.Series;
import org.mpiverify.bench.report.Table;
import org.mpiverify.bench.report.Target;

/**
 * Prints a {@link Report}: per plot, one row per series and one cell per x value with the median,
 * its min–max spread and the ratio to the plot's baseline series at the same x; then the tables,
 * the targets (met, missed, not evaluated) and the skipped comparison targets.
 */
public final class ConsoleReport {
    private ConsoleReport() {
    }

    public static void print(Report r, PrintStream out) {
        out.printf(Locale.ROOT, "%n== %s: %s (medians of %d trials [min-max], ratio to the baseline)%n", r.id(),
                r.title(), r.trials());
        for (Plot p : r.plots()) {
            out.printf(Locale.ROOT, "%n-- %s: %s [%s]; y: %s; baseline: %s%n", p.paperRef(), p.title(), p.unit(),
                    p.yLabel(), p.baseline() == null ? "none" : p.baseline());
            List<Double> xs = new ArrayList<>();
            p.series().forEach(s -> s.points().forEach(pt -> {
                if (!xs.contains(pt.x())) {
                    xs.add(pt.x());
                }
            }));
            xs.sort(null);
            int nameWidth = Math.max(12, p.series().stream().mapToInt(s -> s.name().length()).max().orElse(12));
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-" + nameWidth + "s", p.xLabel()));
            for (double x : xs) {
                head.append(String.format(Locale.ROOT, " | %-28s", fmt(x)));
            }
            out.println(head);
            Series base = p.baseline() == null ? null : p.series(p.baseline());
            for (Series s : p.series()) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-" + nameWidth + "s", s.name()));
                for (double x : xs) {
                    Stats st = s.at(x);
                    Stats b = base == null ? null : base.at(x);
                    String cell = st == null ? "-" : String.format(Locale.ROOT, "%s [%s-%s]%s", fmt(st.median()),
                            fmt(st.min()), fmt(st.max()), b == null || b.median() == 0 ? ""
                                    : String.format(Locale.ROOT, " %.2fx", st.median() / b.median()));
                    row.append(String.format(Locale.ROOT, " | %-28s", cell));
                }
                out.println(row);
            }
        }
        for (Table t : r.tables()) {
            out.printf(Locale.ROOT, "%n-- %s: %s%n", t.paperRef(), t.title());
            int[] w = new int[t.columns().size()];
            for (int c = 0; c < w.length; c++) {
                w[c] = t.columns().get(c).length();
                for (List<String> row : t.rows()) {
                    w[c] = Math.max(w[c], row.get(c).length());
                }
            }
            printRow(out, t.columns(), w);
            for (List<String> row : t.rows()) {
                printRow(out, row, w);
            }
        }
        out.println();
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "  target %-13s %s: %s; measured %s (%s)%n", t.status(), t.name(), t.criterion(),
                    Double.isNaN(t.value()) ? "-" : fmt(t.value()), t.detail());
        }
        for (String s : r.skipped()) {
            out.println("  skipped comparison: " + s);
        }
    }

    private static void printRow(PrintStream out, List<String> cells, int[] w) {
        StringBuilder sb = new StringBuilder(" ");
        for (int c = 0; c < cells.size(); c++) {
            sb.append(' ').append(String.format(Locale.ROOT, "%-" + w[c] + "s", cells.get(c))).append(" |");
        }
        out.println(sb);
    }

    static String fmt(double v) {
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e5 || a < 0.01)) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        if (a >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
