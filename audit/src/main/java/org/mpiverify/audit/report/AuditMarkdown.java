package org.mpiverify.audit.report;

import org.mpiverify.results.Outcome;

/** {@code out/audit/<target>.md}: the matrix (scenarios × configurations), then every non-PASS cell with its evidence. */
public final class AuditMarkdown {
    private static final int MAX_EVIDENCE_LINES = 40;

    private AuditMarkdown() { }

    public static String toMarkdown(TargetResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Thread-safety audit: ").append(r.implementation()).append("\n\n");
        sb.append("Target `").append(r.target()).append("`, ").append(r.full() ? "full" : "quick").append(" run, ")
                .append(r.provenance().date()).append(", commit `").append(r.provenance().commit()).append('`')
                .append(r.provenance().dirty() ? " (dirty)" : "").append(", JDK ").append(r.provenance().jdk())
                .append(", ").append(r.provenance().cpus()).append(" CPUs. Verdict counts: ")
                .append(AuditJson.verdictCounts(r)).append(".\n\n");
        if (r.columns().isEmpty()) return sb.append("No configuration was audited.\n").toString();
        sb.append("| scenario | origin |");
        for (ColumnResult c : r.columns()) sb.append(' ').append(cell(c.name())).append(c.unsafe() ? " (unsafe)" : "").append(" |");
        sb.append("\n|---|---|");
        sb.append("---|".repeat(r.columns().size())).append('\n');
        int rows = r.columns().get(0).cells().size();
        for (int i = 0; i < rows; i++) {
            CellResult first = r.columns().get(0).cells().get(i);
            sb.append("| `").append(first.id()).append("` ").append(cell(first.title())).append(" | ")
                    .append(cell(first.origin())).append(" |");
            for (ColumnResult c : r.columns()) {
                CellResult x = c.cells().get(i);
                sb.append(" **").append(x.verdict()).append("** ").append(shortCounts(x));
                if (x.trace() != null) sb.append("; trace ").append(x.trace().shortForm());
                sb.append(" |");
            }
            sb.append('\n');
        }
        sb.append("\nVerdicts: PASS; FAIL (wrong result); HANG (deadline exceeded); CRASH; UNSUPPORTED (the operation "
                + "does not exist); HAZARD (allowed by the standard, unsafe for users). A cell shows the worst outcome "
                + "over its runs (FAIL > HANG > CRASH > HAZARD > UNSUPPORTED > PASS) and the count of each.\n");
        if (traced(r)) {
            sb.append("\nTraces (`--trace`): what TLC decided about the traces the cell's runs recorded, validated against the"
                    + " algorithms' trace specs: REJECTED (a trace is no behaviour of its spec) > ERROR (undecided) >"
                    + " ACCEPTED > no steps (nothing recorded), and how many of the traces have that verdict.\n");
        }
        sb.append("\n## Findings\n");
        boolean any = false;
        for (ColumnResult c : r.columns()) {
            for (CellResult x : c.cells()) {
                if (x.verdict() == Outcome.PASS) continue;
                any = true;
                sb.append("\n### `").append(x.id()).append("` on ").append(c.name()).append(c.unsafe() ? " (unsafe)" : "")
                        .append(": ").append(x.verdict()).append("\n\n").append(x.summary()).append(" (").append(counts(x))
                        .append(")\n");
                if (!x.evidence().isEmpty()) {
                    sb.append("\n```\n");
                    int lines = 0;
                    outer:
                    for (String e : x.evidence()) {
                        for (String l : e.split("\n", -1)) {
                            if (lines++ == MAX_EVIDENCE_LINES) {
                                sb.append("... (full evidence in ").append(r.target()).append(".json)\n");
                                break outer;
                            }
                            sb.append(l.replace("```", "'''")).append('\n');
                        }
                    }
                    sb.append("```\n");
                }
            }
        }
        for (ColumnResult c : r.columns()) {
            for (CellResult x : c.cells()) {
                CellTrace t = x.trace();
                if (t == null || t.verdict() == CellTrace.Verdict.ACCEPTED || t.verdict() == CellTrace.Verdict.NO_STEPS) {
                    continue;
                }
                any = true;
                sb.append("\n### `").append(x.id()).append("` on ").append(c.name()).append(c.unsafe() ? " (unsafe)" : "")
                        .append(": trace ").append(t.shortForm()).append("\n\n").append(t.summary()).append('\n');
                for (String page : t.reports()) sb.append("\n- [").append(page).append("](").append(page).append(")\n");
            }
        }
        if (!any) sb.append("\nEvery cell passed.\n");
        return sb.toString();
    }

    static boolean traced(TargetResult r) {
        return r.columns().stream().flatMap(c -> c.cells().stream()).anyMatch(x -> x.trace() != null);
    }

    /** "3/3" when every run had the cell's verdict, else every outcome's count: "HAZARD 2 PASS 1/3". */
    static String shortCounts(CellResult x) {
        return x.counts().size() == 1 ? x.runs() + "/" + x.runs() : counts(x);
    }

    static String counts(CellResult x) {
        StringBuilder sb = new StringBuilder();
        for (Outcome o : CellResult.SEVERITY) {
            Integer n = x.counts().get(o);
            if (n != null) sb.append(sb.isEmpty() ? "" : " ").append(o).append(' ').append(n);
        }
        return sb.append('/').append(x.runs()).toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
