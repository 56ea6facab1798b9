package org.mpiverify.bench.report;

import java.util.List;

/**
 * Everything one benchmark ({@code ./mpiverify bench FIGURE}) measured in one run: its plots, the
 * targets judged on them, its tables, the comparison targets skipped and why, and notes on method.
 */
public record Report(String id, String title, int trials, boolean quick, List<Plot> plots, List<Target> targets,
                     List<Table> tables, List<String> skipped, List<String> notes) {

    public Report {
        plots = List.copyOf(plots);
        targets = List.copyOf(targets);
        tables = List.copyOf(tables);
        skipped = List.copyOf(skipped);
        notes = List.copyOf(notes);
    }

    public Plot plot(String plotId) {
        return plots.stream().filter(p -> p.id().equals(plotId)).findFirst().orElse(null);
    }
}
