package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.matching.MatchingTraces;
import org.mpiverify.trace.matching.MatchingTwins;
import org.mpiverify.trace.matching.MatchingWorkload;
import org.mpiverify.trace.spi.TraceModel;

/**
 * Each known-bad matching engine, run in a job through {@code JobConfig.withOverrides}: its defect is a
 * race (or, for the unsorted drain, depends on the table's bucket order), so the test runs its workload
 * again, each run with a short deadline, until a run's trace holds a wrong match (a quick replay tells
 * which run), at most for a bounded time; TLC must then accept the trace up to that event and reject
 * it there, and the event must be the step the defect produces.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class MatchingTwinTraceTest {
    private static final Duration SEARCH = Duration.ofSeconds(Integer.getInteger("twin.search.seconds", 60));
    private static final boolean FULL = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
    /** Quick run: a hit whose first wrong match comes later than this is passed over for an earlier one. */
    private static final int QUICK_MAX_PREFIX = 400;

    /**
     * The first bad event each defect makes: a check-then-act arrival is queued although a matching receive
     * is posted (it was posted between the scan and the enqueue): "missed"; a receive or message stranded
     * in the table after a mode switch makes its own step, or the first later step that should have
     * matched it, report no match ("missed"), or makes a later item of its key match first ("wrong": the
     * step names another item than the spec's); the unsorted drain gives a wildcard receive a message that
     * is not the earliest matching one ("wrong").
     *
     * <p>A race run sends {@code quickRounds} messages a thread in the quick run, 150 under {@code -Pfull}. TLC's
     * time per event grows with the messages and receives a hung run leaves pending: the check-then-act queue twin's
     * hit in a run of 150 came as late as event 599 (39 s of TLC, and as long again to print the state before it),
     * so its quick runs are short; the hash twins' races need the long runs to come at all (one quick run of
     * {@code ModeReadBeforeLockOnArrivalHashEngine} at 40 found no hit in 60 s). In the quick run a hit later than
     * {@value #QUICK_MAX_PREFIX} events is passed over for an earlier one (a hit at event 737 took 45 s of TLC).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "CheckThenActArrivalQueueEngine, race, 40, Arrive, missed",
            "ModeReadBeforeLockOnPostHashEngine, race, 150, Post|Arrive, missed|wrong",
            "ModeReadBeforeLockOnArrivalHashEngine, race, 150, Post|Arrive, missed|wrong",
            "UnsortedDrainHashEngine, drain, 0, Post, wrong"})
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aTwinsTraceIsRejectedAtItsFirstWrongMatch(String twin, String workload, int quickRounds, String badKinds,
                                                   String outcomes) {
        int rounds = FULL ? 150 : quickRounds;
        long end = System.nanoTime() + SEARCH.toNanos();
        int runs = 0;
        while (System.nanoTime() < end) {
            runs++;
            TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
            JobConfig config = JobConfig.of(2).withMatching(twin.endsWith("QueueEngine") ? MatchingKind.QUEUES
                    : MatchingKind.HASH_TABLE).withExperimental(true).withOverrides(MatchingTwins.byName(twin))
                    .withTrace(rec);
            JobResult r = workload.equals("race")
                    ? MatchingWorkload.race(config, 3, rounds, Duration.ofSeconds(3))
                    : MatchingWorkload.drain(config, 8, 4, Duration.ofSeconds(3));
            List<RecordedEvent> events = rec.events();
            for (int rank : MatchingTraces.ranks(events)) {
                int bad = MatchingReplay.firstDisagreement(MatchingReplay.steps(events, rank));
                if (bad == 0) continue;
                if (!FULL && bad > QUICK_MAX_PREFIX) {
                    System.out.println(twin + " run " + runs + ": first wrong match at event " + bad + ", later than "
                            + QUICK_MAX_PREFIX + ": searching on for an earlier one");
                    continue;
                }
                // TLC gets the trace up to the first wrong match: it must accept every event before it.
                TraceModel model = TracePrefix.of(
                        new MatchingTraces(twin + "-run" + runs + "/rank" + rank, twin, rank, events), bad);
                TraceVerdict v = MatchingTraceTest.checker("twins").check(model);
                System.out.println(v.summary() + " (run " + runs + ", job " + (r.ok() ? "ended" : "failed: "
                        + r.describe().lines().findFirst().orElse("")) + ")");
                assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary() + "\n" + v.reason());
                assertEquals(bad, v.firstBad(), "TLC's first bad event is the first wrong match");
                assertNotNull(v.badStep());
                String tla = v.badStep().tla();
                assertTrue(tla.matches("\\[k \\|-> \"(" + badKinds + ")\".*"), "the first bad event is a " + badKinds
                        + ": " + tla);
                MatchingStep step = MatchingReplay.steps(events, rank).get(bad - 1);
                long result = step.kind() == MatchingStep.Kind.POST ? step.message() : step.receive();
                String got = result == 0 ? "missed" : "wrong";
                assertTrue(got.matches(outcomes), "the engine's result is " + got + ", expected " + outcomes + ": " + step);
                assertEquals(null, v.violated(), "no spec step takes the event (rather than a property failing)");
                TraceReports.write(v, ContextIdTraceTest.outDir().resolve("twins/" + twin + "/rejected"));
                TraceCommand.writeResults(ContextIdTraceTest.outDir().resolve("twins/" + twin + "/results.json"),
                        List.of(v), twin, List.of());
                return;
            }
            if (!r.ok()) System.out.println(twin + " run " + runs + ": no wrong match, but " + r.describe());
        }
        throw new AssertionError(twin + ": no run in " + SEARCH.toSeconds() + " s (" + runs
                + " runs) hit the defect");
    }
}
