package org.mpiverify.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import org.mpiverify.bench.Machine;
import org.mpiverify.results.BenchFigureFile;
import org.mpiverify.results.Json;
import org.mpiverify.results.Provenance;

/**
 * Writes a {@link Report} as {@code out/bench/<id>.json}, the file the reports module reads, as the record
 * {@link BenchFigureFile} (module {@code results}), which the dashboard reads it with.
 */
public final class ReportJson {
    private ReportJson() {
    }

    /** The file's record: {@code r} with where it comes from and the machine. */
    public static BenchFigureFile file(Report r, Provenance provenance) {
        return new BenchFigureFile(r.id(), r.title(), r.trials(), r.quick(), provenance, Machine.info(),
                r.plots().stream().map(ReportJson::plot).toList(), r.targets().stream().map(ReportJson::target).toList(),
                r.tables().stream().map(t -> new BenchFigureFile.Table(t.id(), t.title(), t.paperRef(), t.columns(),
                        t.rows())).toList(), r.skipped(), r.notes());
    }

    private static BenchFigureFile.Plot plot(Plot p) {
        return new BenchFigureFile.Plot(p.id(), p.title(), p.paperRef(), p.xLabel(), p.yLabel(), p.unit(), p.logX(),
                p.logY(), p.baseline(), p.series().stream().map(s -> new BenchFigureFile.Series(s.name(), s.points()
                .stream().map(pt -> new BenchFigureFile.Point(pt.x(), pt.stats().median(), pt.stats().min(),
                        pt.stats().p25(), pt.stats().p75(), pt.stats().max(), pt.stats().n())).toList())).toList());
    }

    /** A target not evaluated has no value ({@code null} in the file). */
    private static BenchFigureFile.Target target(Target t) {
        return new BenchFigureFile.Target(t.name(), t.criterion(), Double.isFinite(t.value()) ? t.value() : null,
                t.status().name(), t.status() == Target.Status.MET, t.detail());
    }

    public static void write(Report r, Provenance provenance, Path file) throws IOException {
        file(r, provenance).write(file);
    }

    public static String toJson(Report r, Provenance provenance) {
        return Json.write(file(r, provenance));
    }
}
