package org.mpiverify.bench.report;

import java.util.List;

/** A table of a paper (e.g. Balaji et al. Table 1), as measured here: a header row and rows of cells. */
public record Table(String id, String title, String paperRef, List<String> columns, List<List<String>> rows) {

    public Table {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }
}
