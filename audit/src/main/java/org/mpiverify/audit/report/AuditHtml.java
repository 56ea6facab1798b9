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
                    sb.append("<br><small>").append(esc(AuditMarkdown.shortCounts(x))).append("</small></td>");
                }
                sb.append("</tr>\n");
            }
            sb.append("</table>\n<h2>Findings</h2>\n");
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
        return sb.append("</body></html>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
