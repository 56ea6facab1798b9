package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Json;
import org.mpiverify.results.SpecMutationScoresFile;
import org.mpiverify.specs.TlcOutcome;
import org.mpiverify.specs.TlcResult;

/**
 * Resumable records: a run appends each mutant's verdict to the family's history as it is decided; a
 * {@code --resume} run reuses the verdicts whose key still matches and decides only the others; a change of one
 * module invalidates exactly the mutants whose models read it, a change of one model's manifest entry exactly
 * those that run against it; {@code --record} writes the score from the union and says over how many runs. SANY
 * makes the mutants of a family of two independent modules ({@code Counter} and {@code Ticker}, each with its
 * model); the TLC runs are replaced by a checker that counts them (model {@code counter} kills every mutant it
 * runs, every other model passes). A killed verdict survives a new model of the family (its killing model is
 * unchanged).
 */
@Timeout(300)
class MutationHistoryTest {
    static final String COUNTER = """
            ---- MODULE Counter ----
            EXTENDS Naturals
            VARIABLE x
            Init == x = 0
            Next == x < 2 /\\ x' = x + 1
            Spec == Init /\\ [][Next]_x
            View == x
            Bounded == x <= 2
            ====
            """;
    static final String TICKER = """
            ---- MODULE Ticker ----
            EXTENDS Naturals
            VARIABLE t
            Init == t = 0
            Tick == t < 1 /\\ t' = t + 1
            Spec == Init /\\ [][Tick]_t
            View == t
            Bounded == t <= 1
            Off == t >= 0
            ====
            """;

    @TempDir
    Path dir;

    private Path repo() throws IOException {
        Path root = ToySpecs.create(dir.resolve("repo"), List.of(), null);
        Path specs = root.resolve("specs");
        Files.writeString(specs.resolve("toy/Counter.tla"), COUNTER);
        Files.writeString(specs.resolve("toy/Ticker.tla"), TICKER);
        Map<String, Object> manifest = Json.parseObject(Files.readString(specs.resolve("manifest.json")));
        Map<String, Object> toy = Json.objs(manifest, "specs").getFirst();
        @SuppressWarnings("unchecked")
        List<Object> models = (List<Object>) toy.get("models");
        models.add(Json.parseObject("""
                {"name": "counter", "module": "Counter", "invariants": ["Bounded"], "checkDeadlock": false,
                 "result": "success", "size": "quick", "distinctStates": 3, "constants": {}}"""));
        models.add(Json.parseObject("""
                {"name": "ticker", "module": "Ticker", "invariants": ["Bounded", "Off"], "checkDeadlock": false,
                 "result": "success", "size": "quick", "distinctStates": 4, "constants": {}}"""));
        @SuppressWarnings("unchecked")
        Map<String, Object> actions = (Map<String, Object>) toy.get("actions");
        actions.put("Counter", List.of("Next"));
        actions.put("Ticker", List.of("Tick"));
        Files.writeString(specs.resolve("manifest.json"), Json.write(manifest));
        Files.writeString(specs.resolve("README.md"), "# specs\n\n" + ScoreTable.BEGIN + "\n" + ScoreTable.END + "\n");
        return root;
    }

    /** Counts the mutant runs (TLC in a mutant's folder) per module mutated, and the baselines. */
    private static final class Counting implements MutantRunner.Checker {
        final AtomicInteger baselines = new AtomicInteger();
        final Set<String> mutantModels = new TreeSet<>();
        final Set<Path> mutants = new java.util.HashSet<>();   // a folder per mutant: mutants run, not model runs
        int mutantRuns;

        @Override
        public TlcResult check(Path specs, org.mpiverify.specs.ModelSpec model, int deadline) {
            if (specs.toString().contains("original")) baselines.incrementAndGet();
            else {
                if (mutants.add(specs)) mutantRuns++;
                mutantModels.add(model.name());
            }
            if (!specs.toString().contains("original") && model.name().equals("counter")) {
                return new TlcResult(TlcOutcome.SAFETY, "Bounded", 3, 4, 2, "2.18", List.of(), -1,
                        "Invariant Bounded is violated.", Map.of(), 12, false, "", 1);
            }
            return new TlcResult(TlcOutcome.SUCCESS, null, 3, 4, 2, "2.18", List.of(), -1, "", Map.of(), 0, false, "", 1);
        }
    }

