package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Workspace;

/**
 * Runs the manifest's models with real TLC and fails on any mismatch with the expected result.
 * {@code mvn verify} runs the quick class; {@code -Pfull} (system property {@code mpiverify.full})
 * runs every model. The outcomes and counterexamples are written for the reports module.
 */
class ManifestModelsTest {

    static Path repoRoot() {
        return Workspace.findRoot(Path.of("").toAbsolutePath())
                .orElseThrow(() -> new AssertionError("no mpiverify launcher above " + Path.of("").toAbsolutePath()));
    }

    @Test
    void everyModelHasTheExpectedResult() {
        Path root = repoRoot();
        boolean full = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
        Manifest manifest = Manifest.load(root.resolve("specs"));
        List<ModelSpec> models = manifest.select(full);
        assertFalse(models.isEmpty(), "the manifest selects no model");

        TlcRunner runner = new TlcRunner(manifest.specsDir(), Runtime.getRuntime().availableProcessors(),
                TlcProcess.DEFAULT_SIMULATION_TRACES,
                new TlcRunner.Listener() {
                    @Override
                    public void finished(ModelOutcome o) {
                        System.out.printf("%-32s %-30s %-30s %10d states %6.1f s %s%n", o.model().name(),
                                o.model().expected(), o.actual(), o.result().distinctStates(), o.seconds(),
                                o.asExpected() ? "ok" : "MISMATCH: " + o.mismatch());
                    }
                }, line -> {});
        long start = System.nanoTime();
        List<ModelOutcome> outcomes = runner.runAll(models);
        System.out.printf("%d models (%s class) in %.1f s%n", outcomes.size(), full ? "full" : "quick",
                (System.nanoTime() - start) / 1e9);
        new ReportWriter(Workspace.outputDir(root), root).write(outcomes);

        String mismatches = outcomes.stream().filter(o -> !o.asExpected())
                .map(o -> o.model().name() + ": " + o.mismatch()).collect(Collectors.joining("\n"));
        assertTrue(mismatches.isEmpty(), "TLC results differ from specs/manifest.json:\n" + mismatches);
        for (ModelOutcome o : outcomes) {
            if (o.result().outcome().isViolation()) {
                assertFalse(o.result().trace().isEmpty(), o.model().name() + ": a violation without a counterexample");
            }
        }
    }

    @Test
    void everyManifestEntryPointsAtExistingFiles() {
        Path specs = repoRoot().resolve("specs");
        for (ModelSpec m : Manifest.load(specs).models()) {
            Path folder = m.folder(specs);
            assertTrue(folder.resolve(m.module() + ".tla").toFile().isFile(), m.name() + ": no " + m.module() + ".tla");
            assertTrue(folder.resolve(m.config()).toFile().isFile(), m.name() + ": no " + m.config());
            assertTrue(List.of("quick", "full").contains(m.sizeClass()), m.name() + ": size " + m.sizeClass());
        }
        assertEquals(Manifest.load(specs).models().size(),
                Manifest.load(specs).models().stream().map(ModelSpec::name).distinct().count(), "duplicate model names");
    }
}
