package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.bench.kernel.ProbeRecvUnlocked;
import org.mpiverify.bench.kernel.ReceiveMethod;
import org.mpiverify.bench.kernel.UnknownSize.Pattern;
import org.mpiverify.bench.kernel.UnknownSizeReceive;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.core.CoreAuditMpi;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;

/**
 * Hoefler's unknown-size receives over {@code AuditMpi}, on the core: every safe method passes in both
 * patterns, directed and any,any, with a positive timing per (method, size); and the check fails where
 * it must — a bare probe+recv under wildcards (the paper's false match) and a binding that flips one
 * word of one received message are rejected by the {@code bad=} rule.
 */
class UnknownSizeScenarioTest {
    private static final List<ReceiveMethod> SAFE = List.of(ReceiveMethod.values());
    private final CoreTarget core = CoreTarget.of(Granularity.LOCK_FREE, MatchingKind.HASH_TABLE);

    private static UnknownSizeScenario scenario(Pattern p, boolean any, List<? extends UnknownSizeReceive> methods,
                                                int messages) {
        return new UnknownSizeScenario(p, any, 2, methods, new int[] {8, 4096}, new int[] {messages, messages / 2});
    }

    @Test
    void everySafeMethodPassesWithATimingPerPoint() {
        for (Pattern p : Pattern.values()) {
            for (boolean any : new boolean[] {false, true}) {
                UnknownSizeScenario sc = scenario(p, any, SAFE, 200);
                List<RankReport> reports = OnTheCore.run(sc, () -> core.runOnce(sc));
                Verdict v = sc.judge(reports);
                assertEquals(Outcome.PASS, v.outcome(), sc.id() + ": " + v.summary() + " " + v.evidence());
                for (ReceiveMethod m : SAFE) {
                    for (int b : new int[] {8, 4096}) {
                        double x = Double.parseDouble(reports.get(0).fact(UnknownSizeScenario.fact(m, b)));
                        assertTrue(x > 0 && Double.isFinite(x), sc.id() + " " + m + " " + b + ": " + x);
                    }
                }
                assertEquals(sc.ranks(), reports.size());
            }
        }
    }

    /**
     * The paper's §2 race: two threads probe the same message with wildcards and one receives another
     * message of a different size. Each run is probabilistic, so up to 20 runs of 400 messages per
     * thread; the race is measured to show within the first few on the core.
     */
    @Test
    void probeThenRecvWithoutTheLockIsRejectedUnderWildcards() {
        UnknownSizeScenario sc = new UnknownSizeScenario(Pattern.RATE, true, 3, List.of(ProbeRecvUnlocked.PROBE_RECV_UNLOCKED),
                new int[] {8}, new int[] {400});
        Verdict failed = null;
        for (int i = 0; i < 20 && failed == null; i++) {
            Verdict v = sc.judge(OnTheCore.run(sc, () -> core.runOnce(sc)));
            if (v.outcome() == Outcome.FAIL) {
                failed = v;
            }
        }
        assertTrue(failed != null, "20 runs of probe+recv without a lock under any,any never falsely matched");
        assertTrue(failed.evidence().toString().contains("PROBE_RECV_UNLOCKED"), failed.evidence().toString());
    }

    @Test
    void theSamePatternDirectedIsSafe() {
        UnknownSizeScenario sc = new UnknownSizeScenario(Pattern.RATE, false, 3, List.of(ProbeRecvUnlocked.PROBE_RECV_UNLOCKED),
                new int[] {8}, new int[] {400});
        Verdict v = sc.judge(OnTheCore.run(sc, () -> core.runOnce(sc)));
        assertEquals(Outcome.PASS, v.outcome(), v.summary() + " " + v.evidence());
    }

    @Test
    void aBindingThatCorruptsOnePayloadIsRejectedForEveryMethod() {
        for (ReceiveMethod m : SAFE) {
            for (Pattern p : Pattern.values()) {
                UnknownSizeScenario sc = scenario(p, false, List.of(m), 40);
                List<RankReport> reports = OnTheCore.run(sc, () -> core.runOnce(sc,
                        (mpi, name) -> OnTheCore.corrupting(new CoreAuditMpi(mpi, name), 0, 5, OnTheCore.Lie.ELEMENT_1)));
                Verdict v = sc.judge(reports);
                assertEquals(Outcome.FAIL, v.outcome(), m + " " + p + ": a flipped word went unnoticed");
                assertTrue(v.evidence().toString().contains("wrong"), v.evidence().toString());
                assertThrows(IllegalStateException.class,
                        () -> ScenarioTiming.value(sc, reports, sc.timingFact(), "core with a corrupting binding"));
            }
        }
    }

    @Test
    void specsRoundTripAndBadOnesAreRejected() {
        UnknownSizeScenario sc = scenario(Pattern.ROUND_TRIP, true, SAFE, 300);
        UnknownSizeScenario back = UnknownSizeScenario.fromSpec(sc.spec());
        assertEquals(sc.spec(), back.spec());
        assertEquals(sc.id(), back.id());
        assertEquals(2, back.ranks());
        assertEquals(3, scenario(Pattern.RATE, false, SAFE, 10).ranks());
        assertFalse(sc.spec().chars().anyMatch(Character::isWhitespace), sc.spec());
        for (String bad : List.of("", "pattern=RATE,any=true,threads=2,methods=RECV,bytes=8",
                "pattern=SIDEWAYS,any=true,threads=2,methods=RECV,bytes=8,messages=1",
                "pattern=RATE,any=true,threads=2,methods=PEEK,bytes=8,messages=1",
                "pattern=RATE,any=true,threads=2,methods=RECV,bytes=6,messages=1",
                "pattern=RATE,any=true,threads=2,methods=RECV,bytes=8+16,messages=1",
                "pattern=RATE,any=maybe,threads=2,methods=RECV,bytes=8,messages=1",
                "pattern=RATE,any=true,threads=2,methods=RECV+RECV,bytes=8,messages=1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> UnknownSizeScenario.fromSpec(bad), "accepted '" + bad + "'");
            assertFalse(e.getMessage().isBlank());
        }
    }
}
