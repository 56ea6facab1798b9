package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.api.AuditStatus;
import org.mpiverify.audit.core.CoreAuditMpi;
import org.mpiverify.audit.core.CoreTarget;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.Verdict;
import org.mpiverify.audit.target.RunOutcome;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;

/**
 * The ping-pong, dup and message-rate kernels check what they receive, on every implementation alike:
 * over the core they pass, and through a binding that changes one word of one received message, or
 * reports a wrong count, they are rejected (a run with wrong data has no timing).
 */
class KernelPayloadChecksTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private final CoreTarget core = (CoreTarget) CoreTarget.safe(Granularity.LOCK_FREE, MatchingKind.QUEUES).target();

    private static List<MeasuringScenario> scenarios() {
        return List.of(new PingPongScenario(2, 50, PingPongScenario.MULTIPLE),
                new MessageRateScenario("BLOCKING", 2, true, 3), new MessageRateScenario("NONBLOCKING", 1, false, 3));
    }

    @Test
    void everyKernelPassesOnTheCore() {
        for (MeasuringScenario sc : scenarios()) {
            Verdict v = sc.judge(run(sc, () -> core.runOnce(sc)));
            assertEquals(Outcome.PASS, v.outcome(), sc.id() + ": " + v.evidence());
        }
        DupScenario dup = new DupScenario(2, 2, 20);
        assertEquals(Outcome.PASS, dup.judge(run(dup, () -> core.runOnce(dup))).outcome());
    }

    @Test
    void aWrongPayloadOrCountIsRejected() {
        for (MeasuringScenario sc : scenarios()) {
            for (boolean count : new boolean[] {false, true}) {
                AtomicInteger receives = new AtomicInteger();
                List<RankReport> reports = run(sc, () -> core.runOnce(sc,
                        (mpi, name) -> corrupting(new CoreAuditMpi(mpi, name), receives, count)));
                Verdict v = sc.judge(reports);
                assertEquals(Outcome.FAIL, v.outcome(), sc.id() + (count ? " count" : " payload") + ": went unnoticed");
                assertThrows(IllegalStateException.class, () -> ScenarioTiming.value(sc, reports, sc.timingFact(), "test"));
            }
        }
    }

    /** Changes element 0 (or the status's count) of the 3rd message rank 1 receives, whichever call delivers it. */
    static AuditMpi corrupting(AuditMpi d, AtomicInteger receives, boolean count) {
        Map<Long, int[]> posted = new ConcurrentHashMap<>();
        return (AuditMpi) Proxy.newProxyInstance(AuditMpi.class.getClassLoader(), new Class<?>[] {AuditMpi.class},
                (proxy, method, args) -> {
                    Object r;
                    try {
                        r = method.invoke(d, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    int[] buf = switch (method.getName()) {
                        case "recv" -> (int[]) args[1];
                        case "irecv" -> {
                            posted.put((Long) r, (int[]) args[1]);
                            yield null;
                        }
                        case "waitFor" -> posted.remove((Long) args[0]);
                        default -> null;
                    };
                    if (buf != null && r instanceof AuditStatus s && d.commRank(d.commWorld()) == 1
                            && receives.incrementAndGet() == 3) {
                        if (count) {
                            return new AuditStatus(s.source(), s.tag(), s.count() + 1, s.cancelled(), s.error());
                        }
                        buf[0] ^= 0x40;
                    }
                    return r;
                });
    }

    private interface Once {
        RunOutcome run();
    }

    private static List<RankReport> run(MeasuringScenario sc, Once once) {
        RunOutcome o = assertTimeoutPreemptively(LIMIT, once::run,
                () -> sc.id() + " exceeded " + LIMIT.toSeconds() + " s; threads:\n" + Job.threadDump());
        if (o instanceof RunOutcome.Completed c) {
            return c.reports();
        }
        System.err.println(sc.id() + " did not complete; threads:\n" + Job.threadDump());
        throw new AssertionError(sc.id() + ": " + o);
    }
}
