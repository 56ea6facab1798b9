package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;

/**
 * Every scenario of the catalog on the core's default granularity with both matching engines, each verdict one the
 * core's column of {@code audit/expected-verdicts.json} allows (PASS but for the calls the core lacks and the hazards
 * the standard allows); and on the column on the bit-vector scheduler the same, for a sample of the catalog
 * ({@link #SCHEDULER_SAMPLE}) or, under {@code -Pfull}, the whole catalog.
 */
class CoreCatalogTest {
    /** What a single run of each scenario may give on the core's safe columns. */
    static final ExpectedVerdicts EXPECTED = ExpectedVerdicts.load();
    static Stream<Arguments> cells() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (MatchingKind m : MatchingKind.values()) {
            for (Scenario s : ScenarioCatalog.all()) {
                b.add(Arguments.of(m, s.id()));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{1} on PER_OBJECT/{0}")
    @MethodSource("cells")
    void everyScenarioPassesOnTheCore(MatchingKind matching, String id) {
        CoreTarget core = AuditTesting.core(Granularity.PER_OBJECT, matching);
        Verdict v = AuditTesting.judge(core, id);
        assertTrue(EXPECTED.allowed("core", id).contains(v.outcome()), "allowed " + EXPECTED.allowed("core", id) + ", got "
                + AuditTesting.describe(v));
        if (v.outcome() == Outcome.UNSUPPORTED) {
            // unsupported for the right reason: the binding names the MPI call the core lacks
            assertTrue(v.summary().contains("UnsupportedOperationException: MPI_"), v.summary());
        }
    }

    /**
     * The quick sample on the bit-vector scheduler (about 1 s): blocking point-to-point, its waits on the
     * scheduler, and the scenario whose threads are virtual, pooled and foreign.
     */
    static final List<String> SCHEDULER_SAMPLE = List.of("p2p-blocking", "thread-kinds");

    static Stream<String> schedulerCells() {
        return AuditTesting.FULL ? ScenarioCatalog.all().stream().map(Scenario::id) : SCHEDULER_SAMPLE.stream();
    }

    @ParameterizedTest(name = "{0} on PER_OBJECT/HASH_TABLE, bit-vector scheduler")
    @MethodSource("schedulerCells")
    void everyScenarioPassesOnTheBitVectorScheduler(String id) {
        CoreTarget core = (CoreTarget) CoreColumns.bitVectorScheduler().target();
        Verdict v = AuditTesting.judge(core, id);
        assertTrue(EXPECTED.allowed("core", id).contains(v.outcome()), "allowed " + EXPECTED.allowed("core", id) + ", got "
                + AuditTesting.describe(v));
        if (v.outcome() == Outcome.UNSUPPORTED) {
            assertTrue(v.summary().contains("UnsupportedOperationException: MPI_"), v.summary());
        }
    }

    @Test
    void catalogIdsAreUniqueAndEveryScenarioIsComplete() {
        List<Scenario> all = ScenarioCatalog.all();
        assertTrue(all.size() >= 16, "at least the 16 scenarios of the issue, got " + all.size());
        Set<String> ids = new HashSet<>();
        for (Scenario s : all) {
            assertTrue(ids.add(s.id()), "duplicate id " + s.id());
            assertTrue(s.id().matches("[a-z0-9.-]+"), s.id());
            assertTrue(!s.title().isBlank() && !s.origin().isBlank(), s.id());
            assertTrue(s.ranks() >= 2 && s.repeats(false) >= 1 && s.repeats(true) >= s.repeats(false), s.id());
            assertTrue(!s.deadline().isNegative() && !s.deadline().isZero(), s.id());
            assertEquals(s, ScenarioCatalog.byId(s.id()));
        }
    }
}
