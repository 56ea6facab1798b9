package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.completion.CompletionTraces;
import org.mpiverify.trace.completion.CompletionTranslator;
import org.mpiverify.trace.completion.CompletionTwins;
import org.mpiverify.trace.completion.CompletionWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * Completion traces: the core's requests and the driven real {@code Completion} are ACCEPTED; the
 * twins {@code RegisterAfterCheckCompletion} and {@code NoFlagCompletion} are REJECTED at their waiters' first
 * step out of order; hand edits are rejected at the edit; and the spec mutant {@code UnparkNoBit} makes a real
 * trace violate NoLostWakeup (the invariant can fail).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CompletionTraceTest {
    private static final Pattern FIELD = Pattern.compile("(\\w+) \\|-> (\"[^\"]*\"|TRUE|FALSE)");

    static TraceChecker checker(String folder) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test/completion/" + folder),
                500, Duration.ofMinutes(2));
    }

    private static TraceRecorder recorder() {
        return TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.COMPLETION), false);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"QUEUES, PER_OBJECT", "HASH_TABLE, LOCK_FREE", "QUEUES, GLOBAL"})
    void theCoresRequestsAreAccepted(MatchingKind engine, Granularity granularity) {
        TraceRecorder rec = recorder();
        JobConfig config = JobConfig.of(2).withMatching(engine).withGranularity(granularity).withTrace(rec);
        JobResult r = CompletionWorkload.run(config, 3, 12, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        List<TraceModel> models = new CompletionTranslator().models("core-" + engine + "-" + granularity, rec.events(),
                rec.facts(), config);
        assertEquals(1, models.size());
        TraceModel m = models.getFirst();
        Set<String> kinds = kinds(m);
        assertTrue(kinds.containsAll(Set.of("Publish", "Check", "Signal", "Unpark", "Deregister")), "steps seen: " + kinds);
        TraceVerdict v = checker("core").check(m);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
    }

    @Test
    void theDrivenCompletionIsAccepted() {
        TraceRecorder rec = recorder();
        JobConfig config = JobConfig.of(2).withTrace(rec);
        JobResult r = CompletionWorkload.drive(config, CompletionWorkload::real, 2, 40, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        TraceModel m = new CompletionTraces("driven-real", rec.events(), "Completion");
        Set<String> kinds = kinds(m);
        assertTrue(kinds.containsAll(Set.of("Publish", "Check", "Return", "Signal", "Unpark", "Deregister")),
                "the driver takes the slow path: " + kinds);
        TraceVerdict v = checker("driven").check(m);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
    }

    /**
     * Each twin, driven by the workload's driver: REJECTED in every run, at the first step its waiter takes
     * out of the protocol's order (found independently by replaying each wait's steps): the twin that
     * registers after its check, at that check; the twin without the flag, at its first park return
     * (it parked without checking a flag).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {CompletionTwins.REGISTER_AFTER_CHECK_NAME, CompletionTwins.NO_FLAG_NAME})
    void eachTwinIsRejectedAtItsWaitersFirstStepOutOfOrder(String name) {
        TraceTwin twin = TraceTwins.byName(name);
        assertNotNull(twin);
        TraceRecorder rec = recorder();
        JobConfig config = twin.apply(JobConfig.of(2)).withTrace(rec);
        JobResult r = CompletionWorkload.forTrace(config, 2, 400, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        List<TraceModel> models = new CompletionTranslator().models("twin", rec.events(), rec.facts(), config);
        TraceModel m = models.getFirst();
        assertEquals(name, m.variant());
        int expected = firstOutOfOrder(m);
        assertTrue(expected > 0, "the twin's waits took the slow path");
        TraceVerdict v = checker("twin-" + name).check(m);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals(expected, v.firstBad(), "rejected at the first wait step out of order: " + show(v));
        assertNotNull(v.badStep());
        assertTrue(v.badStep().tla().contains(name.equals(CompletionTwins.NO_FLAG_NAME) ? "\"Return\"" : "\"Check\""),
                v.badStep().tla());
        Path twinDir = ContextIdTraceTest.outDir().resolve("twins/" + name);
        TraceReports.write(v, twinDir.resolve("rejected"));
        TraceCommand.writeResults(twinDir.resolve("results.json"), List.of(v), name, List.of());
    }

    @Test
    void editedTracesAreRejectedAtTheEdit() {
        TraceRecorder rec = recorder();
        JobResult r = CompletionWorkload.drive(JobConfig.of(2).withTrace(rec), CompletionWorkload::real, 1, 12,
                Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        TraceModel m = new CompletionTraces("edited", rec.events(), "Completion");
        List<TraceStep> s = m.steps();
        // Dropped: the first Publish; the next event about that wait (its Check, or an Unpark that found it
        // published) has nothing published before it.
        int publish = index(s, "Publish", 0);
        String lane = field(s.get(publish), "o");
        int next = publish + 1;
        while (!field(s.get(next), "o").equals(lane) && !field(s.get(next), "w").equals(lane)) next++;
        assertRejectedAt(next, "edited-drop", EditedTrace.dropping(m, publish + 1),
                "rejected at the wait's next event (event " + next + " after the drop)");
        // Swapped: a Signal and its own Unpark: the Unpark comes before the flag is set.
        int signal = index(s, "Signal", 0);
        String sl = field(s.get(signal), "o");
        int unpark = signal + 1;
        while (!(kind(s.get(unpark)).equals("Unpark") && field(s.get(unpark), "o").equals(sl))) unpark++;
        assertRejectedAt(signal + 1, "edited-swap", EditedTrace.swapping(m, signal + 1, unpark + 1),
                "rejected at the Unpark moved before its Signal");
    }

    @Test
    void noLostWakeupFailsOnTheSpecMutantThatDropsTheWakeUp() {
        TraceRecorder rec = recorder();
        JobResult r = CompletionWorkload.drive(JobConfig.of(2).withTrace(rec), CompletionWorkload::real, 1, 30,
                Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        TraceModel real = new CompletionTraces("mutant", rec.events(), "Completion");
        // The first Unpark that found a waiter parked: a waiter whose last step was a Check that saw not done.
        int woke = firstUnparkOfParkedWaiter(real);
        assertTrue(woke > 0, "no completer found its waiter parked in 30 rounds of the driver");
        TraceModel mutant = new CompletionTraces("mutant-unpark-no-bit", rec.events(), "Completion",
                Map.of("UnparkStep", "UnparkNoBit"));
        TraceVerdict v = checker("mutant").check(mutant);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals("NoLostWakeupKept", v.violated(), show(v));
        assertEquals(woke, v.firstBad(), show(v));
    }

    /**
     * The number (from 1) of the first step of a wait lane that its protocol does not allow from where the
     * lane is (wait -Publish-> check -Check-> park or done; park -Return-> check; park or done -Deregister->
     * wait; wait -Peek-> done), or 0: the per-wait order alone, without the flag's values.
     */
    static int firstOutOfOrder(TraceModel m) {
        Map<String, String> at = new HashMap<>();
        for (TraceStep s : m.steps()) {
            String k = kind(s);
            String lane = field(s, "o");
            if (k.equals("Signal") || k.equals("Unpark")) continue;
            String from = at.getOrDefault(lane, "wait");
            String to = switch (k + " " + from) {
                case "Publish wait" -> "check";
                case "Check check" -> s.tla().contains("v |-> TRUE") ? "done" : "park";
                case "Return park" -> "check";
                case "Deregister park", "Deregister done" -> "wait";
                case "Peek wait" -> "done";
                default -> null;
            };
            if (to == null) return s.number();
            at.put(lane, to);
        }
        return 0;
    }

    /** The number (from 1) of the first Unpark that found a waiter whose last step was Check(FALSE), or 0. */
    static int firstUnparkOfParkedWaiter(TraceModel m) {
        Map<String, String> last = new HashMap<>();
        for (TraceStep s : m.steps()) {
            if (kind(s).equals("Unpark") && s.tla().contains("v |-> TRUE")) {
                String w = field(s, "w");
                if ("Check FALSE".equals(last.get(w))) return s.number();
            }
            String v = s.tla().contains("v |-> FALSE") ? " FALSE" : s.tla().contains("v |-> TRUE") ? " TRUE" : "";
            last.put(field(s, "o"), kind(s) + v);
        }
        return 0;
    }

    /** Checks {@code m}: REJECTED, first at event {@code expected}. */
    private static void assertRejectedAt(int expected, String folder, TraceModel m, String why) {
        TraceVerdict v = checker(folder).check(m);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals(expected, v.firstBad(), why + ": " + show(v));
    }

    private static int index(List<TraceStep> s, String kind, int from) {
        for (int i = from; i < s.size(); i++) if (kind(s.get(i)).equals(kind)) return i;
        throw new AssertionError("no " + kind + " in the trace");
    }

    private static Set<String> kinds(TraceModel m) {
        Set<String> k = new HashSet<>();
        for (TraceStep s : m.steps()) k.add(kind(s));
        return k;
    }

    static String kind(TraceStep s) {
        return field(s, "k");
    }

    static String field(TraceStep s, String name) {
        Matcher m = FIELD.matcher(s.tla());
        while (m.find()) if (m.group(1).equals(name)) return m.group(2).replace("\"", "");
        return "";
    }

    static String show(TraceVerdict v) {
        return v.summary() + "; " + v.reason() + (v.badStep() == null ? "" : "; first bad: " + v.badStep().tla());
    }
}
