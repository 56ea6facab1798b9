package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/**
 * The known-bad twins of the core target: each deliberately unsafe variant must be rejected (FAIL, HANG or
 * CRASH) by the scenario that targets its flaw, within a few runs (outcomes under concurrency are
 * probabilistic; the counts are printed).
 */
class UnsafeVariantsTest {
    /** Which scenario exposes which unsafe variant, and why: {@code audit/expected-verdicts.json}'s unsafe columns. */
    static final Map<String, String> REJECTED_BY = ExpectedVerdicts.load().rejectedBy();

    /**
     * Scenarios added after the variants above, each with the unsafe variant it must reject (a variant may be
     * named for several scenarios here; {@link #REJECTED_BY} names one scenario per variant): the scenarios'
     * {@code mustReject} in {@code audit/expected-verdicts.json}.
     */
    static final Map<String, String> MUST_REJECT = ExpectedVerdicts.load().mustReject();

    /**
     * NAIVE_RETRY fails 20 runs in 40 here since phase 2 releases its threads in waves (29 with a CPU hog beside
     * it, 32 on one core; it was 3 in 30 with one long run of threads, and CI once saw 8 passes in a row: the
     * rate depends on the machine). So each variant
     * gets runs until rejected, up to {@value #MAX_RUNS} runs or {@link #BUDGET}: a passing run takes about 0.3 s,
     * a hang 3 s, and the other variants are rejected in their first run.
     */
    static final int MAX_RUNS = 200;
    static final List<String> ENGINE_TWINS = List.of("TruncationKeepsLockEngine", "CancelMissKeepsLockEngine",
            "TruncationDropsReceiveEngine");
    static final Duration BUDGET = Duration.ofSeconds(60);

    /** The scenarios of {@link #MUST_REJECT}, but for those {@link #REJECTED_BY} already runs on their variant. */
    static List<String> scenariosWithTheirVariant() {
        return MUST_REJECT.keySet().stream().filter(s -> !s.equals(REJECTED_BY.get(MUST_REJECT.get(s)))).sorted().toList();
    }

    @Test
    void everyNewScenarioNamesAnUnsafeVariant() {
        List<String> unsafe = AuditTesting.unsafeNames();
        for (var e : MUST_REJECT.entrySet()) {
            assertTrue(unsafe.contains(e.getValue()), e.getKey() + " names " + e.getValue() + ", not an unsafe column");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenariosWithTheirVariant")
    void everyNewScenarioRejectsItsVariant(String scenario) {
        rejects(MUST_REJECT.get(scenario), scenario);
    }

    static List<String> unsafe() {
        return AuditTesting.unsafeNames();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsafe")
    void everyUnsafeVariantIsRejected(String name) {
        String scenario = REJECTED_BY.get(name);
        assertTrue(scenario != null, "no scenario is named to reject the unsafe variant " + name);
        rejects(name, scenario);
    }

    /** Runs {@code scenario} on the unsafe column {@code name} until rejected, within the budget; prints the counts. */
    private static void rejects(String name, String scenario) {
        CoreTarget target = (CoreTarget) CoreColumns.unsafeConfigurations(CoreColumns.QUICK_UNSAFE_DEADLINE).stream()
                .filter(c -> c.name().equals(name)).map(AuditColumn::target).findFirst().orElseThrow();
        List<Outcome> seen = new ArrayList<>();
        Verdict rejected = null;
        long end = System.nanoTime() + BUDGET.toNanos();
        for (int i = 0; i < MAX_RUNS && rejected == null && (i == 0 || System.nanoTime() - end < 0); i++) {
            Verdict v = AuditTesting.judge(target, scenario);
            seen.add(v.outcome());
            if (v.outcome() == Outcome.FAIL || v.outcome() == Outcome.HANG || v.outcome() == Outcome.CRASH) rejected = v;
        }
        System.out.println(name + " on " + scenario + ": " + seen.size() + " run(s), last " + seen.get(seen.size() - 1));
        assertTrue(rejected != null, name + " passed " + scenario + " all " + seen.size() + " times, in "
                + BUDGET.toSeconds() + " s at most: " + seen);
        System.out.println("  " + AuditTesting.describe(rejected).lines().limit(4).reduce((a, b) -> a + "\n  " + b).orElse(""));
        assertTrue(!rejected.evidence().isEmpty(), "a rejection carries evidence");
        // The broken engines leave threads blocked for good (a context lock never released); a later hang's dump
        // must not show them as if they were its own (the variants run in column order, so the later ones would)
        for (String other : ENGINE_TWINS) {
            if (name.endsWith(other)) continue;
            assertTrue(rejected.evidence().stream().noneMatch(e -> e.contains("." + other + ".")),
                    name + " on " + scenario + ": its evidence shows threads of an earlier run's " + other);
        }
    }

    @Test
    void everyUnsafeVariantOfTheCoreIsMarkedUnsafe() {
        List<AuditColumn> all = CoreColumns.configurations(false);
        assertTrue(all.size() >= 16, "every safe granularity x engine and the 8 unsafe variants: " + all.size());
        assertEquals(REJECTED_BY.keySet(), all.stream().filter(AuditColumn::unsafe).map(AuditColumn::name)
                .collect(java.util.stream.Collectors.toSet()));
        assertTrue(all.stream().filter(c -> !c.unsafe()).noneMatch(c -> c.name().contains("LOCK_AROUND")
                || c.name().contains("context ids") || c.name().contains("idup ") || c.name().contains("matching ")));
    }
}
