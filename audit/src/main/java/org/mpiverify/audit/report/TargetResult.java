package org.mpiverify.audit.report;

import java.util.List;
import org.mpiverify.results.Provenance;

/** Everything one audit of one target produced: what {@code out/audit/<target>.json} holds. */
public record TargetResult(String target, String implementation, Provenance provenance, boolean full,
                           List<ColumnResult> columns) {
    public TargetResult {
        columns = List.copyOf(columns);
    }
}
