package org.mpiverify.audit.report;

import org.mpiverify.results.Outcome;

/** {@code out/audit/<target>.html}: one self-contained page, the matrix coloured by verdict, evidence folded per cell. */
public final class AuditHtml {
    private AuditHtml() { }

    public static String toHtml(TargetResult r) {
        StringBuilder sb = new StringBuilder(8192);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Audit: ")
                .append(esc(r.implementation())).append("</title>\n<style>")
                .append("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top}")
                .append(".PASS{background:#d8f5d0}.FAIL{background:#f7c6c6}.HANG{background:#f3b0e0}")
                .append(".CRASH{background:#f5d6a0}.HAZARD{background:#fff1a8}.UNSUPPORTED{background:#e3e3e3}")
                .append(".trace-REJECTED,.trace-ERROR{color:#a00;font-weight:bold}")
                .append("pre{max-height:30em;overflow:auto;background:#f6f6f6;padding:.5em;font-size:85%}")
                .append("</style></head><body>\n");
        sb.append("<h1>Thread-safety audit: ").append(esc(r.implementation())).append("</h1>\n<p>Target <code>")
                .append(esc(r.target())).append("</code>, ").append(r.full() ? "full" : "quick").append(" run, ")
                .append(esc(r.provenance().date())).append(", commit <code>").append(esc(r.provenance().commit()))
                .append("</code>").append(r.provenance().dirty() ? " (dirty)" : "").append(". Verdict counts: ")
                .append(esc(AuditJson.verdictCounts(r).toString())).append(".</p>\n");
        if (!r.columns().isEmpty()) {
            sb.append("<table><tr><th>scenario</th><th>origin</th>");
            for (ColumnResult c : r.columns()) {
                sb.append("<th>").append(esc(c.name())).append(c.unsafe() ? "<br><em>unsafe</em>" : "").append("</th>");
            }
            sb.append("</tr>\n");
            int rows = r.columns().get(0).cells().size();
            for (int i = 0; i < rows; i++) {
                CellResult first = r.columns().get(0).cells().get(i);
                sb.append("<tr><td><code>").append(esc(first.id())).append("</code><br>").append(esc(first.title()))
                        .append("</td><td>").append(esc(first.origin())).append("</td>");
                for (int c = 0; c < r.columns().size(); c++) {
                    CellResult x = r.columns().get(c).cells().get(i);
                    sb.append("<td class=\"").append(x.verdict()).append("\" title=\"").append(esc(x.summary()))
                            .append("\">");
                    if (x.verdict() != Outcome.PASS) sb.append("<a href=\"#c").append(c).append('-').append(i).append("\">");
                    sb.append("<b>").append(x.verdict()).append("</b>");
                    if (x.verdict() != Outcome.PASS) sb.append("</a>");
                    sb.append("<br><small>").append(esc(AuditMarkdown.shortCounts(x))).append("</small>");
                    if (x.trace() != null) {
                        sb.append("<br><small class=\"trace-").append(x.trace().verdict()).append("\" title=\"")
                                .append(esc(x.trace().summary())).append("\">trace ").append(esc(x.trace().shortForm()))
                                .append("</small>");
                    }
                    sb.append("</td>");
                }
                sb.append("</tr>\n");
            }
            sb.append("</table>\n");
            if (AuditMarkdown.traced(r)) {
                sb.append("<p>Traces (<code>--trace</code>): what TLC decided about the traces the cell's runs recorded, "
                        + "validated against the algorithms' trace specs: REJECTED &gt; ERROR (undecided) &gt; ACCEPTED &gt; "
                        + "no steps, and how many of the traces have that verdict.</p>\n");
            }
            sb.append("<h2>Findings</h2>\n");
            for (int c = 0; c < r.columns().size(); c++) {
                ColumnResult col = r.columns().get(c);
                for (int i = 0; i < col.cells().size(); i++) {
                    CellResult x = col.cells().get(i);
                    if (x.verdict() == Outcome.PASS) continue;
                    sb.append("<h3 id=\"c").append(c).append('-').append(i).append("\"><code>").append(esc(x.id()))
                            .append("</code> on ").append(esc(col.name())).append(": <span class=\"").append(x.verdict())
                            .append("\">").append(x.verdict()).append("</span></h3>\n<p>").append(esc(x.summary()))
                            .append("</p>\n");
                    if (!x.evidence().isEmpty()) {
                        sb.append("<details><summary>evidence (").append(x.evidence().size())
                                .append(" entries)</summary><pre>").append(esc(String.join("\n", x.evidence())))
                                .append("</pre></details>\n");
                    }
                }
            }
        }
        for (ColumnResult col : r.columns()) {
            for (CellResult x : col.cells()) {
                CellTrace t = x.trace();
                if (t == null || t.verdict() == CellTrace.Verdict.ACCEPTED || t.verdict() == CellTrace.Verdict.NO_STEPS) {
                    continue;
                }
                sb.append("<h3><code>").append(esc(x.id())).append("</code> on ").append(esc(col.name()))
                        .append(": <span class=\"trace-").append(t.verdict()).append("\">trace ").append(esc(t.shortForm()))
                        .append("</span></h3>\n<p>").append(esc(t.summary())).append("</p>\n");
                for (String page : t.reports()) {
                    sb.append("<p><a href=\"").append(esc(page)).append("\">").append(esc(page)).append("</a></p>\n");
                }
            }
        }
        return sb.append("</body></html>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
