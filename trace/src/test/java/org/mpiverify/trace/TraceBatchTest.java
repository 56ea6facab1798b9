package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.completion.CompletionTraces;
import org.mpiverify.trace.completion.CompletionTranslator;
import org.mpiverify.trace.completion.CompletionTwins;
import org.mpiverify.trace.completion.CompletionWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTwin;
import org.mpiverify.trace.tlc.TlcSession;

/**
 * Short traces of one spec checked in one TLC run ({@link TraceBatch}, {@link TraceChecker#checkBatched}): a known-bad
 * twin's trace among good ones is REJECTED at its own first bad event (found independently, by replaying each wait's
 * steps, and the same as its run alone), the good ones ACCEPTED; and when a trace's property violation stops the
 * batch's run, every trace of the batch still gets its own verdict.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TraceBatchTest {
    private static TraceChecker checker(String folder) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test/batch/" + folder),
                500, Duration.ofMinutes(2));
    }

    private static TraceRecorder recorder() {
        return TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.COMPLETION), false);
    }

    private static TraceModel driven(String name, int rounds) {
        return new CompletionTraces(name, drive(rounds), "Completion");
    }

    /** The events of the driver's real completions, {@code rounds} rounds of 2 threads. */
    private static List<RecordedEvent> drive(int rounds) {
        TraceRecorder rec = recorder();
        JobResult r = CompletionWorkload.drive(JobConfig.of(2).withTrace(rec), CompletionWorkload::real, 2, rounds,
                Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        return rec.events();
    }

    @Test
    void aTwinsTraceInABatchOfGoodOnesIsRejectedAtItsOwnFirstBadEvent() {
        TraceRecorder core = recorder();
        JobConfig config = JobConfig.of(2).withTrace(core);
        JobResult r = CompletionWorkload.run(config, 3, 6, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        TraceModel coreTrace = new CompletionTranslator().models("core", core.events(), core.facts(), config).getFirst();

        TraceTwin twin = TraceTwins.byName(CompletionTwins.REGISTER_AFTER_CHECK_NAME);
        assertNotNull(twin);
        TraceRecorder rec = recorder();
        JobConfig twinConfig = twin.apply(JobConfig.of(2)).withTrace(rec);
        assertTrue(CompletionWorkload.forTrace(twinConfig, 2, 60, Duration.ofMinutes(1)).ok());
        TraceModel bad = new CompletionTranslator().models("twin", rec.events(), rec.facts(), twinConfig).getFirst();
        int expected = CompletionTraceTest.firstOutOfOrder(bad);
        assertTrue(expected > 0, "the twin's waits took the slow path");

        List<TraceModel> batch = List.of(driven("good-1", 8), bad, coreTrace, driven("good-2", 10));
        TraceChecker checker = checker("twin");
        Path specs = checker.specFolder("matchtable");
        String key = TraceBatch.key(specs, batch.getFirst());
        assertNotNull(key, "a completion trace is batched");
        for (TraceModel m : batch) assertEquals(key, TraceBatch.key(specs, m), m.name() + " is in the same batch");

        List<TraceVerdict> verdicts;
        TraceVerdict alone;
        try (TlcSession session = new TlcSession(specs, true)) {
            verdicts = checker.checkBatched(batch, session);
            alone = checker.check(bad, session);
        }
        verdicts.forEach(v -> System.out.println(v.summary()));
        for (int i : new int[] {0, 2, 3}) {
            assertEquals(TraceVerdict.Status.ACCEPTED, verdicts.get(i).status(), CompletionTraceTest.show(verdicts.get(i)));
            assertEquals(batch.get(i).steps().size(), verdicts.get(i).events());
        }
        TraceVerdict v = verdicts.get(1);
        assertEquals("twin/completions", v.name());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), CompletionTraceTest.show(v));
        assertEquals(expected, v.firstBad(), "rejected at the twin's first wait step out of order: "
                + CompletionTraceTest.show(v));
        assertEquals(alone.firstBad(), v.firstBad(), "as when checked alone");
        assertTrue(v.badStep().tla().contains("\"Check\""), v.badStep().tla());
        assertTrue(!v.stateBefore().isEmpty(), "the spec's state before the bad event is reported");
    }

    @Test
    void aViolationThatStopsTheBatchLeavesEveryTraceItsOwnVerdict() {
        // the spec mutant whose unpark delivers no wake-up: NoLostWakeupKept fails at the first completer that finds
        // its waiter parked, in each recording where one did
        List<RecordedEvent> a = drive(30);
        List<RecordedEvent> b = drive(30);
        int wokeA = CompletionTraceTest.firstUnparkOfParkedWaiter(new CompletionTraces("a", a, "Completion"));
        int wokeB = CompletionTraceTest.firstUnparkOfParkedWaiter(new CompletionTraces("b", b, "Completion"));
        assertTrue(wokeA > 0 && wokeB > 0, "a completer found its waiter parked in each recording");
        Map<String, String> mutant = Map.of("UnparkStep", "UnparkNoBit");
        List<TraceModel> batch = List.of(new CompletionTraces("mutant-a", a, "Completion", mutant),
                new CompletionTraces("mutant-b", b, "Completion", mutant));
        TraceChecker checker = checker("violation");
        List<TraceVerdict> verdicts;
        try (TlcSession session = new TlcSession(checker.specFolder("matchtable"), true)) {
            verdicts = checker.checkBatched(batch, session);
        }
        verdicts.forEach(v -> System.out.println(v.summary()));
        int[] woke = {wokeA, wokeB};
        for (int i = 0; i < 2; i++) {
            TraceVerdict v = verdicts.get(i);
            assertEquals(TraceVerdict.Status.REJECTED, v.status(), CompletionTraceTest.show(v));
            assertEquals("NoLostWakeupKept", v.violated(), CompletionTraceTest.show(v));
            assertEquals(woke[i], v.firstBad(), CompletionTraceTest.show(v));
        }
    }
}
