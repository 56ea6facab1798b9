package org.mpiverify.audit.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpiverify.results.AuditResultsFile;
import org.mpiverify.results.Json;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Provenance;

/**
 * The audit result file, {@code out/audit/<target>.json}: the contract between the audit and the reports, written as
 * the record {@link AuditResultsFile} (shared with the dashboard) through {@code results/Json}.
 */
public final class AuditJson {
    private AuditJson() { }

    /** The file of a target's results. */
    public static AuditResultsFile file(TargetResult r) {
        return new AuditResultsFile(r.target(), r.implementation(), r.provenance(), r.full(),
                r.columns().stream().map(AuditJson::configuration).toList());
    }

    private static AuditResultsFile.Configuration configuration(ColumnResult c) {
        return new AuditResultsFile.Configuration(c.name(), c.unsafe(), c.cells().stream().map(AuditJson::cell).toList());
    }

    /** A cell, its counts worst first. */
    private static AuditResultsFile.ScenarioCell cell(CellResult x) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Outcome o : CellResult.SEVERITY) {
            Integer n = x.counts().get(o);
            if (n != null) counts.put(o.name(), n);
        }
        return new AuditResultsFile.ScenarioCell(x.id(), x.title(), x.origin(), x.verdict().name(), x.summary(), x.runs(),
                counts, x.evidence(), x.seconds(), trace(x.trace()));
    }

    private static AuditResultsFile.Trace trace(CellTrace t) {
        return t == null ? null : new AuditResultsFile.Trace(t.verdict().name(), t.runs(), t.traces(), t.rejected(),
                t.errors(), t.events(), t.tlcSeconds(), t.summary(), t.reports());
    }

    public static String toJson(TargetResult r) {
        return Json.write(file(r));
    }

    /** Counts of cell verdicts over every column, for one-line summaries. */
    public static Map<Outcome, Long> verdictCounts(TargetResult r) {
        Map<Outcome, Long> m = new java.util.EnumMap<>(Outcome.class);
        r.columns().forEach(c -> c.cells().forEach(x -> m.merge(x.verdict(), 1L, Long::sum)));
        return m;
    }
}
