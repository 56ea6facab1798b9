package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.results.Workspace;
import org.mpiverify.trace.contextid.DupWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * Context-id traces against the specs of {@code specs/contextid}: accepted for every algorithm (read as data in
 * one TLC run, calls in slots the spec restarts), rejected for the twin that does not take the mask (at the first
 * event where a second thread of a process owns it), and rejected when an event is dropped or two are swapped.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ContextIdTraceTest {
    private static final int CAPACITY = 64;
    /**
     * A capacity whose default eager segment is one segment (4 ids): the twin's defect needs two threads of a
     * process in Fig. 3 rounds at once, and with several segments concurrent dups rarely leave their eager rounds.
     */
    private static final int ONE_SEGMENT_CAPACITY = 20;

    private static TraceChecker checker(String folder, int window) {
        return new TraceChecker(Workspace.root().resolve("specs"), outDir().resolve("test/" + folder), window,
                Duration.ofMinutes(3));
    }

    /** out/trace/: the dashboard reads the twin's verdict from twins/NAME/results.json. */
    static Path outDir() {
        return Workspace.outputDir(Workspace.root()).resolve("trace");
    }

    private record Run(TraceModel model, List<RecordedEvent> events) {}

    private static Run record(JobConfig config, int threads, int rounds, String name) {
        return record(config, CAPACITY, threads, rounds, name);
    }

    private static Run record(JobConfig config, int capacity, int threads, int rounds, String name) {
        return record(config, capacity, threads, rounds, name, false);
    }

    /**
     * Runs the dup workload with recording on and translates its trace; the job must succeed, except that with
     * {@code twinMayFail} a job that failed because the twin's two mask owners took one id and released it twice
     * gives null (its defect showed as that failure instead of in a whole trace).
     */
    private static Run record(JobConfig config, int capacity, int threads, int rounds, String name, boolean twinMayFail) {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false);
        JobConfig c = config.withContextIdCapacity(capacity).withTrace(rec);
        JobResult r = DupWorkload.run(c, threads, rounds, Duration.ofMinutes(1));
        if (twinMayFail && !r.ok() && r.describe().contains("released twice")) return null;
        assertTrue(r.ok(), r.describe());
        List<RecordedEvent> events = rec.events();
        List<TraceModel> models = Translators.of(Algorithm.CONTEXT_ID).models(name, events, rec.facts(), c);
        assertEquals(1, models.size());
        return new Run(models.getFirst(), events);
    }

    @Test
    void concurrentDupsOfTheMultithreadedAlgorithmAreAccepted() {
        Run run = record(JobConfig.of(4), 4, 8, "dup-4x4");
        TraceVerdict v = checker("accepted", 400).check(run.model());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
        assertTrue(v.events() > 400, "a trace longer than a history window: " + v.events());
        assertEquals(1, v.windows(), "read as data: one TLC run");
        assertTrue(run.model().steps().stream().anyMatch(s -> s.tla().contains("fresh |-> TRUE")),
                "a call took a slot an earlier call had used (the spec restarted the slot)");
    }

    /** The experimental algorithms against their own specs: one thread per rank (two would hang some of them). */
    @ParameterizedTest
    @EnumSource(value = ContextIdAlgorithm.class, names = {"PUBLISHED_FIG3", "SINGLE_THREADED_LOCKED", "NAIVE_RETRY"})
    void everyExperimentalAlgorithmIsAcceptedByItsOwnSpec(ContextIdAlgorithm a) {
        Run run = record(JobConfig.of(3).withExperimental(true).withContextIds(a), 1, 6, "dup-" + a);
        assertEquals(a.name(), run.model().variant());
        TraceVerdict v = checker("accepted", 1000).check(run.model());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
    }

    /** Every run in which the twin's defect shows (3 of them) is rejected, each at the event where it shows. */
    @Test
    void theTwinThatDoesNotTakeTheMaskIsRejectedWhereASecondThreadOwnsIt() throws Exception {
        TraceTwin twin = TraceTwins.byName("MaskNotTakenContextIdAllocator");
        assertNotNull(twin);
        List<TraceVerdict> rejected = new ArrayList<>();
        for (int attempt = 1; attempt <= 30 && rejected.size() < 3; attempt++) {
            Run run = record(twin.apply(JobConfig.of(4)), ONE_SEGMENT_CAPACITY, 4, 8, "twin-" + attempt, true);
            if (run == null) continue;     // the defect ended the job (an id released twice) before its trace was whole
            int expected = firstSecondOwner(run.model());
            if (expected == 0) continue;   // the race did not happen in this run: no double owner to find
            TraceVerdict v = checker("twin", 2000).check(run.model());
            assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary());
            assertEquals(expected, v.firstBad(), "rejected at the first ENTER that owns a mask another thread owns: "
                    + v.summary());
            assertTrue(v.badStep().description().contains("owns the mask"), v.badStep().description());
            rejected.add(v);
        }
        assertEquals(3, rejected.size(), "in 30 runs the twin's defect (two threads of a process owning the mask) "
                + "showed only " + rejected.size() + " times");
        // as a CI server sees them: each rejection a failing test case naming its first bad event
        Path junit = outDir().resolve("twins/" + twin.name() + "/" + TraceCommand.JUNIT_REPORT);
        TraceJUnitReport.write(junit, rejected, null);
        List<String> failures = TraceJUnitReportTest.failureMessages(junit);
        assertEquals(rejected.size(), failures.size(), failures.toString());
        for (int i = 0; i < rejected.size(); i++) {
            assertTrue(failures.get(i).startsWith("trace REJECTED at event " + rejected.get(i).firstBad() + " of "),
                    failures.get(i));
            assertTrue(failures.get(i).contains("no step of the spec takes it"), failures.get(i));
        }
        TraceJUnitReport.write(junit, rejected, twin.name());
        assertEquals(List.of(), TraceJUnitReportTest.failureMessages(junit), "the twin's traces, caught, all pass");
        for (TraceVerdict v : rejected) TraceReports.write(v, outDir().resolve("twins/" + twin.name() + "/rejected"));
        TraceCommand.writeResults(outDir().resolve("twins/" + twin.name() + "/results.json"), rejected, twin.name(),
                List.of());
    }

    /**
     * The slot of a step's thread: n of {@code t |-> (n - 1) * processes + p} (the spec's numbering of slot
     * threads, {@code ContextIdSlotThreads}).
     */
    private static int slotOf(TraceStep step, int processes) {
        String tla = step.tla();
        int t = tla.indexOf("t |-> ") + "t |-> ".length();
        int end = t;
        while (end < tla.length() && Character.isDigit(tla.charAt(end))) end++;
        return (Integer.parseInt(tla.substring(t, end)) - 1) / processes + 1;
    }

    /**
     * The number of the first step (from 1) in which a thread owns its process's mask in a Fig. 3 round while
     * another thread of the process owns it (its round not finished): what the twin lets happen; 0 if none.
     */
    private static int firstSecondOwner(TraceModel model) {
        Map<Integer, String> owner = new HashMap<>();   // process -> lane owning its mask
        for (TraceStep s : model.steps()) {
            String tla = s.tla();
            int process = Integer.parseInt(s.lane().substring(1, s.lane().indexOf('/')));
            boolean enter = tla.contains("k |-> \"Enter\"");
            boolean finish = tla.contains("k |-> \"FinishRound\"");
            if (enter && tla.contains("own |-> TRUE")) {
                if (owner.containsKey(process)) return s.number();
                owner.put(process, s.lane());
            } else if (finish && s.lane().equals(owner.get(process))) {
                owner.remove(process);
            }
        }
        return 0;
    }

    @Test
    void aTraceWithAnEventDroppedOrTwoSwappedIsRejected() {
        Run run = record(JobConfig.of(4), 4, 3, "edited");
        TraceModel m = run.model();
        List<TraceStep> steps = m.steps();
        TraceChecker checker = checker("edited", steps.size() + 1);
        // Swap a Fig. 3 or first-round offer with its own end: the end comes first, which no step allows.
        int enter = 0;
        int finish = 0;
        for (TraceStep s : steps) {
            if (enter == 0 && s.tla().contains("k |-> \"EnterEager\"")) enter = s.number();
            if (enter != 0 && s.lane().equals(steps.get(enter - 1).lane()) && s.tla().contains("k |-> \"FinishEager\"")) {
                finish = s.number();
                break;
            }
        }
        assertTrue(enter > 0 && finish > enter, "a first round in the trace");
        TraceVerdict swapped = checker.check(EditedTrace.swapping(m, enter, finish));
        assertEquals(TraceVerdict.Status.REJECTED, swapped.status(), swapped.summary());
        assertEquals(enter, swapped.firstBad(), swapped.summary());

        // Drop the step in which a thread takes its id: its thread's next step (the free) finds no id taken.
        int took = 0;
        int next = 0;
        for (TraceStep s : steps) {
            if (took == 0 && s.tla().contains("pc |-> \"done\"")) {
                took = s.number();
            } else if (took != 0 && s.lane().equals(steps.get(took - 1).lane())) {
                next = s.number();
                break;
            }
        }
        assertTrue(took > 0 && next > took, "an id taken and freed in the trace");
        TraceVerdict dropped = checker.check(EditedTrace.dropping(m, took));
        assertEquals(TraceVerdict.Status.REJECTED, dropped.status(), dropped.summary());
        assertTrue(dropped.firstBad() >= took && dropped.firstBad() <= next - 1,
                "rejected at or after the dropped step, at the latest at its thread's next step (" + took + ".."
                        + (next - 1) + "): " + dropped.summary());

        // Move a call's first event before the last free of the call that held its slot: the spec cannot restart
        // the slot while that member holds its id.
        int free = 0;
        int reuse = 0;
        for (TraceStep s : steps) {
            if (!s.tla().contains("fresh |-> TRUE")) continue;
            for (TraceStep before : steps.subList(0, s.number() - 1)) {
                if (before.tla().contains("k |-> \"Free\"") && slotOf(before, 4) == slotOf(s, 4)) free = before.number();
            }
            reuse = s.number();
            break;
        }
        assertTrue(free > 0 && reuse > free, "a slot taken again after a free");
        TraceVerdict early = checker.check(EditedTrace.swapping(m, free, reuse));
        assertEquals(TraceVerdict.Status.REJECTED, early.status(), early.summary());
        assertEquals(free, early.firstBad(), "rejected where the call takes a slot whose call is not over: "
                + early.summary());
    }
}
