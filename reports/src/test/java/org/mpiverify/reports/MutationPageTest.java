package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Json;
import org.mpiverify.results.MutationKillMatrixFile;

/** The mutation page shows the rate against its target and each survivor as a diff; without a result, which command makes one. */
class MutationPageTest {
    static final String MATRIX = """
            {"mode": "all", "operators": ["CONCURRENCY"], "generated": "2026-11-24T00:00:00Z", "wallSeconds": 12,
             "targetPercent": 95,
             "totals": {"mutants": 3, "equivalent": 1, "detected": 1, "killRate": 0.5, "bySuite": {"JUnit": 1, "Lincheck": 0, "jcstress": 0}},
             "mutants": [
              {"id": "a", "component": "core.request", "operator": "REMOVE_LOCK", "class": "org.x.A", "method": "m", "line": 3,
               "description": "removed the critical section on lock", "status": "KILLED"},
              {"id": "b", "component": "core.request", "operator": "CAS_TO_PLAIN", "class": "org.x.A", "method": "n", "line": 9,
               "description": "replaced REFS.getAndAdd with a plain read and a plain write", "status": "SURVIVED",
               "detail": "PIT: SURVIVED after 4 test(s)", "sourceDiff": "-    9  int r = (int) REFS.getAndAdd(this, 1);\\n+    9  // mutant: <plain>\\n",
               "bytecodeDiff": "- INVOKEVIRTUAL java/lang/invoke/VarHandle.getAndAdd\\n+ INVOKESTATIC PlainRmw.getAndAdd\\n"},
              {"id": "c", "component": "core.request", "operator": "VOLATILE_TO_PLAIN", "class": "org.x.A", "method": "o", "line": 5,
               "description": "plain read", "status": "EQUIVALENT"}]}
            """;

    @Test
    void showsTheRateAgainstTheTargetAndEachSurvivorAsADiff() {
        String html = MutationPage.body(Json.read(MATRIX, MutationKillMatrixFile.class));
        assertTrue(html.contains("1 of 2 non-equivalent mutants detected (50.0 %; target 95 %)"), html);
        assertTrue(html.contains("class=\"v-fail\""), html);
        assertTrue(html.contains("org.x.A.n, line 9: CAS_TO_PLAIN (SURVIVED)"), html);
        assertTrue(html.contains("<pre class=\"diff\">-    9  int r = (int) REFS.getAndAdd(this, 1);\n+    9  // mutant: &lt;plain&gt;"), html);
        assertTrue(html.contains("INVOKESTATIC PlainRmw.getAndAdd"), html);
        assertTrue(!html.contains("org.x.A.m, line 3"), "killed mutants are not listed as survivors");
    }

    @Test
    void withoutAResultItNamesTheCommand(@TempDir Path out) throws Exception {
        Path report = Files.createDirectories(out.resolve("report"));
        MutationPage.write(out, report);
        String html = Files.readString(report.resolve(MutationPage.FILE));
        assertTrue(html.contains("./mpiverify mutate"), html);
    }
}
