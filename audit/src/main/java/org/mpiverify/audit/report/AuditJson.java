package org.mpiverify.audit.report;

import java.util.Map;
import org.mpiverify.results.Json;
import org.mpiverify.results.Outcome;

/** The audit result file, {@code out/audit/<target>.json}: the contract between the audit and the reports. */
public final class AuditJson {
    private AuditJson() { }

    public static String toJson(TargetResult r) {
        StringBuilder sb = new StringBuilder(4096).append("{\n");
        sb.append("  \"target\": ").append(q(r.target())).append(",\n");
        sb.append("  \"implementation\": ").append(q(r.implementation())).append(",\n");
        sb.append("  \"provenance\": ").append(r.provenance().toJson()).append(",\n");
        sb.append("  \"full\": ").append(r.full()).append(",\n");
        sb.append("  \"configurations\": [");
        for (int c = 0; c < r.columns().size(); c++) {
            ColumnResult col = r.columns().get(c);
            sb.append(c == 0 ? "\n" : ",\n").append("    {\"name\": ").append(q(col.name()))
                    .append(", \"unsafe\": ").append(col.unsafe()).append(",\n     \"scenarios\": [");
            for (int i = 0; i < col.cells().size(); i++) {
                CellResult x = col.cells().get(i);
                sb.append(i == 0 ? "\n" : ",\n").append("      {\"id\": ").append(q(x.id()))
                        .append(", \"title\": ").append(q(x.title()))
                        .append(", \"origin\": ").append(q(x.origin()))
                        .append(", \"verdict\": ").append(q(x.verdict().name()))
                        .append(", \"summary\": ").append(q(x.summary()))
                        .append(", \"runs\": ").append(x.runs())
                        .append(", \"counts\": {");
                boolean first = true;
                for (Outcome o : CellResult.SEVERITY) {
                    Integer n = x.counts().get(o);
                    if (n == null) continue;
                    sb.append(first ? "" : ", ").append(q(o.name())).append(": ").append(n);
                    first = false;
                }
                sb.append("}, \"evidence\": [");
                for (int e = 0; e < x.evidence().size(); e++) {
                    sb.append(e == 0 ? "" : ", ").append(q(x.evidence().get(e)));
                }
                sb.append("], \"seconds\": ").append(String.format(java.util.Locale.ROOT, "%.3f", x.seconds())).append('}');
            }
            sb.append("]}");
        }
        return sb.append("]\n}\n").toString();
    }

    /** Counts of cell verdicts over every column, for one-line summaries. */
    public static Map<Outcome, Long> verdictCounts(TargetResult r) {
        Map<Outcome, Long> m = new java.util.EnumMap<>(Outcome.class);
        r.columns().forEach(c -> c.cells().forEach(x -> m.merge(x.verdict(), 1L, Long::sum)));
        return m;
    }

    static String q(String s) {
        return Json.quote(s);
    }
}
