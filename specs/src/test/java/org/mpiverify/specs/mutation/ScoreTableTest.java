package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Json;
import org.mpiverify.results.SpecMutationScoresFile;
import org.mpiverify.results.Workspace;

/** The per-family score table in specs/README.md is exactly what specs/mutation-scores.json makes. */
class ScoreTableTest {
    static final String SCORES = """
            {"families": [{"family": "matching", "mode": "all, quick models", "date": "2026-12-06T10:00:00Z",
              "commit": "0123456789abcdef", "dirty": false, "wallSeconds": 534, "secondsPerMutant": 7,
              "total": {"group": "matching", "mutants": 76, "killed": 28, "survived": 27, "timedOut": 0, "invalid": 21,
                        "equivalent": 0, "wrongClaims": 0, "notRun": 0, "score": 0.5091},
              "specs": [{"group": "matching/Matching", "mutants": 76, "killed": 28, "survived": 27, "timedOut": 0,
                         "invalid": 21, "equivalent": 0, "wrongClaims": 0, "notRun": 0, "score": 0.5091}]}]}
            """;

    @Test
    void rendersOneRowPerFamilyAndPerSpec() {
        String t = ScoreTable.render(SCORES);
        assertTrue(t.contains("| **matching** | all | 76 | 28 | 27 | 0 | 21 | 0 | **50.9 %** | 2026-12-06, 0123456, all, quick models, 534 s (7 s per mutant) |"), t);
        assertTrue(t.contains("|  | Matching | 76 | 28 | 27 | 0 | 21 | 0 | 50.9 % |  |"), t);
    }

    @Test
    void replacesOnlyTheSectionBetweenTheMarkers() {
        String readme = "# x\n\n" + ScoreTable.BEGIN + "\nold\n" + ScoreTable.END + "\n\nafter\n";
        String out = ScoreTable.replaceSection(readme, "new\n");
        assertEquals("# x\n\n" + ScoreTable.BEGIN + "\nnew\n" + ScoreTable.END + "\n\nafter\n", out);
        assertEquals("new\n", ScoreTable.section(out));
        assertThrows(IllegalStateException.class, () -> ScoreTable.replaceSection("no markers", "t"));
    }

    @Test
    void theReadmesTableIsTheRecordedScores() throws IOException {
        Path specs = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow().resolve("specs");
        Path scores = specs.resolve(ScoreTable.FILE);
        assertTrue(Files.isRegularFile(scores), scores + " is missing: ./mpiverify mutate --specs FAMILY --record writes it");
        String section = ScoreTable.section(Files.readString(specs.resolve("README.md")));
        assertNotNull(section, "specs/README.md has no spec-mutation-scores markers");
        assertEquals(ScoreTable.render(Files.readString(scores)), section,
                "specs/README.md's score table differs from specs/mutation-scores.json: "
                        + "regenerate it with ./mpiverify mutate --specs FAMILY --record");
    }

    @Test
    void theRecordedScoresAreWhatTheirRecordWrites() throws IOException {
        Path scores = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow().resolve(SpecMutationScoresFile.PATH);
        SpecMutationScoresFile file = SpecMutationScoresFile.read(scores);
        assertFalse(file.families().isEmpty());
        assertEquals(Files.readString(scores), Json.write(file), "the file as --record writes it, key for key");
    }

    @Test
    void everyFamilysClaimsReadAsTheirRecord() throws IOException {
        Path specs = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow().resolve("specs");
        int files = 0;
        try (Stream<Path> s = Files.list(specs)) {
            for (Path family : s.filter(d -> Files.isRegularFile(d.resolve(SpecEquivalents.FILE))).sorted().toList()) {
                assertFalse(SpecEquivalents.read(specs, family.getFileName().toString()).isEmpty(), family.toString());
                files++;
            }
        }
        assertTrue(files >= 4, "the committed claims files: " + files);
    }
}
