package org.mpiverify.bench.report;

import java.util.List;

/**
 * One panel of a paper's figure as measured here.
 *
 * @param id        file-name part: {@code fig3} gives {@code balaji-fig3.svg}
 * @param title     what the panel shows
 * @param paperRef  the paper's figure it reproduces, e.g. "Balaji et al. Fig. 5"
 * @param xLabel    x axis label, with its unit
 * @param yLabel    y axis label
 * @param unit      unit of the y values
 * @param logX      logarithmic x axis (as in the paper)
 * @param logY      logarithmic y axis
 * @param baseline  name of the series the printed ratios are taken against (measured in the same run)
 * @param series    the lines
 */
public record Plot(String id, String title, String paperRef, String xLabel, String yLabel, String unit,
                   boolean logX, boolean logY, String baseline, List<Series> series) {

    public Plot {
        series = List.copyOf(series);
    }

    public Series series(String name) {
        return series.stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    }
}
