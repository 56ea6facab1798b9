package org.mpiverify.mutate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.mpiverify.mutate.pit.MutantKeys;
import org.mpiverify.mutate.race.RaceHarness;

/**
 * The race stage: a mutant that every other suite left alive runs the component's jcstress tests under
 * the happens-before race detector ({@link org.mpiverify.mutate.race.HappensBefore}), in a forked JVM
 * with the mutant's class folder first. The detector reports a data race whenever a plain access and a
 * conflicting one are not ordered by happens-before, whether or not the hardware reordered them; so it
 * sees a release store or an acquire load weakened to plain, or a lock removed, on x86-64, where
 * jcstress cannot.
 *
 * <p>The mutant is detected when the run reports a race that the run of the unmutated core on the same
 * tests did not (the baseline, once per set of tests) and one of whose two accesses is in the mutated
 * method: a race elsewhere, which a changed schedule may expose, says nothing about the mutant. An actor
 * that runs past the harness's bound is a hang (TIMED_OUT); the whole run is bound too.
 */
public final class RaceStage {
    /** The suite name in the kill matrix. */
    public static final String SUITE = "race detector";

    /** Rounds per test: each round is a fresh state, fresh threads and fresh variables. */
    static final int ROUNDS = 200;

    /** One run's output: the races (key to test and description), hangs and errors. */
    record Run(Map<String, String[]> races, List<String> hangs, List<String> errors, long millis) {
    }

    private final Path work;
    private final Duration bound;
    private final Map<List<String>, Run> baselines = new HashMap<>();

    public RaceStage(Path work, Duration bound) {
        this.work = work;
        this.bound = bound;
    }

    /**
     * The tests the detector runs for a component: its jcstress tests (known-bad twins excluded by the
     * component's regex) and the detector's own scenarios for it (package {@code race.scenarios}: actors
     * without outcomes, for paths the jcstress tests do not take).
     */
    public static List<String> tests(Component c) throws IOException {
        List<String> tests = new ArrayList<>(tests(c.race()));
        tests.addAll(SCENARIOS.getOrDefault(c.name(), List.of()));
        return tests;
    }

    /** The detector's own scenarios, by component. */
    static final Map<String, List<String>> SCENARIOS = Map.of(
            "core.sync", List.of(scenario("EventCountSpinThenParkVsSignal")),
            "core.matching", List.of(scenario("EngineContextsGrowVsLookup"), scenario("MatchTableConcurrentGrowth"),
                    scenario("MatchTableOwnerPollsVsEmpty")),
            "core.contextid", List.of(scenario("ContextIdAbandonVsRounds")),
            "core.request", List.of(scenario("CompletionSpinThenParkVsSignal"), scenario("RecordedCompletionVsSignal"),
                    scenario("RequestStateObservedRelease"), scenario("TreiberStackObservedPushPop")));

    private static String scenario(String simpleName) {
        return "org.mpiverify.mutate.race.scenarios." + simpleName;
    }

    /** The jcstress tests matching {@code regex}. */
    public static List<String> tests(String regex) throws IOException {
        Pattern p = Pattern.compile(regex);
        return JcstressStage.testList().stream().filter(t -> p.matcher(t).find()).sorted().toList();
    }

    /**
     * Runs {@code tests} on the mutant in {@code mutantDir}, which changed {@code method} of
     * {@code mutatedClass} (binary name; a nested class's accesses count for it).
     */
    public StageVerdict run(String key, Path mutantDir, List<String> tests, String mutatedClass, String method)
            throws IOException, InterruptedException {
        Run base = baselines.get(tests);
        if (base == null) {
            base = fork(null, tests, "baseline");
            baselines.put(tests, base);
        }
        Run mutant = fork(mutantDir, tests, MutantKeys.fileName(key));
        String site = mutatedClass + "#" + method + ":";
        List<String> fresh = new ArrayList<>();
        String killer = null;
        for (Map.Entry<String, String[]> e : mutant.races().entrySet()) {
            if (base.races().containsKey(e.getKey()) || !e.getKey().contains(site)) continue;
            fresh.add(e.getValue()[1]);
            if (killer == null) killer = e.getValue()[0];
        }
        if (!fresh.isEmpty()) {
            return new StageVerdict("KILLED", killer, mutant.millis(), fresh.size() + " new race(s) in the mutated method, e.g. "
                    + fresh.get(0));
        }
        if (!mutant.hangs().isEmpty()) {
            return new StageVerdict("TIMED_OUT", mutant.hangs().get(0), mutant.millis(),
                    "an actor ran past " + RaceHarness.ACTOR_BOUND_MILLIS + " ms");
        }
        String others = mutant.races().size() > base.races().size()
                ? "; " + (mutant.races().size() - base.races().size()) + " new race(s) outside the mutated method" : "";
        return new StageVerdict("SURVIVED", null, mutant.millis(), "no new race in the mutated method over " + tests.size()
                + " test(s) x " + ROUNDS + " rounds" + others + (mutant.errors().isEmpty() ? "" : "; errors: " + mutant.errors()));
    }

    private Run fork(Path mutantDir, List<String> tests, String name) throws IOException, InterruptedException {
        Path dir = work.resolve("race");
        Files.createDirectories(dir);
        Path out = dir.resolve(name + ".out");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), RaceHarness.class.getName(), "--rounds", String.valueOf(ROUNDS)));
        if (mutantDir != null) cmd.addAll(List.of("--mutant", mutantDir.toString()));
        cmd.addAll(tests);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean ended = p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        Map<String, String[]> races = new LinkedHashMap<>();
        List<String> hangs = new ArrayList<>(), errors = new ArrayList<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t");
            switch (f[0]) {
                case "RACE" -> races.putIfAbsent(f[2], new String[] {f[1], f[3]});
                case "HANG" -> hangs.add(f[1]);
                case "ERROR" -> errors.add(f[1] + ": " + (f.length > 2 ? f[2] : ""));
                default -> {
                }
            }
        }
        if (!ended) hangs.add("(the whole run, past " + bound.toSeconds() + " s)");
        return new Run(races, hangs, errors, millis);
    }

}
