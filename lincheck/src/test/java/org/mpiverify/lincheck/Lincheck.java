package org.mpiverify.lincheck;

import org.mpiverify.results.LincheckResultsFile;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Runs Lincheck the same way for every suite: explicit budgets ({@link Budget}), the suite's sequential
 * specification, a JSON record per run ({@link Reports}); for a known-bad twin, asserts that Lincheck
 * rejects it and keeps the failing interleaving.
 */
public final class Lincheck {
    private Lincheck() {}

    public static ModelCheckingOptions modelChecking(Budget b, Class<?> spec) {
        ModelCheckingOptions o = new ModelCheckingOptions();
        configure(o, b, spec);
        return o;
    }

    public static StressOptions stress(Budget b, Class<?> spec) {
        StressOptions o = new StressOptions();
        configure(o, b, spec);
        return o;
    }

    private static void configure(Options<?, ?> o, Budget b, Class<?> spec) {
        o.iterations(b.iterations()).invocationsPerIteration(b.invocations())
                .threads(b.threads()).actorsPerThread(b.actorsPerThread())
                .actorsBefore(b.actorsBeforeAfter()).actorsAfter(b.actorsBeforeAfter());
        if (spec != null) o.sequentialSpecification(spec);
    }

    /** Checks {@code testClass} in model-checking mode; records the run under {@code suite}. */
    public static void checkModel(String suite, String checks, Class<?> testClass, Class<?> spec, Budget b) {
        run(suite, checks, "model-checking", testClass, modelChecking(b, spec), b);
    }

    /**
     * As {@link #checkModel(String, String, Class, Class, Budget)} with a larger loop bound: Lincheck
     * reports a loop that runs more than its bound (about 50) without another thread's help as a
     * livelock, but some of the core's loops are long and finite (the hash engine's switch to wild mode
     * locks each of its 256 buckets in turn).
     */
    public static void checkModel(String suite, String checks, Class<?> testClass, Class<?> spec, Budget b, int loopBound) {
        run(suite, checks, "model-checking", testClass, modelChecking(b, spec).loopBound(loopBound), b);
    }

    /**
     * As {@link #checkModel(String, String, Class, Class, Budget)}, with {@code scenarios} explored before the
     * random ones: a known interleaving that random generation reaches too rarely to rely on.
     */
    public static void checkModel(String suite, String checks, Class<?> testClass, Class<?> spec, Budget b,
                                  ExecutionScenario... scenarios) {
        ModelCheckingOptions o = modelChecking(b, spec);
        for (ExecutionScenario s : scenarios) o.addCustomScenario(s);
        run(suite, checks, "model-checking", testClass, o, b);
    }

    /** As {@link #checkModel(String, String, Class, Class, Budget, ExecutionScenario...)} with a larger loop bound. */
    public static void checkModel(String suite, String checks, Class<?> testClass, Class<?> spec, Budget b, int loopBound,
                                  ExecutionScenario... scenarios) {
        ModelCheckingOptions o = modelChecking(b, spec).loopBound(loopBound);
        for (ExecutionScenario s : scenarios) o.addCustomScenario(s);
        run(suite, checks, "model-checking", testClass, o, b);
    }

    /** A scenario with no init or post part: {@code threads[i]} runs in parallel thread i. */
    @SafeVarargs
    public static ExecutionScenario parallel(List<Actor>... threads) {
        return afterInit(List.of(), threads);
    }

    /** A custom scenario: {@code init} run first by one thread, then one list of actors per thread, in parallel. */
    @SafeVarargs
    public static ExecutionScenario afterInit(List<Actor> init, List<Actor>... threads) {
        return withPost(init, List.of(), threads);
    }

    /** A custom scenario: {@code init} run first by one thread, then the threads in parallel, then {@code post}. */
    @SafeVarargs
    public static ExecutionScenario withPost(List<Actor> init, List<Actor> post, List<Actor>... threads) {
        return new ExecutionScenario(init, Arrays.asList(threads), post, null);
    }

