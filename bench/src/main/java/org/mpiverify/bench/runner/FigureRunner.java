package org.mpiverify.bench.runner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.bench.compare.ComparisonTarget;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.ReportJson;
import org.mpiverify.bench.report.SvgPlot;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Provenance;

/** Runs one figure, prints it, and writes {@code <out>/bench/<id>.json} and one SVG per plot beside it. */
public final class FigureRunner {

    /** What one figure produced. */
    public record Output(Report report, Path json, List<Path> svgs) {
    }

    private FigureRunner() {
    }

    /**
     * @param outDir   the output root ({@code out/}); files go to {@code outDir/bench/}
     * @param repoRoot the repository, for the provenance block (commit, dirty)
     */
    public static Output run(BenchFigure figure, Settings settings, Path outDir, Path repoRoot) throws Exception {
        Report r = figure.run(settings);
        ConsoleReport.print(r, settings.out());
        Path dir = outDir.resolve("bench");
        Path json = dir.resolve(figure.id() + ".json");
        ReportJson.write(r, Provenance.now(repoRoot, versions(figure, settings)), json);
        List<Path> svgs = new ArrayList<>();
        for (Plot p : r.plots()) {
            Path svg = dir.resolve(r.plots().size() == 1 ? figure.id() + ".svg" : figure.id() + "-" + p.id() + ".svg");
            SvgPlot.write(p, svg);
            svgs.add(svg);
        }
        settings.out().println("wrote " + json + " and " + svgs.size() + " plot(s): "
                + svgs.stream().map(p -> p.getFileName().toString()).toList());
        return new Output(r, json, svgs);
    }

    static Map<String, String> versions(BenchFigure figure, Settings s) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("core matching", matching(figure, s.matching()));
        for (ComparisonTarget t : s.comparisons()) {
            v.put(t.name(), t.describe());
        }
        return v;
    }

    /** The engine the figure's core runs use: {@code option} ({@code --matching}), or the one the figure fixes. */
    public static String matching(BenchFigure figure, MatchingKind option) {
        MatchingKind fixed = figure.fixedMatching();
        return fixed == null ? option.name() : fixed.name() + " (fixed by " + figure.id() + ")";
    }
}