    private record Run(SpecMutateCommand.Result result, Counting tlc, String log) {}

    private Run run(Path root, boolean resume, boolean record) {
        return run(root, resume, record, null);
    }

    private Run run(Path root, boolean resume, boolean record, Integer maxMinutes) {
        return run(root, resume, record, maxMinutes, 0);
    }

    private Run run(Path root, boolean resume, boolean record, Integer maxMinutes, int stratified) {
        SpecMutateCommand.Options o = new SpecMutateCommand.Options(List.of("toy"), List.of(), List.of(), false, stratified, false,
                false, record, 5.0, 30, dir.resolve("out"), resume, null, maxMinutes);
        Counting tlc = new Counting();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        SpecMutateCommand.Result r = SpecMutateCommand.execute(o, root, new PrintStream(log, true, StandardCharsets.UTF_8), tlc);
        return new Run(r, tlc, log.toString(StandardCharsets.UTF_8));
    }

    private static long count(Run r, String module) {
        return r.result().document().mutants().stream().filter(e -> e.spec().equals(module)).count();
    }

    @Test
    void resumeReusesMatchingVerdictsAndAChangeInvalidatesOnlyTheMutantsThatDependOnIt() throws IOException {
        Path root = repo();
        Path history = root.resolve(MutationHistory.DIR).resolve("toy.jsonl");

        Run first = run(root, true, false);
        int all = first.result().document().mutants().size();
        long counter = count(first, "Counter"), ticker = count(first, "Ticker");
        assertTrue(counter >= 3 && ticker >= 3 && counter + ticker == all, counter + " + " + ticker + " of " + all);
        assertEquals(all, first.tlc().mutantRuns, "an empty history: every mutant runs");
        assertEquals(all, Files.readAllLines(history).size(), "one line per decided mutant");

        // lines written before kills kept their own key (killKey null) get it from a record on the same spec
        String withKeys = Files.readString(history);
        assertTrue(withKeys.contains("\"killKey\":\""), withKeys.lines().findFirst().orElse(""));
        Files.writeString(history, withKeys.replaceAll("\"killKey\":\"[0-9a-f]+\"", "\"killKey\":null"));
        Run again = run(root, true, true, 0);
        assertEquals(withKeys.lines().filter(l -> l.contains("\"KILLED\"")).count(),
                Files.readString(history).lines().filter(l -> l.contains("\"KILLED\"") && l.contains("\"killKey\":\"")).count());
        assertEquals(0, again.tlc().mutantRuns + again.tlc().baselines.get(), "nothing changed: no TLC at all\n" + again.log());
        assertEquals(first.result().document().mutants().stream().map(SpecKillMatrix.Entry::status).toList(),
                again.result().document().mutants().stream().map(SpecKillMatrix.Entry::status).toList());

        // a changed module: only the mutants whose models read it run again
        Files.writeString(root.resolve("specs/toy/Counter.tla"), COUNTER.replace("Bounded ==", "Unused == 0\nBounded =="));
        Run afterModule = run(root, true, false);
        assertEquals(counter, afterModule.tlc().mutantRuns, afterModule.log());
        assertEquals(Set.of("counter"), afterModule.tlc().mutantModels);

        // a changed manifest entry: only the mutants that run against that model
        Path manifest = root.resolve("specs/manifest.json");
        String before = Files.readString(manifest);
        Files.writeString(manifest, before.replaceFirst("\"Bounded\",\\s*\"Off\"", "\"Off\""));
        assertTrue(!before.equals(Files.readString(manifest)));
        Run afterModel = run(root, true, false);
        assertEquals(ticker, afterModel.tlc().mutantRuns, afterModel.log());
        assertEquals(Set.of("ticker"), afterModel.tlc().mutantModels);

        // a new model of Counter: the model sets of Counter's mutants change, but each was killed by counter, whose
        // entry and modules did not: nothing runs again
        assertTrue(afterModel.result().document().mutants().stream().filter(e -> e.spec().equals("Counter"))
                .allMatch(e -> e.status().equals("KILLED")));
        String withTwo = Files.readString(manifest).replaceFirst("\\{\\s*\"name\"\\s*:\\s*\"counter\"",
                "{\"name\": \"counter_again\", \"module\": \"Counter\", \"invariants\": [\"Bounded\"], \"checkDeadlock\": false, "
                        + "\"result\": \"success\", \"size\": \"quick\", \"distinctStates\": 3, \"constants\": {}}, $0");
        assertTrue(withTwo.contains("counter_again"));
        Files.writeString(manifest, withTwo);
        Run afterNewModel = run(root, true, false);
        assertEquals(0, afterNewModel.tlc().mutantRuns, afterNewModel.log());

        // --max-minutes 0: no TLC at all, the undecided mutants left out and the record partial
        Files.writeString(root.resolve("specs/toy/Counter.tla"), COUNTER.replace("Bounded ==", "Unused == 1\nBounded =="));
        Run none = run(root, true, false, 0);
        assertEquals(0, none.tlc().mutantRuns + none.tlc().baselines.get(), none.log());
        assertEquals(ticker, none.result().document().mutants().size());
        assertTrue(none.result().document().mode().contains(ticker + " of " + all + " mutants decided (0 in this run"),
                none.result().document().mode());

        // without --resume every mutant runs (and its lines supersede the earlier ones)
        assertEquals(all, run(root, false, false).tlc().mutantRuns);

        // the record is the union, and says over how many runs it was built
        Run rec = run(root, true, true);
        assertEquals(0, rec.tlc().mutantRuns);
        SpecMutationScoresFile scores = SpecMutationScoresFile.read(root.resolve("specs").resolve(ScoreTable.FILE));
        SpecMutationScoresFile.Family fam = scores.families().getFirst();
        assertEquals(all, fam.total().mutants());
        assertTrue(fam.mode().contains(all + " of " + all + " mutants decided (0 in this run, " + all + " from the history), over 1 run"),
                fam.mode());
        assertTrue(Files.readString(root.resolve("specs/README.md")).contains("over 1 run"));
        assertEquals(all, Files.readAllLines(history).size(), "--record compacts the history to the current lines");

        // a stratified record counts its sample and keeps the other mutants' verdicts for a later full --resume
        Run sample = run(root, true, true, null, 1);
        assertEquals(0, sample.tlc().mutantRuns, sample.log());
        int sampled = sample.result().document().mutants().size();
        assertTrue(sampled < all, sampled + " of " + all);
        assertEquals(sampled, SpecMutationScoresFile.read(root.resolve("specs").resolve(ScoreTable.FILE)).families()
                .getFirst().total().mutants());
        assertEquals(all, Files.readAllLines(history).size(), "a stratified record drops no verdict of a current mutant");
        assertEquals(0, run(root, true, false).tlc().mutantRuns, "the full set resumes from them");
    }

    /** A state constraint is part of what a model checks; a model without one keeps the key it had before the field. */
    @Test
    void aConstraintIsInTheModelsKeyAndItsAbsenceChangesNoKey() {
        org.mpiverify.specs.Manifest m = org.mpiverify.specs.Manifest.parse(Path.of("specs"), """
                {"specs": [{"path": "p", "models": [
                  {"name": "a", "module": "M", "result": "success"},
                  {"name": "a", "module": "M", "constraint": "Bound", "result": "success"}]}]}
                """);
        String without = MutationHistory.checking(m.models().get(0));
        String with = MutationHistory.checking(m.models().get(1));
        assertEquals("[\"a\",\"M\",{},[],{},\"Spec\",[],[],true,\"null\",\"exhaustive\"]", without);
        assertTrue(with.startsWith(without.substring(0, without.length() - 1)) && with.contains("constraint Bound"), with);
    }
}
