package org.mpiverify.audit.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Provenance;

/**
 * The audit result file, {@code out/audit/<target>.json}: the contract between the audit and the reports, written as
 * the record {@link AuditFile} through {@code results/Json}.
 */
public final class AuditJson {
    private AuditJson() { }

    /** The file: a target's results, where they come from, every configuration with its scenarios. */
    public record AuditFile(String target, String implementation, Provenance provenance, boolean full,
                            List<Configuration> configurations) {
        static AuditFile of(TargetResult r) {
            return new AuditFile(r.target(), r.implementation(), r.provenance(), r.full(),
                    r.columns().stream().map(Configuration::of).toList());
        }
    }

    /** A configuration (a column of the matrix) and its cells. */
    public record Configuration(String name, boolean unsafe, List<ScenarioCell> scenarios) {
        static Configuration of(ColumnResult c) {
            return new Configuration(c.name(), c.unsafe(), c.cells().stream().map(ScenarioCell::of).toList());
        }
    }

    /** A cell: the scenario, its worst verdict, the runs and their outcomes (worst first), the evidence. */
    public record ScenarioCell(String id, String title, String origin, String verdict, String summary, int runs,
                               Map<String, Integer> counts, List<String> evidence, double seconds) {
        static ScenarioCell of(CellResult x) {
            Map<String, Integer> counts = new LinkedHashMap<>();
            for (Outcome o : CellResult.SEVERITY) {
                Integer n = x.counts().get(o);
                if (n != null) counts.put(o.name(), n);
            }
            return new ScenarioCell(x.id(), x.title(), x.origin(), x.verdict().name(), x.summary(), x.runs(), counts,
                    x.evidence(), x.seconds());
        }
    }

    public static String toJson(TargetResult r) {
        return Json.write(AuditFile.of(r));
    }

    /** Counts of cell verdicts over every column, for one-line summaries. */
    public static Map<Outcome, Long> verdictCounts(TargetResult r) {
        Map<Outcome, Long> m = new java.util.EnumMap<>(Outcome.class);
        r.columns().forEach(c -> c.cells().forEach(x -> m.merge(x.verdict(), 1L, Long::sum)));
        return m;
    }
}
