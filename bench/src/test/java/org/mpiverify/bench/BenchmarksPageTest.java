package org.mpiverify.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpiverify.bench.figures.Figures;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/**
 * The figures are the one copy of what {@code ./mpiverify bench} measures: {@code docs/benchmarks.md}'s table (between
 * {@link #BEGIN} and {@link #END}) is the rendering of {@link Figures#all()}'s {@code measures()} and {@code paper()},
 * in {@code bench all}'s order, then {@code bench core}. A page that differs from its rendering fails; run this test
 * with {@code -Dmpiverify.writeDocs=true} to write the rendering instead.
 */
class BenchmarksPageTest {
    static final Path PAGE = Path.of("docs", "benchmarks.md");
    static final String BEGIN = "<!-- figures: generated from each figure's measures() and paper() (bench's Figures.all())"
            + " by BenchmarksPageTest; edit the figure's class -->";
    static final String END = "<!-- end of the figures -->";

    @Test
    void thePageShowsEveryFigure() throws IOException {
        RenderedDocs.assertRegion(Workspace.root(), PAGE, BEGIN, END, table(Figures.all()), PAGE
                + "'s table is not what the figures render: edit the figure's measures() or paper(), then rerun"
                + " this test with -Dmpiverify.writeDocs=true to write the page");
    }

    @Test
    void everyFigureSaysWhatItMeasuresOnOneLine() {
        List<String> problems = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (BenchFigure f : Figures.all()) {
            if (!ids.add(f.id())) problems.add(f.id() + ": a second figure with this id");
            for (String text : List.of(f.measures(), f.paper())) {
                if (text == null || text.isBlank() || text.contains("\n") || text.contains("|")) {
                    problems.add(f.id() + ": measures() and paper() must be one line of Markdown without '|': " + text);
                }
            }
        }
        assertTrue(ids.size() >= 6, "the figures: " + ids);
        assertEquals(List.of(), problems);
    }

    static String table(List<BenchFigure> figures) {
        StringBuilder b = new StringBuilder("| command | what it measures | paper |\n|---|---|---|\n");
        for (BenchFigure f : figures) row(b, f.id(), f.measures(), f.paper());
        row(b, "core", CoreBench.MEASURES, "—");
        return b.toString().stripTrailing();
    }

    private static void row(StringBuilder b, String id, String measures, String paper) {
        b.append("| `./mpiverify bench ").append(id).append("` | ").append(measures).append(" | ").append(paper).append(" |\n");
    }
}
