package org.mpiverify.mutate.coreaudit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.audit.run.AuditOutput;
import org.mpiverify.mutate.coreaudit.driver.CoreRaceDriver;
import org.mpiverify.mutate.race.HappensBefore;
import org.mpiverify.testkit.FullBuild;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The core's race column can see a race and does not invent one. Quick: {@code comm-dup-concurrent} on the safe core
 * ({@code PER_OBJECT/QUEUES}) must show no race, and on the known-bad twin whose defect is a data race (the
 * context-id allocator that tests the eager segment's in-use bit before taking its lock) the race on that bit, both
 * sides named (the unlocked read and the locked write, in {@code enterRound}, each thread in {@code commDup}). Under
 * {@code -Pfull}: every scenario on every core column, each cell with a race verdict, no race on a safe column, the
 * twin's race shown, and the report written to {@code out/audit/core-race.md}.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CoreRaceAuditTest {
    private static final String SAFE = "PER_OBJECT/QUEUES";
    private static final String SCENARIO = "comm-dup-concurrent";
    private static final String TWIN_CLASS = "org.mpiverify.core.contextid." + CoreRaceDriver.RACE_TWIN;

    @Test
    void theSafeCoreShowsNoRaceAndTheRaceTwinShowsItsRaceWithBothSides() {
        CoreRaceAudit audit = new CoreRaceAudit(false);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        CoreRaceAudit.Result r = audit.run(List.of(SCENARIO), List.of(SAFE, CoreRaceDriver.RACE_TWIN_COLUMN),
                new PrintStream(progress, true, StandardCharsets.UTF_8));
        CoreRaceAudit.Cell safe = r.cell(SCENARIO, SAFE);
        assertEquals("PASS", safe.outcome(), safe.summary());
        assertEquals(List.of(), safe.races(), "the safe core shows no race: " + r.races());
        CoreRaceAudit.Cell twin = r.cell(SCENARIO, CoreRaceDriver.RACE_TWIN_COLUMN);
        assertTwinsRace(r, twin);
        String md = CoreRaceReport.markdown(r);
        assertTrue(md.contains("| `" + SCENARIO + "` | no race | "), md);
        assertTrue(md.contains("RACE "), md);
        assertTrue(md.contains("`" + TWIN_CLASS + "#enterRound:"), md);
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("race " + SCENARIO + " on " + SAFE + ": PASS, no race"));
    }

    /** The twin's cell shows the race on the in-use bit: its unlocked read against the locked write. */
    private static void assertTwinsRace(CoreRaceAudit.Result r, CoreRaceAudit.Cell twin) {
        assertNotNull(twin, "the twin's cell ran");
        HappensBefore.Report race = twin.races().stream().map(k -> r.races().get(k).race())
                .filter(x -> x.variable().equals(TWIN_CLASS + ".eagerInUse")).findFirst()
                .orElseThrow(() -> new AssertionError("no race on the eager segment's in-use bit: " + r.races()));
        List<HappensBefore.Side> sides = List.of(race.first(), race.second());
        for (HappensBefore.Side s : sides) {
            assertEquals(TWIN_CLASS, s.site().owner(), race.toString());
            assertEquals("enterRound", s.site().method(), race.toString());
            assertEquals("AuditMpi.commDup", s.call(), "each thread was in MPI_Comm_dup: " + race);
            assertEquals("plain", s.mode(), race.toString());
        }
        assertEquals(Set.of("read", "write"), Set.of(race.first().site().what().split(" ")[0], race.second().site().what().split(" ")[0]),
                "the unlocked read against the write under the lock: " + race);
        assertNotEquals(race.first().thread(), race.second().thread(), race.toString());
    }

    @TestFactory
    Stream<DynamicTest> theWholeCoreColumn() {
        return FullBuild.only("every scenario on every core column", Duration.ofMinutes(120), () -> {
            CoreRaceAudit audit = new CoreRaceAudit(false);
            List<String> columns = new ArrayList<>(audit.columns().keySet());
            CoreRaceAudit.Result r = audit.run(audit.scenarioIds(), columns, System.out);
            CoreRaceReport.write(r, AuditOutput.auditDir());
            for (String s : r.scenarios()) {
                for (String c : columns) assertNotNull(r.cell(s, c), s + " on " + c + " has a race verdict");
            }
            assertEquals(List.of(), r.racesOn("safe").stream().map(e -> e.race().toString()).toList(),
                    "no race on a safe column");
            assertTwinsRace(r, r.cell(SCENARIO, CoreRaceDriver.RACE_TWIN_COLUMN));
        });
    }
}
