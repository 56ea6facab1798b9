package org.mpiverify.specs;

import org.mpiverify.results.Console;
import org.mpiverify.results.TlcResultsFile;
import org.mpiverify.results.TlcTraceFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        return manifest.model(name);
    }

    @Test
    void aBugFoundWhereNoneIsExpectedIsAMismatch() {
        ModelOutcome o = runner.run(model("fig2_lock_around_call").expecting(Expectation.success()));
        assertEquals(TlcOutcome.DEADLOCK, o.result().outcome());
        assertFalse(o.asExpected());
        assertTrue(o.mismatch().contains("expected success"), o.mismatch());
    }

    @Test
    void aBugNotFoundWhereOneIsExpectedIsAMismatch() {
        ModelOutcome o = runner.run(model("fig2_global").expecting(new Expectation(TlcOutcome.DEADLOCK, null)));
        assertEquals(TlcOutcome.SUCCESS, o.result().outcome());
        assertFalse(o.asExpected());
        assertTrue(o.mismatch().contains("found none"), o.mismatch());
    }

    @Test
    void theWrongInvariantIsAMismatch() {
        ModelOutcome o = runner.run(model("probe_false_match").expecting(new Expectation(TlcOutcome.SAFETY, "AtMostOnce")));
        assertEquals("NoFalseMatch", o.result().violated());
        assertFalse(o.asExpected());
    }

    @Test
    void aMissingConfigurationIsAnErrorNotASuccess() {
        ModelOutcome o = runner.run(model("fig2_global").renamed("no_such_model", 30));
        assertEquals(TlcOutcome.ERROR, o.result().outcome());
        assertFalse(o.asExpected());
    }

    @Test
    void aStateCountOutsideTheToleranceIsAMismatch() {
        ModelSpec m = model("fig2_global");
        ModelSpec moved = new ModelSpec(m.name(), m.spec(), m.extendsModule(), m.constants(), m.modelValues(),
                m.overrides(), m.specification(), m.invariants(), m.properties(), m.checkDeadlock(), m.view(),
                m.constraint(), m.mode(), m.expected(), m.sizeClass(), m.timeoutSeconds(), m.recordedStates() * 2, 0.1,
                m.recordedSeconds(), m.claimsCoverage(), m.description());
        ModelOutcome o = runner.run(moved);
        assertEquals(TlcOutcome.SUCCESS, o.result().outcome());
        assertFalse(o.asExpected());
        assertTrue(o.mismatch().contains("distinct states"), o.mismatch());
    }

    /** TLC 2.18 can miss liveness violations with several workers (tlaplus/tlaplus#971). */
    @Test
    void aModelWithATemporalPropertyNeverRunsWithSeveralWorkers() {
        ModelSpec live = model("fig2_global");
        assertTrue(live.checksProperties());
        TlcRunner two = new TlcRunner(manifest.specsDir(), 2, 100, new TlcRunner.Listener() {}, l -> {});
        assertEquals(1, two.workersFor(live));
        assertEquals(2, two.workersFor(model("probe_false_match")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlcProcess.command(live, 2, 1, 100, Path.of("/tmp"), true));
        assertTrue(e.getMessage().contains("tlaplus/tlaplus#971"), e.getMessage());
        ModelOutcome o = two.run(live);
        assertTrue(o.asExpected(), String.valueOf(o.mismatch()));
        assertEquals(1, o.result().workers());
        assertTrue(o.result().raw().contains("-workers 1"), "the raw log keeps the command line");
    }

    /** Coverage is counted where CoverageCheck reads it, and nowhere else (it costs a quarter of a run's CPU). */
    @Test
    void onlyAModelThatClaimsCoverageIsRunWithIt() {
        ModelSpec claiming = manifest.models().stream().filter(m -> m.claimsCoverage() && !m.isSimulation())
                .findFirst().orElseThrow();
        ModelSpec mutant = manifest.models().stream().filter(m -> !m.claimsCoverage() && !m.isSimulation())
                .findFirst().orElseThrow();
        Path tmp = Path.of("/tmp");
        assertTrue(TlcProcess.command(claiming, 1, 1, 100, tmp, true).contains("-coverage"), claiming.name());
        assertFalse(TlcProcess.command(mutant, 1, 1, 100, tmp, true).contains("-coverage"), mutant.name());
        assertFalse(TlcProcess.command(claiming, 1, 1, 100, tmp, false).contains("-coverage"),
                "a mutated spec's run (withoutCoverage) counts nothing");
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
                  {"name": "wrong", "module": "BlockingLocks",
                   "constants": {"Granularity": "\\"LOCK_AROUND_CALL\\"", "Procs": "{0, 1}"},
                   "properties": ["RefinesBlockingCallPromise"], "view": "View", "result": "success", "size": "quick"}]}]}
                """);
        ModelGenerator.write(Manifest.load(specs));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String old = System.getProperty("mpiverify.out");
        System.setProperty("mpiverify.out", tmp.resolve("out").toString());
        try {
            int code = TlcCommand.run(new TlcCommand.Options(List.of(), false, 1, 0, false, tmp),
                    Console.of(new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
            assertEquals(1, code, out.toString(StandardCharsets.UTF_8));
        } finally {
            if (old == null) System.clearProperty("mpiverify.out");
            else System.setProperty("mpiverify.out", old);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("MISMATCH"), text);
        Path results = tmp.resolve("out/tlc/results.json");
        assertTrue(Files.isRegularFile(results));
        TlcResultsFile.Model wrong = TlcResultsFile.read(results).models().getFirst();
        assertEquals("wrong", wrong.name());
        assertEquals("success", wrong.expected());
        assertFalse(wrong.asExpected(), "the entry the dashboard reads says MISMATCH too");
        assertNotNull(wrong.counterexample());
        assertEquals(wrong.counterexample().steps(),
                TlcTraceFile.read(tmp.resolve("out/tlc").resolve(wrong.counterexample().json())).steps().size());
        assertTrue(Files.readString(tmp.resolve("out/tlc/wrong.svg")).startsWith("<svg"));
        assertTrue(Files.readString(tmp.resolve("out/tlc/wrong.md")).contains("| Step |"));
        assertTrue(Files.readString(tmp.resolve("out/tlc/wrong.tlc.log")).contains("Deadlock reached"),
                "the raw TLC output is kept beside the result");
    }

    @Test
    void usageErrorsExitWithTwo() {
        PrintStream devNull = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        var err = new ByteArrayOutputStream();
        Console console = Console.of(devNull, new PrintStream(err, true, StandardCharsets.UTF_8));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TlcCommand.Options(List.of(), false, 0, 0, false, root));
        assertEquals("--workers must be in [1, 1024], not 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TlcCommand.Options(List.of(), false, null, -1, false, root));
        assertEquals(2, TlcCommand.run(new TlcCommand.Options(List.of("no_such_model"), false, null, 0, false, root), console));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no_such_model"), err.toString(StandardCharsets.UTF_8));
    }
}
