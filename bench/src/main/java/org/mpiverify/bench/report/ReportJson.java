package org.mpiverify.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpiverify.bench.Machine;
import org.mpiverify.results.Json;
import org.mpiverify.results.Provenance;

/**
 * Writes a {@link Report} as {@code out/bench/<id>.json}, the file the reports module reads, as the record
 * {@link FigureFile} through {@code results/Json}:
 * <pre>{"benchmark": id, "title", "trials", "quick", "provenance": {...}, "machine": {...},
 *  "plots": [{"id", "title", "paperRef", "xLabel", "yLabel", "unit", "logX", "logY", "baseline",
 *             "series": [{"name", "points": [{"x", "median", "min", "p25", "p75", "max", "n"}]}]}],
 *  "targets": [{"name", "criterion", "value", "status", "met", "detail"}],
 *  "tables": [{"id", "title", "paperRef", "columns": [...], "rows": [[...]]}],
 *  "skipped": ["..."], "notes": ["..."]}</pre>
 */
public final class ReportJson {
    /** The file: a {@link Report} with where it comes from and the machine. */
    public record FigureFile(String benchmark, String title, int trials, boolean quick, Provenance provenance,
                             Machine.Info machine, List<PlotEntry> plots, List<TargetEntry> targets, List<Table> tables,
                             List<String> skipped, List<String> notes) {
        static FigureFile of(Report r, Provenance provenance) {
            return new FigureFile(r.id(), r.title(), r.trials(), r.quick(), provenance, Machine.info(),
                    r.plots().stream().map(PlotEntry::of).toList(), r.targets().stream().map(TargetEntry::of).toList(),
                    r.tables(), r.skipped(), r.notes());
        }
    }

    /** A plot and its series. */
    public record PlotEntry(String id, String title, String paperRef, String xLabel, String yLabel, String unit,
                            boolean logX, boolean logY, String baseline, List<SeriesEntry> series) {
        static PlotEntry of(Plot p) {
            return new PlotEntry(p.id(), p.title(), p.paperRef(), p.xLabel(), p.yLabel(), p.unit(), p.logX(), p.logY(),
                    p.baseline(), p.series().stream().map(SeriesEntry::of).toList());
        }
    }

    /** A series: its points, each an x with the statistics of its trials. */
    public record SeriesEntry(String name, List<PointEntry> points) {
        static SeriesEntry of(Series s) {
            return new SeriesEntry(s.name(), s.points().stream().map(pt -> new PointEntry(pt.x(), pt.stats().median(),
                    pt.stats().min(), pt.stats().p25(), pt.stats().p75(), pt.stats().max(), pt.stats().n())).toList());
        }
    }

    public record PointEntry(double x, double median, double min, double p25, double p75, double max, int n) { }

    /** A target; {@code value} is null when not evaluated, {@code met} says whether it was. */
    public record TargetEntry(String name, String criterion, Double value, String status, boolean met, String detail) {
        static TargetEntry of(Target t) {
            return new TargetEntry(t.name(), t.criterion(), Double.isFinite(t.value()) ? t.value() : null, t.status().name(),
                    t.status() == Target.Status.MET, t.detail());
        }
    }

    private ReportJson() {
    }

    public static void write(Report r, Provenance provenance, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, toJson(r, provenance));
    }

    public static String toJson(Report r, Provenance provenance) {
        return Json.write(FigureFile.of(r, provenance));
    }
}
