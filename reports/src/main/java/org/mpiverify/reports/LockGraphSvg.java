package org.mpiverify.reports;

import static org.mpiverify.reports.Html.esc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A lock-order graph as an SVG picture: lock groups on a circle, an arrow {@code a → b} where some thread
 * took a lock of {@code b} while holding one of {@code a} (labelled with how many reports saw it when more
 * than one), arrows on a potential-deadlock cycle in red. A loop marks two locks of one group taken
 * nested. At most {@link #MAX_NODES} groups, the most connected; the caption says how many were left out.
 */
final class LockGraphSvg {
    static final int MAX_NODES = 40;

    private LockGraphSvg() { }

    static String render(LockResults.Graph g, String title) {
        Map<String, Integer> degree = new HashMap<>();
        g.edges().forEach((from, tos) -> tos.forEach((to, n) -> {
            degree.merge(from, n, Integer::sum);
            degree.merge(to, n, Integer::sum);
        }));
        List<String> nodes = new ArrayList<>(degree.keySet());
        nodes.sort(Comparator.comparingInt((String n) -> -degree.get(n)).thenComparing(n -> n));
        int left = Math.max(0, nodes.size() - MAX_NODES);
        nodes = new ArrayList<>(nodes.subList(0, Math.min(MAX_NODES, nodes.size())));
        nodes.sort(null);
        Set<String> shown = new LinkedHashSet<>(nodes);
        int n = nodes.size();
        double r = Math.max(90, n * 20);
        int longest = nodes.stream().mapToInt(x -> shorten(x).length()).max().orElse(10);
        double margin = Math.min(480, longest * 6.2 + 30);
        double size = 2 * r + 2 * margin;
        double c = size / 2;
        Map<String, double[]> at = new HashMap<>();
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / Math.max(1, n) - Math.PI / 2;
            at.put(nodes.get(i), new double[] {c + r * Math.cos(a), c + r * Math.sin(a), a});
        }
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                + "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"11\">\n", size, size + 30, size, size + 30));
        s.append("<title>").append(esc(title)).append("</title>\n");
        s.append("<defs><marker id=\"a\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
                + "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker>"
                + "<marker id=\"r\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
                + "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker></defs>\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
        g.edges().forEach((from, tos) -> tos.forEach((to, count) -> {
            if (!shown.contains(from) || !shown.contains(to)) return;
            boolean red = g.cycleEdges().contains(from + "\u0000" + to);
            String color = red ? "#c0392b" : "#777";
            String marker = red ? "r" : "a";
            double[] p = at.get(from);
            double[] q = at.get(to);
            if (from.equals(to)) {
                double x = p[0] + 14 * Math.cos(p[2]);
                double y = p[1] + 14 * Math.sin(p[2]);
                s.append(String.format(Locale.ROOT, "<circle class=\"loop\" cx=\"%.1f\" cy=\"%.1f\" r=\"10\" fill=\"none\" "
                        + "stroke=\"%s\"/>\n", x, y, color));
                return;
            }
            double dx = q[0] - p[0];
            double dy = q[1] - p[1];
            double len = Math.max(1, Math.hypot(dx, dy));
            double x1 = p[0] + dx / len * 7;
            double y1 = p[1] + dy / len * 7;
            double x2 = q[0] - dx / len * 8;
            double y2 = q[1] - dy / len * 8;
            // bend a little, so a → b and b → a are two arrows
            double mx = (x1 + x2) / 2 - dy / len * 18;
            double my = (y1 + y2) / 2 + dx / len * 18;
            s.append(String.format(Locale.ROOT, "<path class=\"%s\" d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" "
                    + "stroke=\"%s\" stroke-width=\"%s\" marker-end=\"url(#%s)\"/>\n", red ? "edge cycle" : "edge",
                    x1, y1, mx, my, x2, y2, color, red ? "2" : "1", marker));
            if (count > 1) {
                s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%d</text>\n", mx, my, color, count));
            }
        }));
        for (String node : nodes) {
            double[] p = at.get(node);
            boolean onCycle = g.cycleEdges().stream().anyMatch(e -> e.startsWith(node + "\u0000"));
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\"/>\n", p[0], p[1],
                    onCycle ? "#c0392b" : "#2c3e50"));
            boolean right = Math.cos(p[2]) >= 0;
            double lx = p[0] + (right ? 10 : -10);
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n", lx, p[1] + 4,
                    right ? "start" : "end", esc(shorten(node))));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%.0f\" fill=\"#555\">%s</text>\n", size + 20,
                esc(n + " lock group(s)" + (left > 0 ? ", " + left + " less connected ones left out" : "")
                        + "; red: on a potential deadlock")));
        return s.append("</svg>\n").toString();
    }

    private static String shorten(String s) {
        return s.length() <= 72 ? s : "..." + s.substring(s.length() - 69);
    }
}
