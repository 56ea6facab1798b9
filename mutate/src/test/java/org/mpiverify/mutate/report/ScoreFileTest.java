package org.mpiverify.mutate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Json;
import org.mpiverify.results.MutationKillMatrixFile;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/** The per-component score table in docs/mutation.md is exactly what mutate/mutation-scores.json makes. */
class ScoreFileTest {
    static final String REGENERATE = "mvn -B -ntp -pl mutate -am test -Dtest=ScoreFileTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dmpiverify.writeDocs=true";

    static KillMatrix.Entry mutant(String status, String suite) {
        return new KillMatrix.Entry("a.B#m()/OP/" + status + (suite == null ? "" : suite) + "#1", "core.x", "OP", "a.B", "m", 1, "d", status, suite,
                null, 1, "t", null, null, null, null);
    }

    /** A component's entry, written through the record and committed: a key the record renames fails both ways. */
    static final Path FIXTURE = Path.of("mutate/src/test/resources/org/mpiverify/mutate/report/mutation-scores.json");

    static MutationScoresFile.Component entry() {
        KillMatrix k = new KillMatrix(List.of(mutant("KILLED", "JUnit"), mutant("KILLED", "race detector"),
                mutant("TIMED_OUT", "Lincheck"), mutant("EQUIVALENT", null), mutant("UNOBSERVABLE", null),
                mutant("SURVIVED", null)));
        MutationKillMatrixFile run = new MutationKillMatrixFile("mpiverify mutate", new Provenance("2026-12-06",
                "0123456789abcdef", false, "25", "Linux", "vm", 2, Map.of()), "2026-12-06T20:00:00Z", "all", List.of(),
                List.of(), 120, List.of(), 95, new MutationKillMatrixFile.LoadAverage(1.5, 3.25, 2.0), k.totals(),
                k.entries());
        return ScoreFile.entry(run, "core.x", 120, k);
    }

    @Test
    void anEntryCountsTheComponentsMutantsAndRendersAsOneRow() {
        MutationScoresFile.Component e = entry();
        assertEquals(6, e.mutants());
        assertEquals(3L, e.detected());
        assertEquals(1L, e.equivalent());
        assertEquals(1, e.survived());
        assertEquals(List.of("a.B#m()/OP/SURVIVED#1"), e.survivors());
        String t = ScoreFile.render(new MutationScoresFile("c", 95, List.of(e)));
        assertTrue(t.contains("| `core.x` | 6 | 3 | 1 / 1 / 0 / 1 | 1 | 1 | 1 | 1 | **60.0 %** | 2026-12-06, 0123456, 120 s, load 1.5–3.3 |"), t);
    }

    @Test
    void theCommittedSampleIsWhatTheRecordWritesAndReads() throws IOException {
        Path root = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow();
        MutationScoresFile file = new MutationScoresFile("a sample entry, written by ScoreFileTest", 95, List.of(entry()));
        RenderedDocs.assertFile(root, FIXTURE, Json.write(file), FIXTURE + " differs from what the record writes: "
                + "regenerate it with " + REGENERATE);
        assertEquals(file, MutationScoresFile.read(root.resolve(FIXTURE)));
        MutationScoresFile.read(root.resolve(ScoreFile.FILE));
    }

    @Test
    void replacesOnlyTheSectionBetweenTheMarkers() {
        String page = "# x\n\n" + ScoreFile.BEGIN + "\nold\n" + ScoreFile.END + "\n\nafter\n";
        String out = ScoreFile.replaceSection(page, "new\n");
        assertEquals("# x\n\n" + ScoreFile.BEGIN + "\nnew\n" + ScoreFile.END + "\n\nafter\n", out);
        assertEquals("new\n", ScoreFile.section(out));
        assertThrows(IllegalStateException.class, () -> ScoreFile.replaceSection("no markers", "t"));
    }

    @Test
    void thePagesTableIsTheRecordedScores() throws IOException {
        Path root = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow();
        Path scores = root.resolve(ScoreFile.FILE);
        assertTrue(Files.isRegularFile(scores), scores + " is missing: ./mpiverify mutate --component NAME --record writes it");
        String page = Files.readString(root.resolve(ScoreFile.PAGE));
        String section = ScoreFile.section(page);
        assertNotNull(section, ScoreFile.PAGE + " has no java-mutation-scores markers");
        String rendered = ScoreFile.render(Files.readString(scores));
        if (!section.equals(rendered) && RenderedDocs.writing()) {
            Files.writeString(root.resolve(ScoreFile.PAGE), ScoreFile.replaceSection(page, rendered));
            return;
        }
        assertEquals(rendered, section, ScoreFile.PAGE + "'s score table differs from " + ScoreFile.FILE
                + ": record a run with ./mpiverify mutate --component NAME --record, or regenerate the table with " + REGENERATE);
    }
}
