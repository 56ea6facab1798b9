package org.mpiverify.bench.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Series;

/** A plot's axes and labels before it has data; {@link #assemble} fills in the series measured for it. */
public record PlotSpec(String id, String title, String paperRef, String xLabel, String yLabel, String unit,
                       boolean logX, boolean logY, String baseline) {

    /** The plot with one series per series name found in {@code stats} for this plot, in measurement order. */
    public Plot assemble(Map<Slot, Stats> stats) {
        Map<String, Series> series = new LinkedHashMap<>();
        stats.forEach((slot, st) -> {
            if (slot.plot().equals(id)) {
                series.merge(slot.series(), new Series(slot.series()).with(slot.x(), st),
                        (a, b) -> a.with(slot.x(), st));
            }
        });
        return new Plot(id, title, paperRef, xLabel, yLabel, unit, logX, logY, baseline, series.values().stream()
                .map(s -> new Series(s.name(), s.points().stream()
                        .sorted((p, q) -> Double.compare(p.x(), q.x())).toList()))
                .toList());
    }
}
