package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The rank command line: how a scenario is named to the ranks, and the class path they get. */
@Timeout(10)
class NativeTargetCommandTest {
    private static final Path OUT = Path.of("/tmp/unused");

    @Test
    void aScenarioWithASpecGoesByClassAndSpec() {
        List<String> cmd = NativeTarget.mpich().command(new SpecScenario(7), OUT);
        int i = cmd.indexOf("--scenario-class");
        assertTrue(i > 0, cmd.toString());
        assertEquals(SpecScenario.class.getName(), cmd.get(i + 1));
        assertEquals("--scenario-spec", cmd.get(i + 2));
        assertEquals("n=7", cmd.get(i + 3));
    }

    @Test
    void aScenarioWithoutASpecPassesNone() {
        List<String> cmd = NativeTarget.openmpi().command(new CommunicatorScenario(), OUT);
        assertTrue(cmd.contains(CommunicatorScenario.class.getName()), cmd.toString());
        assertFalse(cmd.contains("--scenario-spec"), cmd.toString());
    }

    @Test
    void aSpecWithWhitespaceIsRefused() {
        SpecScenario spaced = new SpecScenario(1) {
            @Override public String spec() { return "n = 1"; }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeTarget.mpich().command(spaced, OUT));
        assertTrue(e.getMessage().contains("without whitespace"), e.getMessage());
    }

    @Test
    void theRankClassPathIsAbsoluteAndHoldsTheScenarioClass() {
        String cp = NativeTarget.rankClassPath("relative/dir" + File.pathSeparator + "lib/a.jar", List.of(SpecScenario.class));
        List<String> entries = List.of(cp.split(File.pathSeparator));
        assertTrue(entries.stream().allMatch(e -> Path.of(e).isAbsolute()), cp);
        assertEquals(Path.of("relative/dir").toAbsolutePath().normalize().toString(), entries.get(0));
        String scenarioHome = Path.of(SpecScenario.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
        assertTrue(entries.contains(scenarioHome), scenarioHome + " not in " + cp);
        String rankHome = Path.of(RankProcess.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
        assertTrue(entries.contains(rankHome), rankHome + " not in " + cp);
    }
}
