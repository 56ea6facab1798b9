package org.mpiverify.reports;

import org.mpiverify.results.Outcome;
/**
 * The summary as Markdown, for a terminal and for pasting into an issue: the same grid as the
 * dashboard's summary page (verdict words, STALE marks) and where each result came from.
 */
public final class MarkdownSummary {
    private MarkdownSummary() {}

    public static String render(Summary summary, Results results, String generated, String dashboard) {
        StringBuilder b = new StringBuilder("# mpiverify results\n\nGenerated ").append(generated)
                .append(". Dashboard: ").append(dashboard).append("\n\n| algorithm |");
        for (CheckKind k : CheckKind.values()) b.append(' ').append(k.title()).append(" |");
        b.append("\n|---|");
        b.append("---|".repeat(CheckKind.values().length)).append('\n');
        for (Summary.Row r : summary.rows()) {
            b.append("| ").append(cell(r.row().algorithm())).append(" |");
            for (Summary.Cell c : r.cells()) {
                String text = c.text();
                Outcome v = c.results().isEmpty() ? Outcome.NO_RESULT : c.verdict();
                boolean bad = v.compareTo(Outcome.HAZARD) > 0 || c.isStale();
                b.append(' ').append(bad ? "**" + cell(text) + "**" : cell(text)).append(" |");
            }
            b.append('\n');
        }
        b.append("\n## Sources\n\n");
        for (Results.Source src : results.sources()) {
            Stamp s = src.stamp();
            b.append("- `").append(src.file()).append('`').append(src.entries() > 1 ? " (" + src.entries() + " entries)" : "")
                    .append(": ").append(s.freshness().label()).append(" — ")
                    .append(s.describe()).append(" (").append(s.freshness().reason()).append(")\n");
        }
        if (!results.problems().isEmpty()) {
            b.append("\n## Problems reading the results\n\n");
            for (String p : results.problems()) b.append("- ").append(p).append('\n');
        }
        return b.toString();
    }

    private static String cell(String s) {
        String t = s.replace("|", "\\|").replace("\n", " ").strip();
        return t.isEmpty() ? "—" : t;
    }
}
