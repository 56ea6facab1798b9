package org.mpiverify.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/**
 * {@code core-targets.json} is the one copy of {@code bench core}'s targets: {@code CoreBench} judges with it and
 * {@code docs/measurements.md} shows its rendering, which must not differ ({@link #REGENERATE} writes it).
 */
class CoreTargetsDocTest {
    static final String REGENERATE = "mvn -B -ntp -pl bench -am test -Dtest=CoreTargetsDocTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dmpiverify.writeDocs=true";
    static final Path PAGE = Path.of("docs", "measurements.md");
    static final String BEGIN = "<!-- bench core's targets: generated from bench/src/main/resources/org/mpiverify/bench/"
            + "core-targets.json; edit that file -->";
    static final String END = "<!-- end of bench core's targets -->";

    @Test
    void thePageShowsTheTargetsTheBenchJudges() throws IOException {
        RenderedDocs.assertRegion(Workspace.root(), PAGE, BEGIN, END, CoreTargets.load().markdown(),
                PAGE + " does not show what core-targets.json holds: edit the data file, then regenerate with " + REGENERATE);
    }

    @Test
    void everyTargetIsARatioOfTwoMeasurementsOfTheBench() {
        CoreTargets t = CoreTargets.load();
        assertEquals(5, t.targets().size(), t.targets().toString());
        for (CoreTargets.Target g : t.targets()) {
            assertTrue(CoreBench.MEASUREMENTS.contains(g.measurement()) && CoreBench.MEASUREMENTS.contains(g.baseline()),
                    g.toString());
        }
        assertTrue(t.lines("QUEUES").isPresent() && t.lines("HASH_TABLE").isPresent(), "each engine's line moves");
        String json = """
                {"about": "x", "targets": [{"name": "n", "measurement": "ping-pong MULTIPLE", "against": "a",
                  "baseline": "2000 ns", "bound": 1.0, "strict": false, "floor": null}],
                 "lineMoves": [{"protocol": "bare posted receive", "lines": 1, "moves": 2, "onPath": 2}]}
                """;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CoreTargets.parse(json, CoreBench.MEASUREMENTS));
        assertTrue(e.getMessage().contains("2000 ns"), "an absolute baseline is no measurement: " + e.getMessage());
    }

    @Test
    void theBenchPrintsThePredictedMovesBesideThePingPong() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        CoreBench.print(List.of(), new CoreBench.LinePrediction("QUEUES", 6, 10, 9, 2, 2, 4.5, 6.0, 5.7),
                new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(out.contains("ping-pong: 5.7 spin handoffs; 6.00x the bare posted receive") && out.contains(
                "predicts 10 line moves per message with QUEUES (9 on the path, over 6 lines) against its 2 (2): 4.5x"), out);
    }

    @Test
    void aBoundIsMetAtOrBelowItAStrictOneBelowItAndAFloorRaisesIt() {
        CoreTargets.Target atMost = new CoreTargets.Target("t", "a", "x", "b", 2.0, false, null);
        assertTrue(atMost.met(2.0, Optional.empty()));
        assertFalse(atMost.met(2.01, Optional.empty()));
        CoreTargets.Target below = new CoreTargets.Target("t", "a", "x", "b", 1.0, true, null);
        assertFalse(below.met(1.0, Optional.empty()));
        assertTrue(below.met(0.99, Optional.empty()));
        CoreTargets.Target floored = new CoreTargets.Target("t", "a", "x", "b", 2.0, false,
                new CoreTargets.Floor("f", "g"));
        assertTrue(floored.met(2.3, Optional.of(2.4)), "the floor's own ratio above the bound is the bound");
        assertFalse(floored.met(2.3, Optional.of(1.5)), "a floor below the bound does not lower it");
        assertEquals(List.of(2.0, 2.4), List.of(floored.boundGiven(Optional.of(1.5)), floored.boundGiven(Optional.of(2.4))));
    }
}
