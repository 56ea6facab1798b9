package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.specs.ModelSpec;
import org.mpiverify.specs.TlcOutcome;
import org.mpiverify.specs.TlcResult;

/**
 * The chain of models a mutant runs through, with the TLC runs replaced by given results (SANY parses the
 * toy family; no TLC runs): a timeout or an evaluation error in one model does not stop the chain, so a
 * later model still kills the mutant; the model that killed a mutant of the same definition runs first; the verdict is TIMED_OUT only if no model kills it; and a deadline
 * comes from the unmutated time measured in the same run, scaled by the load that time shows, not from
 * the manifest's idle figure.
 */
@Timeout(120)
class MutantChainTest {
    @TempDir
    Path dir;

    private record Fixture(SpecGraph graph, SpecMutant reorder, ModelSpec strong, ModelSpec weak) {}

    private Fixture fixture() throws IOException {
        Path root = ToySpecs.create(dir.resolve("repo"), List.of("toy_strong", "toy_weak"), null, Map.of("toy_strong", 25.7));
        Sany sany = new Sany(dir.resolve("sany"));
        SpecGraph g = ToySpecs.graph(root, sany, ToySpecs.workspace(root, sany));
        SpecMutant reorder = MutantGenerator.generate(g, EnumSet.of(SpecOperator.REORDER_HANDOVER)).stream()
                .filter(m -> m.id().equals(SpecMutationRunTest.REORDER)).findFirst().orElseThrow();
        ModelSpec strong = g.views().stream().map(SpecGraph.ModelView::model).filter(m -> m.name().equals("toy_strong")).findFirst().orElseThrow();
        ModelSpec weak = g.views().stream().map(SpecGraph.ModelView::model).filter(m -> m.name().equals("toy_weak")).findFirst().orElseThrow();
        return new Fixture(g, reorder, strong, weak);
    }

    private static TlcResult timeout(int deadline) {
        return TlcResult.error("TLC did not finish within the deadline of " + deadline + " s");
    }

    private static TlcResult violation(String invariant) {
        return new TlcResult(TlcOutcome.SAFETY, invariant, 10, 20, 3, "2.18", List.of(), -1,
                "Invariant " + invariant + " is violated.", Map.of(), 12, false, "", 1);
    }

    private static TlcResult passes() {
        return new TlcResult(TlcOutcome.SUCCESS, null, 10, 20, 3, "2.18", List.of(), -1, "", Map.of(), 0, false, "", 1);
    }

    @Test
    void aTimeoutInTheCheapestModelDoesNotStopTheChainAndALaterModelKills() throws IOException {
        Fixture f = fixture();
        // toy_weak measured cheaper: it runs first, and times out; toy_strong then kills
        Map<String, MutantRunner.Baseline> base = Map.of("toy_weak", new MutantRunner.Baseline(0.5, 10),
                "toy_strong", new MutantRunner.Baseline(1.0, 10));
        List<String> ran = new ArrayList<>();
        MutantRunner runner = new MutantRunner(f.graph(), base, 5, 30, (specs, model, deadline) -> {
            ran.add(model.name());
            return model.name().equals("toy_weak") ? timeout(deadline) : violation("InOrder");
        });
        MutantRunner.Verdict v = runner.run(f.reorder(), dir, line -> {});
        assertEquals(List.of("toy_weak", "toy_strong"), ran, "the chain goes on after the timeout");
        assertEquals(MutantStatus.KILLED, v.status());
        assertEquals("toy_strong", v.killer().model());
        assertEquals(List.of(ModelRun.TIMED_OUT, ModelRun.KILLED), v.runs().stream().map(ModelRun::verdict).toList());
    }

