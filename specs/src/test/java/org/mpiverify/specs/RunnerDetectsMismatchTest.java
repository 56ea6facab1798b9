package org.mpiverify.specs;

import org.mpiverify.results.Json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the runner can fail: real TLC runs of small models whose manifest expectation is wrong
 * must be reported as mismatches, in both directions.
 */
class RunnerDetectsMismatchTest {
    private final Path root = ManifestModelsTest.repoRoot();
    private final Manifest manifest = Manifest.load(root.resolve("specs"));
    private final TlcRunner runner = new TlcRunner(manifest.specsDir(), 1, 100, new TlcRunner.Listener() {}, l -> {});

    private ModelSpec model(String name) {
        return manifest.models().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aBugFoundWhereNoneIsExpectedIsAMismatch() {
        ModelOutcome o = runner.run(model("fig2_lock_around_call").expecting(Expectation.success()));
        assertEquals(Outcome.DEADLOCK, o.result().outcome());
        assertFalse(o.asExpected());
        assertTrue(o.mismatch().contains("expected success"), o.mismatch());
    }

    @Test
    void aBugNotFoundWhereOneIsExpectedIsAMismatch() {
        ModelOutcome o = runner.run(model("fig2_global").expecting(new Expectation(Outcome.DEADLOCK, null)));
        assertEquals(Outcome.SUCCESS, o.result().outcome());
        assertFalse(o.asExpected());
        assertTrue(o.mismatch().contains("found none"), o.mismatch());
    }

    @Test
    void theWrongInvariantIsAMismatch() {
        ModelOutcome o = runner.run(model("probe_false_match").expecting(new Expectation(Outcome.SAFETY, "AtMostOnce")));
        assertEquals("NoFalseMatch", o.result().violated());
        assertFalse(o.asExpected());
    }

    @Test
    void aMissingConfigurationIsAnErrorNotASuccess() {
        ModelSpec m = model("fig2_global");
        ModelSpec broken = new ModelSpec(m.name(), m.spec(), m.module(), "NoSuch.cfg", m.constants(), m.mode(),
                m.expected(), m.sizeClass(), 30, -1, -1, "");
        ModelOutcome o = runner.run(broken);
        assertEquals(Outcome.ERROR, o.result().outcome());
        assertFalse(o.asExpected());
    }

    @Test
    void theCommandExitsWithOneOnAMismatchAndWritesResults(@TempDir Path tmp) throws Exception {
        // A repository (the launcher marks its root) with a copy of the specs folder whose manifest expects
        // the wrong result for one model.
        Files.writeString(tmp.resolve("mpiverify"), "#!/bin/sh\n");
        Path specs = tmp.resolve("specs");
        Files.createDirectories(specs.resolve("locking"));
        try (var files = Files.list(root.resolve("specs/locking"))) {
            for (Path f : (Iterable<Path>) files::iterator) Files.copy(f, specs.resolve("locking").resolve(f.getFileName()));
        }
        Files.writeString(specs.resolve("manifest.json"), """
                {"specs": [{"path": "locking", "models": [
                  {"name": "wrong", "module": "MC_fig2_lock_around_call", "config": "MC_fig2_lock_around_call.cfg",
                   "result": "success", "size": "quick"}]}]}
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String old = System.getProperty("mpiverify.out");
        System.setProperty("mpiverify.out", tmp.resolve("out").toString());
        try {
            int code = TlcCommand.run(new String[] {"--workers", "1"}, tmp,
                    new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            assertEquals(1, code, out.toString(StandardCharsets.UTF_8));
        } finally {
            if (old == null) System.clearProperty("mpiverify.out");
            else System.setProperty("mpiverify.out", old);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("MISMATCH"), text);
        Path results = tmp.resolve("out/tlc/results.json");
        assertTrue(Files.isRegularFile(results));
        assertNotNull(Json.parse(Files.readString(results)));
        assertTrue(Files.readString(tmp.resolve("out/tlc/wrong.svg")).startsWith("<svg"));
        assertTrue(Files.readString(tmp.resolve("out/tlc/wrong.md")).contains("| Step |"));
    }

    @Test
    void usageErrorsExitWithTwo() {
        PrintStream devNull = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(2, TlcCommand.run(new String[] {"--workers"}, root, devNull, devNull));
        assertEquals(2, TlcCommand.run(new String[] {"--workers", "zero"}, root, devNull, devNull));
        assertEquals(2, TlcCommand.run(new String[] {"--bogus"}, root, devNull, devNull));
        assertEquals(2, TlcCommand.run(new String[] {"no_such_model"}, root, devNull, devNull));
    }
}
