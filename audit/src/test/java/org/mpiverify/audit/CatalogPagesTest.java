package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mpiverify.audit.scenario.catalog.Catalog;
import org.mpiverify.audit.scenario.catalog.CatalogScenario;
import org.mpiverify.results.Json;
import org.mpiverify.results.ScenarioAlgorithmsFile;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/**
 * The catalog is the one copy of what its scenarios are: audit/README.md's "The scenarios" table (between
 * {@link #BEGIN} and {@link #END}) and {@link #ALGORITHMS} (which algorithm of {@code docs/traceability.json} each
 * scenario exercises, read by the dashboard and by {@code docs/traceability.md}'s renderer) are renderings of the
 * scenarios' {@code origin()}, {@code holds()} and {@code algorithms()}. A file that differs from its rendering fails;
 * run this test with {@code -Dmpiverify.writeDocs=true} to write the renderings instead.
 */
class CatalogPagesTest {
    static final String BEGIN = "<!-- scenarios: generated from the catalog (each scenario's origin() and holds()) by"
            + " CatalogPagesTest; edit the scenario's class -->";
    static final String END = "<!-- end of the scenarios -->";
    static final Path README = Path.of("audit", "README.md");
    static final Path ALGORITHMS = Path.of("audit", "scenario-algorithms.json");
    /** A file of MPICH's tests ({@code allred.c}) or a folder of them ({@code test/mpi/threads/comm}), shown as code. */
    private static final Pattern FILE = Pattern.compile("(?<![\\w`/.-])([\\w./-]*\\w\\.c|test/mpi/[\\w./-]*\\w)(?![\\w/.-])");

    @Test
    void theReadmeShowsTheScenariosOfTheCatalog() throws IOException {
        RenderedDocs.assertRegion(Workspace.root(), README, BEGIN, END, table(Catalog.scenarios()), README
                + "'s scenario table is not what the catalog renders: edit the scenario's class, then rerun this test"
                + " with -Dmpiverify.writeDocs=true to write the page");
    }

    @Test
    void theAlgorithmFileIsTheCatalogs() throws IOException {
        RenderedDocs.assertFile(Workspace.root(), ALGORITHMS, algorithms(Catalog.scenarios()), ALGORITHMS
                + " is not what the catalog renders: edit the scenario's algorithms(), then rerun this test with"
                + " -Dmpiverify.writeDocs=true to write the file");
    }

    @Test
    void everyScenarioSaysWhatMustHoldAndNamesItsAlgorithms() {
        List<String> problems = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (CatalogScenario s : Catalog.scenarios()) {
            if (!ids.add(s.id())) problems.add(s.id() + ": a second scenario with this id");
            if (s.holds() == null || s.holds().isBlank()) problems.add(s.id() + ": holds() says nothing");
            s.algorithms().stream().filter(a -> a.name().isBlank()).forEach(a -> problems.add(s.id() + ": a blank algorithm"));
            if (s.algorithms().stream().map(CatalogScenario.Algorithm::name).distinct().count() != s.algorithms().size()) {
                problems.add(s.id() + ": an algorithm named twice");
            }
        }
        assertEquals(List.of(), problems);
    }

    /**
     * The README's table: a row per scenario, id, origin and what must hold; consecutive scenarios that say the same
     * of what must hold (one class's parameters) share a row, their origins listed by id where they differ. File names
     * in an origin show as code.
     */
    static String table(List<CatalogScenario> scenarios) {
        StringBuilder b = new StringBuilder("| id | origin | what must hold (how it fails) |\n|---|---|---|\n");
        List<List<CatalogScenario>> rows = new ArrayList<>();
        for (CatalogScenario s : scenarios) {
            List<CatalogScenario> last = rows.isEmpty() ? null : rows.getLast();
            if (last != null && last.getFirst().holds().equals(s.holds())) last.add(s);
            else rows.add(new ArrayList<>(List.of(s)));
        }
        for (List<CatalogScenario> row : rows) {
            List<String> ids = row.stream().map(s -> "`" + s.id() + "`").toList();
            boolean oneOrigin = row.stream().map(CatalogScenario::origin).distinct().count() == 1;
            String origin = oneOrigin ? origin(row.getFirst().origin())
                    : String.join("<br>", row.stream().map(s -> "`" + s.id() + "`: " + origin(s.origin())).toList());
            b.append("| ").append(String.join(", ", ids)).append(" | ").append(origin).append(" | ")
                    .append(cell(row.getFirst().holds())).append(" |\n");
        }
        return b.toString();
    }

    /** {@link #ALGORITHMS}: every scenario in catalog order with the algorithms it exercises (and a note, if any). */
    static String algorithms(List<CatalogScenario> scenarios) {
        return Json.write(new ScenarioAlgorithmsFile("Which algorithm of docs/traceability.json each audit scenario "
                + "exercises, in catalog order: the dashboard (reports' Traceability) and docs/traceability.md read their "
                + "audit column from here. Generated from each scenario's algorithms() by audit's CatalogPagesTest, which "
                + "fails when this file differs; do not edit it, edit the scenario and rerun that test with "
                + "-Dmpiverify.writeDocs=true.", scenarios.stream().map(s -> new ScenarioAlgorithmsFile.Scenario(s.id(),
                s.algorithms().stream().map(a -> new ScenarioAlgorithmsFile.Exercised(a.name(), a.note())).toList()))
                .toList()));
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    private static String origin(String s) {
        return FILE.matcher(cell(s)).replaceAll("`$1`");
    }
}
