package org.mpiverify.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.mpiverify.bench.Stats;

/** One line of a plot: a name and, per x value, the statistics of the repeated trials. */
public record Series(String name, List<Point> points) {

    /** One x value and the trials measured there. */
    public record Point(double x, Stats stats) {
    }

    public Series {
        points = List.copyOf(points);
    }

    public Series(String name) {
        this(name, List.of());
    }

    public Series with(double x, Stats stats) {
        List<Point> p = new ArrayList<>(points);
        p.add(new Point(x, stats));
        return new Series(name, p);
    }

    /** The statistics at {@code x}, or null if this series has no point there. */
    public Stats at(double x) {
        for (Point p : points) {
            if (p.x() == x) {
                return p.stats();
            }
        }
        return null;
    }
}
