package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Draws a counterexample as a message-sequence diagram (SVG): one vertical lane per thread or
 * process, time downwards, one row per step. A step is a dot on its thread's lane with its
 * description; a step that sends to or synchronizes with other lanes draws arrows to them. A lasso
 * is marked with a bracket from the last step back to the step it returns to. The Markdown page
 * beside it has every step in full; labels here are cut at 60 characters.
 */
public final class SequenceDiagram {
    private static final int LANE_WIDTH = 190;
    private static final int ROW = 30;
    private static final int TOP = 70;
    private static final int LEFT = 60;

    private SequenceDiagram() {}

    /**
     * One row of a diagram: a step of {@code who} (empty: a step of nobody in particular, written across),
     * arrows to {@code peers}; {@code bad} draws its dot red; {@code note} is written in red instead of a step.
     */
    public record Row(int number, String who, String what, List<String> peers, boolean bad, boolean note) {
        public Row {
            peers = List.copyOf(peers);
        }
    }

    public static String svg(ModelOutcome o) {
        List<TraceState> trace = o.result().trace();
        List<Row> rows = new ArrayList<>();
        for (int k = 0; k < trace.size(); k++) {
            TraceState s = trace.get(k);
            TraceEvent e = TraceEvent.of(s);
            boolean last = o.result().outcome().isViolation() && k == trace.size() - 1;
            if (s.isStuttering()) {
                rows.add(new Row(s.number(), "", "... stutters forever", List.of(), false, true));
            } else if (e == null) {
                rows.add(new Row(s.number(), "", s.action(), List.of(), last, false));
            } else {
                rows.add(new Row(s.number(), e.who(), e.what(), e.peers(), last, false));
            }
        }
        return svg(o.model().name() + ": " + o.actual(), rows, o.result().backToState());
    }

    /**
     * A diagram of {@code rows}: one lane per {@code who} and peer (sorted by name), one row per step;
     * {@code backTo} (from 1; 0: none) marks a lasso from the last row back to that row.
     */
    public static String svg(String title, List<Row> rows, int backTo) {
        Set<String> laneSet = new LinkedHashSet<>();
        for (Row r : rows) {
            if (!r.who().isEmpty()) laneSet.add(r.who());
            laneSet.addAll(r.peers());
        }
        List<String> lanes = new ArrayList<>(laneSet);
        lanes.sort(null);   // by name: a process's threads end up side by side (p1/c1, p1/c2, ...)
        int width = LEFT + Math.max(1, lanes.size()) * LANE_WIDTH + 260;
        int height = TOP + rows.size() * ROW + 50;
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" font-family=\"monospace\" font-size=\"11\">\n");
        b.append("<defs><marker id=\"arrow\" markerWidth=\"8\" markerHeight=\"8\" refX=\"8\" refY=\"4\" ")
                .append("orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#1f5fa8\"/></marker></defs>\n");
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(b, 10, 18, title, "font-weight=\"bold\" font-size=\"13\"");
        for (int i = 0; i < lanes.size(); i++) {
            int x = laneX(i);
            text(b, x - LANE_WIDTH / 2 + 6, TOP - 22, lanes.get(i), "font-weight=\"bold\"");
            b.append("<line x1=\"").append(x).append("\" y1=\"").append(TOP - 12).append("\" x2=\"").append(x)
                    .append("\" y2=\"").append(height - 30).append("\" stroke=\"#999\" stroke-dasharray=\"4,3\"/>\n");
        }
        for (int k = 0; k < rows.size(); k++) {
            Row r = rows.get(k);
            int y = TOP + k * ROW;
            text(b, 8, y + 4, Integer.toString(r.number()), "fill=\"#666\"");
            if (r.note()) {
                text(b, LEFT, y + 4, r.what(), "fill=\"#a00\"");
                continue;
            }
            if (r.who().isEmpty()) {
                text(b, LEFT, y + 4, r.what(), r.bad() ? "fill=\"#c00\"" : "fill=\"#444\"");
                continue;
            }
            int x = laneX(lanes.indexOf(r.who()));
            for (String peer : r.peers()) {
                int px = laneX(lanes.indexOf(peer));
                if (px == x) continue;
                b.append("<line x1=\"").append(x).append("\" y1=\"").append(y).append("\" x2=\"")
                        .append(px + (px > x ? -4 : 4)).append("\" y2=\"").append(y + ROW / 2)
                        .append("\" stroke=\"#1f5fa8\" marker-end=\"url(#arrow)\"/>\n");
            }
            b.append("<circle cx=\"").append(x).append("\" cy=\"").append(y).append("\" r=\"4\" fill=\"")
                    .append(r.bad() ? "#c00" : "#222").append("\"/>\n");
            text(b, x + 8, y + 4, TraceReport.shorten(r.what(), 60), r.bad() ? "fill=\"#c00\"" : "");
        }
        if (backTo > 0 && backTo <= rows.size()) {
            int x = LEFT + lanes.size() * LANE_WIDTH + 200;
            int y1 = TOP + (backTo - 1) * ROW;
            int y2 = TOP + (rows.size() - 1) * ROW;
            b.append("<path d=\"M").append(x - 20).append(',').append(y2).append(" H").append(x).append(" V")
                    .append(y1).append(" H").append(x - 20).append("\" fill=\"none\" stroke=\"#a00\" ")
                    .append("marker-end=\"url(#arrow)\"/>\n");
            text(b, x - 190, y1 - 6, "loops back to step " + backTo + " forever", "fill=\"#a00\"");
        }
        b.append("</svg>\n");
        return b.toString();
    }

    private static int laneX(int i) {
        return LEFT + LANE_WIDTH / 2 + Math.max(0, i) * LANE_WIDTH;
    }

    private static void text(StringBuilder b, int x, int y, String s, String attrs) {
        b.append("<text x=\"").append(x).append("\" y=\"").append(y).append("\" ").append(attrs).append('>')
                .append(s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")).append("</text>\n");
    }
}
