package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Workspace;

/**
 * Runs the manifest's models with real TLC and fails on any mismatch with the expected result
 * (outcome, violated property, distinct-state count within its tolerance), and on any action that never
 * fired in the models that claim to cover it. {@code mvn verify} runs the quick class; {@code -Pfull}
 * (system property {@code mpiverify.full}) runs every model. Every model runs with one TLC worker: a
 * model with a temporal or action property must (TLC 2.18, tlaplus/tlaplus#971), and with one worker,
 * a fixed seed and liveness checked on the complete graph every run of a model is the same run, so its
 * distinct-state count can be compared exactly. The outcomes, counterexamples and every run's raw TLC
 * output are written for the reports module.
 */
class ManifestModelsTest {

    static Path repoRoot() {
        return Workspace.findRoot(Path.of("").toAbsolutePath())
                .orElseThrow(() -> new AssertionError("no mpiverify launcher above " + Path.of("").toAbsolutePath()));
    }

    @Test
    void everyModelHasTheExpectedResultAndEveryClaimedActionFires() {
        Path root = repoRoot();
        boolean full = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
        Manifest manifest = Manifest.load(root.resolve("specs"));
        List<ModelSpec> models = manifest.select(full);
        assertFalse(models.isEmpty(), "the manifest selects no model");

        TlcRunner runner = new TlcRunner(manifest.specsDir(), 1,
                TlcProcess.DEFAULT_SIMULATION_TRACES,
                new TlcRunner.Listener() {
                    @Override
                    public void finished(ModelOutcome o) {
                        System.out.printf("%-38s %-34s %-34s %10d states %2d worker(s) %6.1f s %s%n",
                                o.model().name(), o.model().expected(), o.actual(), o.result().distinctStates(),
                                o.result().workers(), o.seconds(), o.asExpected() ? "ok" : "MISMATCH: " + o.mismatch());
                    }
                }, line -> {});
        long start = System.nanoTime();
        // Every model here runs with one worker, so one TLC process per core: outcomes and state counts
        // do not depend on it; the seconds written are those of a shared machine (the CLI runs one at a time).
        int processes = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<ModelOutcome> outcomes = runner.runAll(models, processes);
        System.out.printf("%d models (%s class) in %.1f s, %d TLC processes at once%n", outcomes.size(),
                full ? "full" : "quick", (System.nanoTime() - start) / 1e9, processes);
        new ReportWriter(Workspace.outputDir(root), root).write(outcomes);

        String mismatches = outcomes.stream().filter(o -> !o.asExpected())
                .map(o -> o.model().name() + ": " + o.mismatch()).collect(Collectors.joining("\n"));
        assertTrue(mismatches.isEmpty(), "TLC results differ from specs/manifest.json (raw TLC output in "
                + Workspace.outputDir(root).resolve("tlc") + "/<model>.tlc.log):\n" + mismatches);
        for (ModelOutcome o : outcomes) {
            if (o.result().outcome().isViolation()) {
                assertFalse(o.result().trace().isEmpty(), o.model().name() + ": a violation without a counterexample");
            }
            if (o.model().checksProperties()) {
                assertTrue(o.result().workers() == 1, o.model().name() + ": liveness checked with "
                        + o.result().workers() + " workers");
            }
        }
        List<String> uncovered = CoverageCheck.problems(manifest, outcomes);
        assertTrue(uncovered.isEmpty(), "TLC coverage:\n" + String.join("\n", uncovered));
    }
}
