package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code out/bench/<figure>.json}: one run of a benchmark figure ({@code ./mpiverify bench FIGURE}), its plots with
 * their series, the targets judged on them and its tables, written by the bench module's figure runner and read by
 * the dashboard, both through this record ({@link #write}, {@link #read}). {@code out/bench/core.json}, the core's
 * basic costs, is {@link CoreBenchFile}.
 *
 * @param benchmark  the figure's id (the command's name and the file's)
 * @param title      what it reproduces, in words
 * @param trials     how many times each measurement ran
 * @param quick      whether it ran the quick sizes
 * @param provenance where the run comes from
 * @param machine    the machine it ran on
 * @param plots      one entry per plot
 * @param targets    the targets judged on ratios of the run
 * @param tables     a paper's tables as measured here
 * @param skipped    the comparison targets left out, each with why
 * @param notes      notes on method
 */
public record BenchFigureFile(String benchmark, String title, int trials, boolean quick, Provenance provenance,
                              Machine machine, List<Plot> plots, List<Target> targets, List<Table> tables,
                              List<String> skipped, List<String> notes) {
    public BenchFigureFile {
        plots = plots == null ? List.of() : List.copyOf(plots);
        targets = targets == null ? List.of() : List.copyOf(targets);
        tables = tables == null ? List.of() : List.copyOf(tables);
        skipped = skipped == null ? List.of() : List.copyOf(skipped);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * The machine a benchmark ran on.
     *
     * @param cpu   the CPU's model name
     * @param cores the processors the JVM saw
     * @param java  the JDK's version
     * @param vm    the JVM's name
     * @param os    the operating system and its version
     */
    public record Machine(String cpu, int cores, String java, String vm, String os) { }

    /**
     * A plot and its series; its picture is {@code <figure>-<id>.svg} beside the file.
     *
     * @param id       its id within the figure
     * @param title    its title
     * @param paperRef the paper's figure it reproduces
     * @param xLabel   the x axis
     * @param yLabel   the y axis
     * @param unit     the unit of the y values
     * @param logX     whether the x axis is logarithmic
     * @param logY     whether the y axis is logarithmic
     * @param baseline the series the others are compared with, null when none
     * @param series   its series
     */
    public record Plot(String id, String title, String paperRef, String xLabel, String yLabel, String unit,
                       boolean logX, boolean logY, String baseline, List<Series> series) {
        public Plot {
            series = series == null ? List.of() : List.copyOf(series);
        }
    }

    /** A series: its name and its points. */
    public record Series(String name, List<Point> points) {
        public Series {
            points = points == null ? List.of() : List.copyOf(points);
        }
    }

    /** A point: an x with the statistics of its trials (median, extremes and quartiles, how many trials). */
    public record Point(double x, double median, double min, double p25, double p75, double max, int n) { }

    /**
     * A target judged on a ratio of the run.
     *
     * @param name      what it compares
     * @param criterion the bound, in words
     * @param value     the ratio measured, null when not evaluated
     * @param status    {@code MET}, {@code MISSED}, ...
     * @param met       whether it was met
     * @param detail    how it was judged
     */
    public record Target(String name, String criterion, Double value, String status, boolean met, String detail) { }

    /**
     * A paper's table as measured here (e.g. Balaji et al. Table 1).
     *
     * @param id       its id within the figure
     * @param title    its title
     * @param paperRef the paper's table
     * @param columns  the header row
     * @param rows     the rows of cells
     */
    public record Table(String id, String title, String paperRef, List<String> columns, List<List<String>> rows) {
        public Table {
            columns = columns == null ? List.of() : List.copyOf(columns);
            rows = rows == null ? List.of() : rows.stream().map(List::copyOf).toList();
        }
    }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static BenchFigureFile read(Path file) throws IOException {
        return Json.readFile(file, BenchFigureFile.class);
    }
}
