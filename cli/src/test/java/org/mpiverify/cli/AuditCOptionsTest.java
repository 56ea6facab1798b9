package org.mpiverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line of the C scenarios, the race audit and build-lib: the usage errors, before anything runs. */
class AuditCOptionsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of());
    }

    private String text() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void raceNeedsTheCScenarios() {
        assertEquals(2, run("audit", "--target", "mpich", "--race", "helgrind"));
        assertTrue(text().contains("--race needs --c"), text());
    }

    @Test
    void theHappensBeforeDetectorRunsOnTheCoreAlone() {
        assertEquals(2, run("audit", "--target", "mpich", "--race", "hb"));
        assertTrue(text().contains("--race hb runs on --target core alone"), text());
        assertEquals(2, run("audit", "--target", "core", "--race", "hb", "--trace"));
        assertEquals(2, run("audit", "--target", "core", "--race", "helgrind"));
        assertTrue(text().contains("--race needs --c (or --target core --race hb)"), text());
    }

    @Test
    void theCScenariosRunOnTheNativeLibrariesOnly() {
        assertEquals(2, run("audit", "--target", "core", "--c"));
        assertTrue(text().contains("--c runs on mpich, openmpi, not core"), text());
    }

    @Test
    void anUnknownDetectorOrScenarioIsAUsageError() {
        assertEquals(2, run("audit", "--target", "mpich", "--c", "--race", "asan"));
        assertTrue(text().contains("unknown race detector 'asan'; expected helgrind, drd or tsan"), text());
        // TSan on the distribution's library, which is not built with it: a usage error naming the build to make
        assertEquals(2, run("audit", "--target", "mpich", "--c", "--race", "tsan", "--scenario", "comm-dup-concurrent"));
        assertTrue(text().contains("tsan sees only code built with ThreadSanitizer"), text());
        assertEquals(2, run("audit", "--target", "mpich", "--c", "--scenario", "no-such-scenario"));
        assertTrue(text().contains("no C scenario 'no-such-scenario'"), text());
        // a catalog scenario C cannot express says why
        assertEquals(2, run("audit", "--target", "mpich", "--c", "--scenario", "thread-kinds"));
        assertTrue(text().contains("'thread-kinds' has no C program: its subject is the kinds of thread a Java program has"), text());
    }

    @Test
    void buildLibSaysWhatItDoesAndRefusesAnotherLibrary() {
        assertEquals(0, run("audit", "build-lib", "--help"));
        assertTrue(text().contains("ThreadSanitizer"), text());
        assertEquals(2, run("audit", "build-lib", "mpj"));
        assertTrue(text().contains("build-lib builds mpich or openmpi, not mpj"), text());
    }
}
