package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.audit.scenario.catalog.Catalog;
import org.mpiverify.core.trace.ProbeStep.Kind;
import org.mpiverify.core.trace.ProbeStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.FullBuild;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.probe.ProbeTraces;
import org.mpiverify.trace.probe.ProbeTwins;
import org.mpiverify.trace.probe.ProbeWorkload.Variant;
import org.mpiverify.trace.probe.ProbeWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * Probe traces of the core (specs/probe/ProbeTrace.tla): matched probes and probes on a tag of one's own
 * are accepted; the probe/recv race of Hoefler et al. §2 is rejected at the receive that got another
 * message than its probe saw (NoFalseMatch); a trace with an event dropped or two events swapped is
 * rejected.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ProbeTraceTest {
    private static final int THREADS = 4;
    private static final int ROUNDS = 3;

    private static TraceChecker checker(String folder) {
        return checker(folder, 200);
    }

    private static TraceChecker checker(String folder, int window) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test-probe/" + folder),
                window, Duration.ofMinutes(2));
    }

    /** Runs the workload with recording on; returns the trace of rank 0's probed context. */
    private static Run record(Variant v) {
        return record(v, JobConfig.of(3));
    }

    private static Run record(Variant v, JobConfig base) {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.PROBE), false);
        JobConfig config = base.withTrace(rec);
        ProbeWorkload.Outcome o = ProbeWorkload.run(config, v, THREADS, ROUNDS, Duration.ofSeconds(30));
        assertTrue(o.result().ok(), o.result().describe());
        String run = (config.overrides() == null ? "" : config.overrides().name() + "-") + v.id();
        List<TraceModel> models = Translators.of(Algorithm.PROBE).models(run, rec.events(), rec.facts(), config);
        assertEquals(1, models.size(), "one probed context: " + models);
        return new Run((ProbeTraces) models.getFirst(), o.falseMatches(), rec.events());
    }

    private record Run(ProbeTraces model, int falseMatches, List<RecordedEvent> events) {}

    @Test
    void matchedProbesAreAccepted() {
        Run r = record(Variant.MPROBE);
        assertEquals("mprobe", r.model().specVariant());
        assertEquals(3 * 2 * THREADS * ROUNDS, r.model().steps().size());   // Arrive, Mprobe, Mrecv per message
        TraceVerdict v = checker("mprobe").check(r.model());
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
        // The same trace with history windows of 25 events: one TLC run, its history restarted every 25 events.
        TraceVerdict w = checker("mprobe-windows", 25).check(r.model());
        System.out.println(w.summary() + " in " + w.windows() + " windows");
        assertEquals(TraceVerdict.Status.ACCEPTED, w.status(), show(w));
        assertEquals(1, w.windows());
    }

    @Test
    void matchedProbesOnTheHashEngineAreAccepted() {
        Run r = record(Variant.MPROBE, JobConfig.of(3).withMatching(MatchingKind.HASH_TABLE));
        TraceVerdict v = checker("mprobe-hash").check(r.model());
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
    }

    @Test
    void probesOnOwnTagsAreAccepted() {
        Run r = record(Variant.PROBE_OWN_TAG);
        assertEquals("probe", r.model().specVariant());
        assertEquals(0, r.falseMatches());
        TraceVerdict v = checker("probe-own-tag").check(r.model());
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
    }

    @Test
    void theProbeRecvRaceIsRejectedAtTheFalseMatch() {
        Run r = null;
        int attempts = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while ((r == null || r.falseMatches() == 0) && attempts < 200 && System.nanoTime() < deadline) {
            r = record(Variant.PROBE_THEN_RECV);
            attempts++;
        }
        assertTrue(r != null && r.falseMatches() > 0, "no false match in " + attempts + " runs");
        int expected = firstFalseMatch(r.model());
        assertTrue(expected > 0, "the Java run saw a false match, the trace must show one");
        TraceVerdict v = checker("probe-then-recv").check(r.model());
        System.out.println(v.summary() + " (after " + attempts + " runs)");
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals("NoFalseMatch", v.violated(), show(v));
        assertEquals(expected, v.firstBad(), show(v));
    }

    @Test
    void aMatchedProbeThatLeavesTheMessageQueuedIsRejectedAtTheSecondMatch() {
        TraceTwin twin = TraceTwins.byName(ProbeTwins.TAKE_LEAVES_MESSAGE);
        Run r = record(ProbeTwins.workload(twin), twin.apply(JobConfig.of(3)));
        assertEquals(ProbeTwins.TAKE_LEAVES_MESSAGE, r.model().variant());
        int expected = 0;
        Set<String> matched = new HashSet<>();
        for (TraceStep s : r.model().steps()) {
            if (s.tla().contains("\"Mprobe\"") && !matched.add(messageOf(s))) {
                expected = s.number();
                break;
            }
        }
        assertTrue(expected > 0, "the twin's run matched no message twice");
        TraceVerdict v = checker("take-leaves-message").check(r.model());
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals(expected, v.firstBad(), show(v));
        TraceReports.write(v, ContextIdTraceTest.outDir().resolve("twins/" + twin.name() + "/rejected"));
        TraceCommand.writeResults(ContextIdTraceTest.outDir().resolve("twins/" + twin.name() + "/results.json"),
                List.of(v), twin.name(), List.of());
    }

    @Test
    void aDroppedEventIsRejected() {
        ProbeTraces m = record(Variant.MPROBE).model();
        // Drop the first arrival: its sender's next arrival is then the spec's message #1 of that sender.
        TraceModel edited = EditedTrace.dropping(m, 1);
        List<TraceStep> steps = edited.steps();
        TraceStep dropped = m.steps().getFirst();
        int expected = 0;
        for (int i = 0; i < steps.size() && expected == 0; i++) {
            TraceStep s = steps.get(i);
            if (s.lane().equals(dropped.lane()) || messageOf(s).equals(messageOf(dropped))) {
                expected = i + 1;
            }
        }
        TraceVerdict v = checker("dropped").check(edited);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals(expected, v.firstBad(), show(v));
    }

    @Test
    void twoSwappedEventsAreRejected() {
        ProbeTraces m = record(Variant.MPROBE).model();
        // Swap the first Mprobe with the Mrecv that follows it on the same thread: an mrecv with no handle.
        List<TraceStep> steps = new ArrayList<>(m.steps());
        int probe = -1;
        int recv = -1;
        for (int i = 0; i < steps.size() && recv < 0; i++) {
            if (probe < 0 && steps.get(i).tla().contains("\"Mprobe\"")) probe = i;
            else if (probe >= 0 && steps.get(i).lane().equals(steps.get(probe).lane())) recv = i;
        }
        assertTrue(recv > probe && steps.get(recv).tla().contains("\"Mrecv\""), steps.toString());
        TraceVerdict v = checker("swapped").check(EditedTrace.swapping(m, probe + 1, recv + 1));
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals(probe + 1, v.firstBad(), show(v));
    }

    private static final Pattern MESSAGE = Pattern.compile("\\bm \\|-> (\\[[^\\]]*\\])");

    /** -Pfull only ({@link FullBuild}): about 30 s of TLC (the quick run's workloads cover the same steps in 72-event traces). */
    @TestFactory
    Stream<DynamicTest> theAuditsMatchedProbeScenarioIsAccepted() {
        return FullBuild.only("mprobe-exactly-once", Duration.ofSeconds(150), this::matchedProbeScenarioAccepted);
    }

    private void matchedProbeScenarioAccepted() {
        // mprobe-exactly-once: 600 messages from two sender threads, mprobe/mrecv and improbe/imrecv in four
        // receiving threads; rank 0's COMM_WORLD is one probe trace of some 1,800 events.
        Scenario scenario = Catalog.scenarios().stream().filter(s -> s.id().equals("mprobe-exactly-once"))
                .findFirst().orElseThrow();
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.PROBE), false);
        JobConfig config = JobConfig.of(1).withTrace(rec);
        RunOutcome o = new CoreTarget("QUEUES", config).runOnce(scenario);
        assertTrue(o instanceof RunOutcome.Completed, o.toString());
        List<TraceModel> models = Translators.of(Algorithm.PROBE).models(scenario.id(), rec.events(), rec.facts(),
                config.withRanks(scenario.ranks()));
        assertEquals(1, models.size(), "rank 0's COMM_WORLD: " + models);
        TraceVerdict v = checker("scenario", 1000).check(models.getFirst());
        System.out.println(v.summary() + " in " + v.windows() + " windows");
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
        assertTrue(v.events() > 1800, v.summary());
    }

    @Test
    void aReceiveWithoutAProbeEndsTheValidatedPartNotARejection() {
        // t2 receives r1#2 with a plain recv on the queue t1 probes: outside Probe.tla, so the trace is
        // validated up to the event before it and says why.
        List<RecordedEvent> events = List.of(
                event(1, "r1-sender", new ProbeStep(Kind.ARRIVE, 0, 4, "r1-sender", -2, -1, 1, 1, 0, 4)),
                event(2, "r1-sender", new ProbeStep(Kind.ARRIVE, 0, 4, "r1-sender", -2, -1, 1, 2, 0, 8)),
                event(3, "a", new ProbeStep(Kind.PROBE, 0, 4, "a", -2, -1, 1, 1, 0, 4)),
                event(4, "a", new ProbeStep(Kind.RECV, 0, 4, "a", 1, 0, 1, 1, 0, 4)),
                event(5, "b", new ProbeStep(Kind.RECV, 0, 4, "b", 1, 0, 1, 2, 0, 8)),
                event(6, "a", new ProbeStep(Kind.PROBE, 0, 4, "a", -2, -1, 1, 2, 0, 8)));
        ProbeTraces m = new ProbeTraces("plain-recv", events, "hand-made");
        assertEquals(4, m.steps().size());
        assertTrue(m.truncation().contains("b receives without probing first"), m.truncation());
        TraceVerdict v = checker("plain-recv").check(m);
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
    }

    private static RecordedEvent event(long seq, String thread, ProbeStep s) {
        return new RecordedEvent(seq, thread, s, null);
    }

    @Test
    void theLogChecksFailOnTheSpecMutantsThatBreakThem() {
        // AtMostOnce: MprobeLeavesMessage lets a second thread match r1#1 again.
        TraceVerdict twice = checker("mutant-leaves-message").check(new HandTrace("leaves-message",
                Map.of("Mprobe", "MprobeLeavesMessage"), List.of(
                        "[k |-> \"Arrive\", s |-> \"r1\", m |-> " + R1_1 + "]",
                        "[k |-> \"Arrive\", s |-> \"r1\", m |-> " + R1_2 + "]",
                        "[k |-> \"Mprobe\", t |-> \"t1\", m |-> " + R1_1 + ", r |-> [src |-> Wild, tag |-> Wild]]",
                        "[k |-> \"Mprobe\", t |-> \"t2\", m |-> " + R1_1 + ", r |-> [src |-> Wild, tag |-> Wild]]")));
        System.out.println(twice.summary());
        assertEquals(TraceVerdict.Status.REJECTED, twice.status(), show(twice));
        assertEquals("LogAppendsOK", twice.violated(), show(twice));
        assertEquals(4, twice.firstBad(), show(twice));
        // NonOvertaking: LastMatch lets a wildcard mprobe take r1#2 over r1#1.
        TraceVerdict overtaken = checker("mutant-last-match").check(new HandTrace("last-match",
                Map.of("FirstMatch", "LastMatch"), List.of(
                        "[k |-> \"Arrive\", s |-> \"r1\", m |-> " + R1_1 + "]",
                        "[k |-> \"Arrive\", s |-> \"r1\", m |-> " + R1_2 + "]",
                        "[k |-> \"Mprobe\", t |-> \"t1\", m |-> " + R1_2 + ", r |-> [src |-> Wild, tag |-> Wild]]")));
        System.out.println(overtaken.summary());
        assertEquals(TraceVerdict.Status.REJECTED, overtaken.status(), show(overtaken));
        assertEquals("LogAppendsOK", overtaken.violated(), show(overtaken));
        assertEquals(3, overtaken.firstBad(), show(overtaken));
        // The same across a history window: r1#1 arrived before it and is still queued at its start, so it is not
        // among the matches before the window, and taking r1#2 over it breaks NonOvertaking all the same.
        TraceVerdict rebased = checker("mutant-last-match-rebased", 2).check(new HandTrace("last-match-rebased",
                Map.of("FirstMatch", "LastMatch"), List.of(
                        "[k |-> \"Arrive\", s |-> \"r1\", m |-> " + R1_1 + "]",
                        "[k |-> \"Arrive\", s |-> \"r1\", m |-> " + R1_2 + "]",
                        "[k |-> \"Mprobe\", t |-> \"t1\", m |-> " + R1_2 + ", r |-> [src |-> Wild, tag |-> Wild]]")));
        System.out.println(rebased.summary());
        assertEquals(TraceVerdict.Status.REJECTED, rebased.status(), show(rebased));
        assertEquals("LogAppendsOK", rebased.violated(), show(rebased));
        assertEquals(3, rebased.firstBad(), show(rebased));
    }

    /** The messages of the hand-written traces: r1's first and second. */
    private static final String R1_1 = "[src |-> \"r1\", seq |-> 1, tag |-> 0, size |-> 4]";
    private static final String R1_2 = "[src |-> \"r1\", seq |-> 2, tag |-> 0, size |-> 8]";

    /** A hand-written mprobe trace of two threads and two messages from r1, checked against a spec mutant. */
    private record HandTrace(String name, Map<String, String> substitutions, List<String> events)
            implements TraceModel {
        @Override public Algorithm algorithm() { return Algorithm.PROBE; }
        @Override public String variant() { return "hand-written"; }
        @Override public String specFolder() { return "probe"; }
        @Override public String traceModule() { return "ProbeTraceMutants"; }
        @Override public List<String> invariants() { return List.of("NoFalseMatch", "ExactlyOnceOverAll"); }
        @Override public boolean readsTraceAsData() { return true; }
        @Override public List<String> properties() { return List.of("LogAppendsOK"); }
        @Override public List<String> modelValues() { return List.of("Wild"); }
        @Override public String truncation() { return ""; }

        @Override
        public List<TraceStep> steps() {
            List<TraceStep> out = new ArrayList<>();
            for (String e : events) out.add(new TraceStep(out.size() + 1, out.size(), "", "", e, e, ""));
            return out;
        }

        @Override public Map<String, String> definitions() { return Map.of(); }

        @Override
        public Map<String, String> constants(int from, int to) {
            return Map.of("Threads", "{\"t1\", \"t2\"}", "Senders", "{\"r1\"}",
                    "Sent", "(\"r1\" :> <<[tag |-> 0, size |-> 4], [tag |-> 0, size |-> 8]>>)",
                    "Recvs", "(\"t1\" :> <<[src |-> Wild, tag |-> Wild]>> @@ \"t2\" :> <<[src |-> Wild, tag |-> Wild]>>)",
                    "Variant", "\"mprobe\"");
        }
    }

    /** The name (TS<n>) of the message an event carries. */
    private static String messageOf(TraceStep s) {
        Matcher m = MESSAGE.matcher(s.tla());
        assertTrue(m.find(), s.tla());
        return m.group(1);
    }

    /**
     * The number of the first Recv whose message is not the one its thread's last Probe saw, from the
     * recorded steps alone (what NoFalseMatch must flag), or 0.
     */
    private static int firstFalseMatch(ProbeTraces m) {
        Map<String, String> probed = new HashMap<>();
        for (TraceStep s : m.steps()) {
            String k = s.tla();
            if (k.contains("\"Probe\"")) probed.put(s.lane(), messageOf(s));
            if (k.contains("\"Recv\"") && !messageOf(s).equals(probed.get(s.lane()))) return s.number();
        }
        return 0;
    }

    private static String show(TraceVerdict v) {
        return v.summary() + "; " + v.reason() + (v.badStep() == null ? "" : "; first bad: " + v.badStep().tla());
    }
}
