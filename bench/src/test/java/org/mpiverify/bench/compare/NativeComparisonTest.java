package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.mpi.Job;

/**
 * MPICH as the figures use it: registered with the ServiceLoader, named with its version, a tiny
 * ping-pong measured through {@link ScenarioTiming} (rank JVMs that load the bench's scenario class
 * from its spec), and a deadlocking run ended at its deadline with a one-line error and the evidence.
 * A missing MPICH fails under {@code CI=true} and skips elsewhere, naming the Debian packages.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NativeComparisonTest {
    private static final Duration TEST_LIMIT = Duration.ofSeconds(40);
    private final MpichComparison mpich = new MpichComparison();

    @BeforeAll
    void requireMpich() {
        Optional<String> missing = mpich.unavailable();
        if (missing.isEmpty()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI must measure MPICH: " + missing.get());
        }
        Assumptions.abort(missing.get());
    }

    @Test
    void everyLibraryIsRegistered() {
        List<String> types = ServiceLoader.load(ComparisonTarget.class).stream().map(p -> p.type().getName()).toList();
        assertEquals(List.of(MpichComparison.class.getName(), OpenMpiComparison.class.getName(),
                MpjMulticoreComparison.class.getName(), MpjNiodevComparison.class.getName()), types);
    }

    @Test
    void aTinyPingPongOnMpichGivesItsTiming() {
        PingPongScenario sc = new PingPongScenario(2, 200, PingPongScenario.MULTIPLE);
        double ns = within("MPICH ping-pong", () -> {
            List<RankReport> reports = mpich.run(sc, Duration.ofSeconds(20));
            assertEquals(2, reports.size());
            assertEquals("200", reports.get(1).fact("iterations"), "rank 1 ran the spec's iterations");
            return ScenarioTiming.value(sc, reports, PingPongScenario.FACT, mpich.name());
        });
        assertTrue(ns > 0 && Double.isFinite(ns), "half round trip " + ns);
        assertTrue(mpich.name().matches("MPICH \\d+\\.\\d+(\\.\\d+)?"), mpich.name());
        System.out.println(mpich.name() + " tiny ping-pong: " + ns + " ns (machine shared: not a result)");
    }

    @Test
    void aDeadlockedRunEndsAtItsDeadlineWithOneLineAndTheEvidence() {
        ComparisonRunException e = within("MPICH deadlock", () -> assertThrows(ComparisonRunException.class,
                () -> mpich.run(new RecvFirstDeadlockScenario(), Duration.ofSeconds(1))));
        assertTrue(e.getMessage().startsWith(mpich.name() + ": bench-test-recv-first-deadlock HUNG: deadline of"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.evidence().contains("launcher output"), e.evidence());
    }

    private interface Body<T> {
        T get() throws Throwable;
    }

    private static <T> T within(String what, Body<T> body) {
        try {
            return assertTimeoutPreemptively(TEST_LIMIT, body::get,
                    () -> what + " exceeded " + TEST_LIMIT.toSeconds() + " s; threads:\n" + Job.threadDump());
        } catch (Error e) {
            System.err.println(what + " failed; threads:\n" + Job.threadDump());
            throw e;
        }
    }
}