    /** The call of {@code testClass}'s public operation {@code name} with {@code args} (ints are int parameters). */
    public static Actor actor(Class<?> testClass, String name, Object... args) {
        for (Method m : testClass.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                return new Actor(m, List.of(args), false, false, false, false, false);
            }
        }
        throw new IllegalArgumentException(testClass.getName() + " has no operation " + name + "/" + args.length);
    }

    /** Checks {@code testClass} in stress mode; records the run under {@code suite}. */
    public static void checkStress(String suite, String checks, Class<?> testClass, Class<?> spec, Budget b) {
        run(suite, checks, "stress", testClass, stress(b, spec), b);
    }

    /** As {@link #checkStress(String, String, Class, Class, Budget)}, with {@code scenarios} run before the random ones. */
    public static void checkStress(String suite, String checks, Class<?> testClass, Class<?> spec, Budget b,
                                   ExecutionScenario... scenarios) {
        StressOptions o = stress(b, spec);
        for (ExecutionScenario s : scenarios) o.addCustomScenario(s);
        run(suite, checks, "stress", testClass, o, b);
    }

    private static void run(String suite, String checks, String mode, Class<?> testClass, Options<?, ?> o, Budget b) {
        long t0 = System.nanoTime();
        String verdict = "ERROR";
        try {
            o.check(testClass);
            verdict = "PASS";
        } catch (LincheckAssertionError e) {
            verdict = "FAIL";
            throw e;
        } finally {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Reports.record(suite, null, checks, new LincheckResultsFile.Run(mode, testClass.getName(), b.iterations(),
                    (long) b.iterations() * b.invocations(), b.threads(), b.actorsPerThread(), verdict, ms, Budget.full()));
            System.out.printf("[lincheck] %s %s: %s in %d ms (%d scenarios x %d invocations)%n",
                    suite, mode, verdict, ms, b.iterations(), b.invocations());
        }
    }

    /**
     * Asserts that Lincheck rejects the known-bad twin {@code twinClass} in the given mode, prints the
     * failing interleaving and writes it to {@code twins/<twin>.txt}.
     */
    public static void expectRejected(String twin, String defect, boolean modelChecking, Class<?> twinClass,
                                      Class<?> spec, Budget b) {
        expectRejected(twin, defect, modelChecking, twinClass, spec, b, "twins", "Known-bad twin");
    }

    /**
     * As {@link #expectRejected(String, String, boolean, Class, Class, Budget)} in model checking, seeded: the
     * {@code seeds} (the scenario Lincheck once found and minimized for this twin) are explored before the random
     * ones, so the quick budget rejects the twin in its first scenario instead of after tens of random ones (25 to
     * 45 s each on two cores). The seeds are part of the check, not a crib for the twin: the real implementation,
     * seen through the same operations ({@code realClass}), is run through them first and must pass.
     */
    public static void expectRejectedSeeded(String twin, String defect, Class<?> realClass, Class<?> twinClass,
                                            Class<?> spec, Budget b, Function<Class<?>, List<ExecutionScenario>> seeds) {
        ModelCheckingOptions real = modelChecking(b, spec).iterations(0);
        seeds.apply(realClass).forEach(real::addCustomScenario);
        long t0 = System.nanoTime();
        real.check(realClass);
        System.out.printf("[lincheck] seeds of twin %s on %s: PASS in %d ms%n", twin, realClass.getSimpleName(),
                (System.nanoTime() - t0) / 1_000_000);
        expectRejected(twin, defect, true, twinClass, spec, b, "twins", "Known-bad twin",
                seeds.apply(twinClass).toArray(ExecutionScenario[]::new));
    }

    /** As {@link #expectRejected(String, String, boolean, Class, Class, Budget)} in model checking, with {@code scenarios} first. */
    public static void expectRejected(String twin, String defect, Class<?> twinClass, Class<?> spec, Budget b,
                                      ExecutionScenario... scenarios) {
        expectRejected(twin, defect, true, twinClass, spec, b, "twins", "Known-bad twin", scenarios);
    }

    /**
     * Asserts that Lincheck still rejects a non-linearizable behaviour found in {@code impl} (a finding,
     * kept as a test so it is noticed when it changes) and writes the interleaving to
     * {@code findings/<name>.txt}.
     */
    public static void expectFinding(String name, String description, Class<?> testClass, Class<?> spec, Budget b) {
        expectRejected(name, description, true, testClass, spec, b, "findings", "Finding in impl");
    }

    private static void expectRejected(String twin, String defect, boolean modelChecking, Class<?> twinClass,
                                       Class<?> spec, Budget b, String folder, String kind, ExecutionScenario... scenarios) {
        Options<?, ?> o = modelChecking ? modelChecking(b, spec) : stress(b, spec);
        for (ExecutionScenario s : scenarios) ((ModelCheckingOptions) o).addCustomScenario(s);
        String mode = modelChecking ? "model-checking" : "stress";
        long t0 = System.nanoTime();
        LincheckAssertionError rejection = null;
        try {
            o.check(twinClass);
        } catch (LincheckAssertionError e) {
            rejection = e;
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String verdict = rejection != null ? "REJECTED" : "NOT REJECTED";
        Reports.record(twin, folder, defect, new LincheckResultsFile.Run(mode, twinClass.getName(), b.iterations(),
                (long) b.iterations() * b.invocations(), b.threads(), b.actorsPerThread(), verdict, ms, Budget.full()));
        System.out.printf("[lincheck] twin %s %s: %s in %d ms%n", twin, mode, verdict, ms);
        if (rejection != null && String.valueOf(rejection.getMessage()).contains("The execution has hung")) {
            // A hang verdict can come from Lincheck's loop bound rather than from the defect: not accepted.
            fail("Lincheck rejected " + kind + " " + twin + " for the wrong reason (a hang, not a wrong result):\n"
                    + rejection.getMessage());
        }
        if (rejection == null) {
            fail("Lincheck did not reject " + kind + " " + twin + " (" + defect + ") in " + mode
                    + " mode within " + b.iterations() + " x " + b.invocations() + " invocations");
        }
        String text = kind + " " + twin + ": " + defect + "\nRejected by Lincheck (" + mode + ") in " + ms
                + " ms.\n" + rejection.getMessage() + "\n";
        System.out.println(text);
        Reports.writeInterleaving(folder, twin, text);
    }
}
