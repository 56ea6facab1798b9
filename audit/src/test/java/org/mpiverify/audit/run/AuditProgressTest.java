package org.mpiverify.audit.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Console;
import org.mpiverify.results.Outcome;

/** The progress line counts each target on its own when one runner audits several (--target all). */
class AuditProgressTest {

    @Test
    void countsStartAgainForEachTarget() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AuditProgress p = new AuditProgress(Console.of(new PrintStream(bytes, true, StandardCharsets.UTF_8), System.err));
        p.start("core", 2);
        for (int i = 1; i <= 2; i++) {
            p.running("col", "s", i, 2);
            p.done(i == 1 ? Outcome.HANG : Outcome.PASS);
        }
        p.finish();
        p.start("mpich", 1);
        p.running("col", "s", 1, 1);
        p.done(Outcome.PASS);
        p.finish();
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.contains("  col s (1/2) -> HANG"), "a run that is not a PASS gets its own line: " + lines);
        assertTrue(lines.contains("audit core: 2 runs planned"), lines.toString());
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("audit mpich: 1/1 runs,") && last.contains("PASS 1") && !last.contains("HANG"),
                "the second target's line counts its own runs only: " + lines);
    }
}
