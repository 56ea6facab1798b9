package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Json;

/** The spec mutation page shows each family's score against the target and each survivor as its diff; without a result, the command. */
class SpecMutationPageTest {
    static final String MATRIX = """
            {"mode": "all, quick models", "generated": "2026-12-06T00:00:00Z", "wallSeconds": 534, "targetPercent": 95,
             "byFamily": [{"group": "matching", "mutants": 3, "killed": 1, "survived": 1, "timedOut": 0, "invalid": 1,
                           "equivalent": 0, "wrongClaims": 0, "notRun": 0, "score": 0.5}],
             "byOperator": [{"group": "DROP_CONJUNCT", "mutants": 3, "killed": 1, "survived": 1, "timedOut": 0, "invalid": 1,
                           "equivalent": 0, "wrongClaims": 0, "notRun": 0, "score": 0.5}],
             "bySpec": [],
             "mutants": [
              {"id": "Matching!Post/DROP_CONJUNCT/r.id \\\\notin used#1", "key": "abc", "status": "KILLED", "runs": []},
              {"id": "Matching!Cancel/DROP_CONJUNCT/CanCancel#1", "key": "def", "status": "SURVIVED",
               "description": "drops the conjunct `CanCancel`", "sharedWith": [],
               "runs": [{"model": "match_wild_2s", "verdict": "PASSED", "distinctStates": 273, "baselineStates": 273}],
               "diff": "--- a/matching/Matching.tla\\n+++ b/matching/Matching.tla\\n@@ -116,1 +116,1 @@\\n-    /\\\\ CanCancel\\n+    /\\\\ TRUE\\n"},
              {"id": "Matching!FirstFrom/OFF_BY_ONE/k + 1: 1 -> 0#1", "key": "ghi", "status": "INVALID", "runs": []}]}
            """;

    @Test
    void showsTheFamilyScoreAgainstTheTargetAndEachSurvivorAsADiff() {
        String html = SpecMutationPage.body(Json.parseObject(MATRIX));
        assertTrue(html.contains("<td class=\"num v-fail\">50.0 %</td>"), html);
        assertTrue(html.contains("<code>Matching!Cancel/DROP_CONJUNCT/CanCancel#1</code> (SURVIVED)"), html);
        assertTrue(html.contains("-    /\\ CanCancel\n+    /\\ TRUE"), html);
        assertTrue(html.contains("match_wild_2s (PASSED, 273 states, unmutated 273)"), html);
        assertTrue(!html.contains("Matching!Post/DROP_CONJUNCT") && !html.contains("Matching!FirstFrom"),
                "killed and invalid mutants are not listed as survivors");
    }

    @Test
    void withoutAResultItNamesTheCommand(@TempDir Path out) throws Exception {
        Path report = Files.createDirectories(out.resolve("report"));
        SpecMutationPage.write(out, report);
        assertTrue(Files.readString(report.resolve(SpecMutationPage.FILE)).contains("./mpiverify mutate --specs"));
    }
}
