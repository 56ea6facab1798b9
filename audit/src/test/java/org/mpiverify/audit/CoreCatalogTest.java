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
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;

/** Every scenario of the catalog on the core's default granularity with both matching engines. */
class CoreCatalogTest {
    /** The core has no MPI_Isendrecv (MPI-4); these report UNSUPPORTED, which is the truth. */
    static final Set<String> UNSUPPORTED_ON_CORE = Set.of("iprobe-isendrecv", "improbe-isendrecv");
    /** Hazards the standard allows: the verdict may be HAZARD on a correct implementation. */
    static final Set<String> HAZARD_ALLOWED = Set.of("probe-recv-false-match");
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
        if (UNSUPPORTED_ON_CORE.contains(id)) {
            assertEquals(Outcome.UNSUPPORTED, v.outcome(), AuditTesting.describe(v));
            assertTrue(v.summary().contains("Isendrecv"), v.summary());
        } else if (HAZARD_ALLOWED.contains(id)) {
            assertTrue(v.outcome() == Outcome.PASS || v.outcome() == Outcome.HAZARD, AuditTesting.describe(v));
        } else {
            assertEquals(Outcome.PASS, v.outcome(), AuditTesting.describe(v));
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
