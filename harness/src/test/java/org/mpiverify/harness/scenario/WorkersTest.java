package org.mpiverify.harness.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.BaseScenario;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;
import org.mpiverify.results.Outcome;

/** The bounded join of a scenario's threads, the mark a rank uses to skip MPI_Finalize, and how it is judged. */
class WorkersTest {

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFailureWithAThreadStillRunningSaysThreadsWereLeftBehind() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Workers.run(2, Duration.ofSeconds(10), t -> {
                if (t == 0) throw new IllegalStateException("boom");
                release.await(30, TimeUnit.SECONDS);   // stands for a call blocked in MPI
            }));
            assertTrue(e.getMessage().contains("boom"), e.getMessage());
            assertTrue(Workers.leftThreadsBehind(e), "the failure must carry the left-behind mark");
        } finally {
            release.countDown();
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFailureAfterWhichEveryThreadEndedIsNotMarked() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Workers.run(2, Duration.ofSeconds(10), t -> {
            if (t == 0) throw new IllegalStateException("boom");
        }));
        assertFalse(Workers.leftThreadsBehind(e), "no thread was left behind");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void threadsThatOutliveTheBoundAreMarkedToo() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            Exception e = assertThrows(Exception.class, () -> Workers.run(1, Duration.ofMillis(300),
                    t -> release.await(30, TimeUnit.SECONDS)));
            assertTrue(Workers.leftThreadsBehind(e), String.valueOf(e));
            assertTrue(e.getMessage().contains("CountDownLatch.await"),
                    "the message names where the left-behind thread waits: " + e.getMessage());
            assertTrue(e.getMessage().lines().findFirst().orElseThrow().contains(", in WorkersTest.lambda$"),
                    "the first line (a verdict's summary) names the innermost project method: " + e.getMessage());
        } finally {
            release.countDown();
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aRankWhoseThreadsOutliveTheBoundIsAHangNotACrash() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Exception e;
        try {
            e = assertThrows(Exception.class, () -> Workers.run(1, Duration.ofMillis(300),
                    t -> release.await(30, TimeUnit.SECONDS)));
        } finally {
            release.countDown();
        }
        java.io.StringWriter trace = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(trace));
        BaseScenario scenario = new BaseScenario("hang-judge", "judge of a bound exceeded", "WorkersTest", 2, 1, 1,
                Duration.ofSeconds(1)) {
            @Override public RankReport run(AuditMpi mpi) { throw new UnsupportedOperationException(); }
            @Override protected Verdict judgeReports(List<RankReport> reports) { return Verdict.pass("all returned"); }
        };
        Verdict v = scenario.judge(List.of(new RankReport(0, Map.of(), List.of(), trace.toString()),
                new RankReport(1, Map.of(), List.of(), "ERR_ABORTED: no report after rank 0 failed")));
        assertEquals(Outcome.HANG, v.outcome(), v.summary());
        assertTrue(v.summary().startsWith("rank 0: threads [0] of 1 did not finish within 300 ms"), v.summary());

        Verdict crash = scenario.judge(List.of(new RankReport(0, Map.of(), List.of(), "java.lang.IllegalStateException: boom"),
                new RankReport(1, Map.of(), List.of(), "ERR_ABORTED: no report after rank 0 failed")));
        assertEquals(Outcome.CRASH, crash.outcome(), "any other exception stays a crash: " + crash.summary());
    }
}
