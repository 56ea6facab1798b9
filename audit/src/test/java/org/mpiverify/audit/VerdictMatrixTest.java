package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.AuditTargets;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/**
 * {@code audit/expected-verdicts.json} is the one copy of the expected verdicts: it names every scenario of the catalog
 * in order, every target, every unsafe core column, and audit/README.md's verdict matrix is its rendering, between
 * the markers {@link #BEGIN} and {@link #END}. A page that differs from the file fails; run this test with
 * {@code -Dmpiverify.writeDocs=true} to write the rendering into the page instead.
 */
class VerdictMatrixTest {
    static final String BEGIN = "<!-- verdict matrix: generated from audit/expected-verdicts.json by VerdictMatrixTest; edit that file -->";
    static final String END = "<!-- end of the verdict matrix -->";
    private static final Path README = Path.of("audit", "README.md");

    private final ExpectedVerdicts expected = ExpectedVerdicts.load();

    @Test
    void theReadmeShowsTheMatrixOfTheDataFile() throws IOException {
        RenderedDocs.assertRegion(Workspace.root(), README, BEGIN, END, expected.markdownTable(), README
                + "'s verdict matrix is not what " + ExpectedVerdicts.FILE + " renders: edit the data file, then rerun"
                + " this test with -Dmpiverify.writeDocs=true to write the page");
    }

    @Test
    void theDataFileNamesTheCatalogTheTargetsAndTheUnsafeColumns() {
        assertEquals(ScenarioCatalog.all().stream().map(Scenario::id).toList(),
                expected.scenarios().stream().map(ExpectedVerdicts.Row::id).toList(), "a row per catalog scenario, in catalog order");
        List<String> targets = expected.columns().stream().map(ExpectedVerdicts.Column::target).toList();
        assertEquals(AuditTargets.IDS, targets, "a column per audit target, in the registry's order");
        List<String> unsafe = CoreColumns.unsafeConfigurations(null).stream().map(AuditColumn::name).toList();
        assertEquals(unsafe, expected.unsafeColumns().stream().map(ExpectedVerdicts.UnsafeColumn::column).toList(),
                "each unsafe core column with the scenario aimed at its flaw");
        Set<String> ids = ScenarioCatalog.all().stream().map(Scenario::id).collect(Collectors.toSet());
        List<String> problems = new ArrayList<>();
        for (ExpectedVerdicts.Row r : expected.scenarios()) {
            r.cells().keySet().stream().filter(t -> !targets.contains(t)).forEach(t -> problems.add(r.id() + ": no target " + t));
            if (r.mustReject() != null && !unsafe.contains(r.mustReject().column())) {
                problems.add(r.id() + ": must reject " + r.mustReject().column() + ", which is no unsafe core column");
            }
        }
        expected.rejectedBy().forEach((column, scenario) -> {
            if (!ids.contains(scenario)) problems.add(column + ": rejected by " + scenario + ", which is no catalog scenario");
        });
        assertEquals(List.of(), problems);
    }
}
