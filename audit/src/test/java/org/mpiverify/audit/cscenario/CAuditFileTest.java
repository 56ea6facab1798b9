package org.mpiverify.audit.cscenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Json;

/** The C audit's file: what it writes reads back as the same record; without a race detector, a row's races are null (not checked). */
class CAuditFileTest {
    @Test
    void writtenThenReadIsTheSameRecord() {
        var race = new CAuditReport.RaceEntry("a.c:10|b.c:20", "MPI_Send vs MPI_Recv", "MPIR_Process.x", "mpich-global-cs-owner-read", 3,
                List.of("p2p-shared-tag"), false, List.of(
                        new CAuditReport.AccessEntry("write", "MPI_Send", List.of("a.c:10 f", "main.c:5 main")),
                        new CAuditReport.AccessEntry("read", "MPI_Recv", List.of("b.c:20 g"))));
        var withTool = new CAuditReport.CAuditFile("mpich", "helgrind", List.of(new CAuditReport.ScenarioRow(
                "p2p-shared-tag", "PASS", "PASS", "every message arrived", List.of(race.key()))), List.of(race));
        String text = Json.write(withTool);
        assertEquals(withTool, Json.read(text, CAuditReport.CAuditFile.class));

        var plain = new CAuditReport.CAuditFile("openmpi", null, List.of(new CAuditReport.ScenarioRow("p2p-shared-tag",
                "PASS", "PASS", "every message arrived", null)), List.of());
        String plainText = Json.write(plain);
        assertEquals(plain, Json.read(plainText, CAuditReport.CAuditFile.class));
        assertTrue(plainText.contains("\"races\": null"), "not checked, unlike no race: " + plainText);
    }
}