    @Test
    void theModelThatKilledAMutantOfTheSameDefinitionRunsFirstAndTheVerdictStaysTheSame() throws IOException {
        Fixture f = fixture();
        // toy_weak measured cheaper: first in the chain until toy_strong has killed a mutant of this definition
        Map<String, MutantRunner.Baseline> base = Map.of("toy_weak", new MutantRunner.Baseline(0.5, 10),
                "toy_strong", new MutantRunner.Baseline(1.0, 10));
        List<String> ran = new ArrayList<>();
        MutantRunner runner = new MutantRunner(f.graph(), base, 5, 30, (specs, model, deadline) -> {
            ran.add(model.name());
            return model.name().equals("toy_weak") ? timeout(deadline) : violation("InOrder");
        });
        MutantRunner.Verdict first = runner.run(f.reorder(), dir, line -> {});
        assertEquals(List.of("toy_weak", "toy_strong"), ran);
        ran.clear();
        MutantRunner.Verdict second = runner.run(f.reorder(), dir, line -> {});
        assertEquals(List.of("toy_strong"), ran, "the killer of a sibling runs first: no time spent timing out");
        assertEquals(first.status(), second.status());
        assertEquals("toy_strong", second.killer().model());
        // a kill reused from the history counts the same way
        MutantRunner resumed = new MutantRunner(f.graph(), base, 5, 30, (specs, model, deadline) -> passes());
        resumed.noteKill(f.reorder().id(), "toy_strong");
        assertEquals(List.of("toy_strong", "toy_weak"), resumed.order(f.reorder()).stream().map(v -> v.model().name()).toList());
    }

    @Test
    void anEvaluationErrorDoesNotStopTheChainEither() throws IOException {
        Fixture f = fixture();
        Map<String, MutantRunner.Baseline> base = Map.of("toy_weak", new MutantRunner.Baseline(0.5, 10),
                "toy_strong", new MutantRunner.Baseline(1.0, 10));
        MutantRunner runner = new MutantRunner(f.graph(), base, 5, 30, (specs, model, deadline) ->
                model.name().equals("toy_weak") ? TlcResult.error("Attempted to apply the operator Head to an empty sequence")
                        : violation("InOrder"));
        assertEquals(MutantStatus.KILLED, runner.run(f.reorder(), dir, line -> {}).status());
    }

    @Test
    void timedOutOnlyIfNoModelKills() throws IOException {
        Fixture f = fixture();
        Map<String, MutantRunner.Baseline> base = Map.of("toy_weak", new MutantRunner.Baseline(0.5, 10),
                "toy_strong", new MutantRunner.Baseline(1.0, 10));
        MutantRunner runner = new MutantRunner(f.graph(), base, 5, 30, (specs, model, deadline) ->
                model.name().equals("toy_weak") ? timeout(deadline) : passes());
        MutantRunner.Verdict v = runner.run(f.reorder(), dir, line -> {});
        assertEquals(MutantStatus.TIMED_OUT, v.status());
        assertEquals(2, v.runs().size());
    }

    @Test
    void theDeadlineFollowsTheUnmutatedTimeOfThisRunNotTheIdleFigure() throws IOException {
        Fixture f = fixture();
        // the manifest's deadline of a quick model is 120 s; recorded idle 25.7 s; this run's unmutated time 90 s
        ModelSpec loaded = f.strong();
        assertEquals(25.7, loaded.recordedSeconds());
        assertEquals(120, loaded.timeoutSeconds());
        MutantRunner runner = new MutantRunner(f.graph(), Map.of("toy_strong", new MutantRunner.Baseline(90, 10)), 5, 30,
                (specs, model, deadline) -> passes());
        int d = runner.deadline(loaded);
        assertTrue(d > 90 * 3, "at a load that makes the model take 90 s, a deadline of " + d + " s is too short");
        assertEquals((int) Math.ceil(120 * 90 / 25.7), d, "the manifest's deadline scaled by the load ratio 90/25.7");
        // idle: the baseline is the recorded time, and the manifest's deadline holds
        MutantRunner idle = new MutantRunner(f.graph(), Map.of("toy_strong", new MutantRunner.Baseline(25.7, 10)), 5, 30,
                (specs, model, deadline) -> passes());
        assertEquals(120, idle.deadline(loaded));
        MutantRunner quick = new MutantRunner(f.graph(), Map.of("toy_strong", new MutantRunner.Baseline(2, 10)), 5, 30,
                (specs, model, deadline) -> passes());
        assertEquals(30, quick.deadline(loaded), "at least the minimum");
    }
}
