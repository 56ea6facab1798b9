package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.TlcTraceFile;

/**
 * Turns a counterexample into what a person reads: a Markdown page with one row per step (who,
 * what, and only the variables that step changed) and a JSON form of the same for the reports
 * module. The SVG is drawn by {@link SequenceDiagram}.
 */
public final class TraceReport {
    private TraceReport() {}

    /** The Markdown page for {@code o}'s counterexample, linking the SVG {@code svgName}. */
    public static String markdown(ModelOutcome o, String svgName) {
        ModelSpec m = o.model();
        TlcResult r = o.result();
        StringBuilder b = new StringBuilder();
        b.append("# ").append(m.name()).append(": ").append(o.actual()).append("\n\n");
        b.append("- Spec: `specs/").append(m.spec()).append('/').append(m.module()).append(".tla`, config `")
                .append(m.config()).append("`\n");
        b.append("- Expected: ").append(m.expected()).append(o.asExpected() ? " (as expected)" : " (MISMATCH: "
                + o.mismatch() + ")").append('\n');
        if (!m.description().isEmpty()) b.append("- What it shows: ").append(m.description()).append('\n');
        b.append("- TLC ").append(r.tlcVersion()).append(": ").append(r.message().lines().findFirst().orElse(""))
                .append("\n\n");
        b.append("![message sequence](").append(svgName).append(")\n\n");
        b.append("| Step | Who | Action | Changed variables |\n|---:|---|---|---|\n");
        TraceState prev = null;
        for (TraceState s : r.trace()) {
            TraceEvent ev = TraceEvent.of(s);
            String who = ev == null ? "" : ev.who();
            String what = s.isStuttering() ? "stutters forever (no step is enabled or taken)"
                    : ev == null ? s.action() : ev.what();
            Map<String, String> changed = s.changedSince(prev);
            changed.remove(TraceEvent.VARIABLE);
            StringBuilder vars = new StringBuilder();
            for (Map.Entry<String, String> e : changed.entrySet()) {
                String before = prev == null ? null : prev.variables().get(e.getKey());
                for (String line : TlaValues.changes(e.getKey(), before, e.getValue())) {
                    if (!vars.isEmpty()) vars.append("<br>");
                    vars.append('`').append(shorten(line, 300)).append('`');
                }
            }
            b.append("| ").append(s.number()).append(" | ").append(cell(who)).append(" | ").append(cell(what))
                    .append(s.number() == 1 ? "" : " <sub>(" + s.action() + ")</sub>").append(" | ")
                    .append(cell(vars.toString())).append(" |\n");
            prev = s;
        }
        if (r.backToState() > 0) {
            b.append("\nThe behavior then returns to step ").append(r.backToState())
                    .append(" and repeats from there forever (a lasso): every thread keeps taking steps, ")
                    .append("so the fairness conditions hold, yet the property never becomes true.\n");
        } else if (!r.trace().isEmpty() && r.trace().getLast().isStuttering()) {
            b.append("\nThe behavior ends by stuttering: nothing happens any more, yet the property is not met.\n");
        } else if (r.outcome() == TlcOutcome.DEADLOCK) {
            b.append("\nIn the last state no step is enabled: deadlock.\n");
        }
        return b.toString();
    }

    /** The counterexample as the reports read it: per step number, action, event, changed and all variables. */
    public static TlcTraceFile json(ModelOutcome o) {
        List<TlcTraceFile.Step> steps = new ArrayList<>();
        TraceState prev = null;
        for (TraceState s : o.result().trace()) {
            TraceEvent ev = TraceEvent.of(s);
            Map<String, String> changed = s.changedSince(prev);
            changed.remove(TraceEvent.VARIABLE);
            List<String> lines = new ArrayList<>();
            for (Map.Entry<String, String> e : changed.entrySet()) {
                lines.addAll(TlaValues.changes(e.getKey(), prev == null ? null : prev.variables().get(e.getKey()),
                        e.getValue()));
            }
            steps.add(new TlcTraceFile.Step(s.number(), s.action(), ev == null ? null : ev.who(),
                    ev == null ? null : ev.what(), ev == null ? null : ev.peers(), lines, s.variables()));
            prev = s;
        }
        return new TlcTraceFile(o.model().name(), o.model().spec(), o.result().outcome().manifestName(),
                o.result().violated(), o.result().backToState(), steps);
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    public static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
