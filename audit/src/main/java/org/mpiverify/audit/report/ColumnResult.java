package org.mpiverify.audit.report;

import java.util.List;

/** One configuration's column of results. */
public record ColumnResult(String name, boolean unsafe, List<CellResult> cells) {
    public ColumnResult {
        cells = List.copyOf(cells);
    }
}
