package org.mpiverify.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.mpiverify.bench.Stats;

/**
 * Draws a {@link Plot} as a self-contained SVG line plot: axes with ticks (decades on a log axis, 1-2-5
 * steps on a linear one), one polyline per series through the medians, a min–max bar at every point, and
 * a legend. No fonts or scripts are referenced, so the reports can embed the file as it is.
 */
public final class SvgPlot {
    static final int WIDTH = 880, HEIGHT = 440;
    private static final int LEFT = 78, RIGHT = 300, TOP = 40, BOTTOM = 58;
    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

    private SvgPlot() {
    }

    public static void write(Plot p, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(p));
    }

    public static String render(Plot p) {
        Axis x = Axis.of(values(p, true), p.logX());
        Axis y = Axis.of(values(p, false), p.logY());
        int pw = WIDTH - LEFT - RIGHT, ph = HEIGHT - TOP - BOTTOM;
        StringBuilder sb = new StringBuilder(8192);
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">%s</text>%n",
                LEFT, esc(p.title() + " (" + p.paperRef() + ")")));
        sb.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>%n", LEFT, TOP, pw, ph));
        for (double t : x.ticks()) {
            double px = LEFT + x.fraction(t) * pw;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n",
                    px, TOP, px, TOP + ph));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    px, TOP + ph + 16, esc(label(t))));
        }
        for (double t : y.ticks()) {
            double py = TOP + ph - y.fraction(t) * ph;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    LEFT, py, LEFT + pw, py));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6, py + 4, esc(label(t))));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s</text>%n",
                LEFT + pw / 2, HEIGHT - 14, esc(p.xLabel()), p.logX() ? " (log)" : ""));
        sb.append(String.format(Locale.ROOT,
                "<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">%s%s</text>%n",
                TOP + ph / 2, esc(p.yLabel()), p.logY() ? " (log)" : ""));
        for (int i = 0; i < p.series().size(); i++) {
            Series s = p.series().get(i);
            String c = COLORS[i % COLORS.length];
            String dash = i >= COLORS.length ? " stroke-dasharray=\"5 3\"" : "";
            StringBuilder pts = new StringBuilder();
            for (Series.Point pt : s.points()) {
                Stats st = pt.stats();
                double px = LEFT + x.fraction(pt.x()) * pw;
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, TOP + ph - y.fraction(st.median()) * ph));
                sb.append(String.format(Locale.ROOT,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n", px,
                        TOP + ph - y.fraction(st.min()) * ph, px, TOP + ph - y.fraction(st.max()) * ph, c));
                sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", px,
                        TOP + ph - y.fraction(st.median()) * ph, c));
            }
            sb.append(String.format(Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s/>%n",
                    pts.toString().strip(), c, dash));
            int ly = TOP + 10 + 18 * i;
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                    WIDTH - RIGHT + 12, ly, WIDTH - RIGHT + 36, ly, c, dash));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", WIDTH - RIGHT + 42, ly + 4,
                    esc(s.name())));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#555\">"
                + "medians; bars: min–max over trials; y in %s</text>%n", WIDTH - RIGHT + 12,
                TOP + 18 * p.series().size() + 16, esc(p.unit())));
        return sb.append("</svg>\n").toString();
    }

    private static List<Double> values(Plot p, boolean xs) {
        List<Double> v = new ArrayList<>();
        for (Series s : p.series()) {
            for (Series.Point pt : s.points()) {
                if (xs) {
                    v.add(pt.x());
                } else {
                    v.add(pt.stats().min());
                    v.add(pt.stats().max());
                }
            }
        }
        return v;
    }

    static String label(double v) {
        double a = Math.abs(v);
        if (a >= 1e9) {
            return trim(v / 1e9) + "G";
        }
        if (a >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (a >= 1e4) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3g", v);
        if (s.contains("e")) {
            return s;
        }
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A linear or logarithmic axis over the data's range, with tick positions. */
    record Axis(double lo, double hi, boolean log) {

        static Axis of(List<Double> values, boolean log) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                if (Double.isFinite(v) && (!log || v > 0)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            if (lo > hi) {   // no data: a unit axis, so an empty plot still renders
                return log ? new Axis(1, 10, true) : new Axis(0, 1, false);
            }
            if (log) {
                return new Axis(Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi)
                        + (lo == hi ? 1e-9 : 0))), true);
            }
            double min = Math.min(0, lo);   // linear axes start at zero, as the papers' do
            double step = niceStep((hi - min) / 5);
            return new Axis(min, Math.max(step, Math.ceil(hi / step) * step), false);
        }

        double fraction(double v) {
            if (log) {
                return v <= 0 ? 0 : (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
            }
            return (v - lo) / (hi - lo);
        }

        List<Double> ticks() {
            List<Double> t = new ArrayList<>();
            if (log) {
                for (double d = lo; d <= hi * 1.0001; d *= 10) {
                    t.add(d);
                }
                if (t.size() <= 2) {   // one decade: add 2 and 5 so the axis still reads
                    for (double d = lo; d < hi; d *= 10) {
                        t.add(2 * d);
                        t.add(5 * d);
                    }
                }
                t.sort(null);
                return t;
            }
            double step = niceStep((hi - lo) / 5);
            for (double d = lo; d <= hi + step / 1000; d += step) {
                t.add(Math.abs(d) < step / 1e6 ? 0 : d);
            }
            return t;
        }

        static double niceStep(double raw) {
            if (raw <= 0 || !Double.isFinite(raw)) {
                return 1;
            }
            double mag = Math.pow(10, Math.floor(Math.log10(raw)));
            double f = raw / mag;
            return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
        }
    }
}
