package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
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
import org.mpiverify.testkit.FullBuild;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.progress.ProgressTraces;
import org.mpiverify.trace.progress.ProgressTranslator;
import org.mpiverify.trace.progress.ProgressTwins;
import org.mpiverify.trace.progress.ProgressWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * Progress-engine traces: the core's engine under nonblocking collectives and the driven real engine are
 * ACCEPTED by {@code ProgressTrace.tla}; the twins {@code StandbyParksAloneProgressEngine} and
 * {@code WakeBeforeLeaveProgressEngine} are REJECTED at their first step out of the protocol's order (found
 * independently by replaying each thread's steps); hand edits are rejected at the edit (a dropped poller's
 * publication, a completer's steps swapped, a dropped first-start wake-up); and the spec mutant
 * {@code RingNoUnpark} makes a real trace violate NoLostProgress (the promise can fail on a trace).
 *
 * <p>Quick ({@code mvn verify}): the driven engine's first {@value #QUICK_EVENTS} events of one rank, both twins,
 * the edits. {@code -Pfull}: every rank's whole trace, and the core's own engine under nonblocking collectives on
 * two columns ({@code TraceQuickTest} samples that on two columns in the quick run).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ProgressTraceTest {
    static final int QUICK_EVENTS = 500;
    private static final boolean FULL = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
    private static final Pattern FIELD = Pattern.compile("(\\w+) \\|-> (\"[^\"]*\"|TRUE|FALSE|None|NoSched|\\d+)");

    static TraceChecker checker(String folder) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test/progress/" + folder),
                500, Duration.ofMinutes(2));
    }

    private static TraceRecorder recorder() {
        return TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.PROGRESS), false);
    }

    /** -Pfull only ({@link FullBuild}): two configurations of the core. */
    @TestFactory
    Stream<DynamicTest> theCoresEngineIsAccepted() {
        return Stream.concat(
                FullBuild.only("QUEUES PER_OBJECT", Duration.ofMinutes(4), () -> coresEngineAccepted(MatchingKind.QUEUES, Granularity.PER_OBJECT)),
                FullBuild.only("HASH_TABLE GLOBAL", Duration.ofMinutes(4), () -> coresEngineAccepted(MatchingKind.HASH_TABLE, Granularity.GLOBAL)));
    }

    private void coresEngineAccepted(MatchingKind engine, Granularity granularity) {
        TraceRecorder rec = recorder();
        JobConfig config = JobConfig.of(2).withMatching(engine).withGranularity(granularity).withTrace(rec);
        JobResult r = ProgressWorkload.run(config, 3, 4, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        List<TraceModel> models = new ProgressTranslator().models("core-" + engine + "-" + granularity, rec.events(),
                rec.facts(), config);
        assertEquals(2, models.size(), "one trace per rank");
        Set<String> kinds = new HashSet<>();
        for (TraceModel m : models) {
            kinds.addAll(kinds(m));
            TraceVerdict v = checker("core").check(m);
            System.out.println(v.summary() + String.format("  %.0f events/s", v.eventsPerSecond()));
            assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
        }
        assertTrue(kinds.containsAll(Set.of("Look", "Claim", "Ticket", "Poll", "PassEnd", "Start", "Add", "SWake", "Tell", "Ring")),
                "steps seen: " + kinds);
    }

    @Test
    void theDrivenEngineIsAccepted() {
        TraceRecorder rec = recorder();
        JobConfig config = JobConfig.of(2).withTrace(rec);
        JobResult r = ProgressWorkload.drive(config, "ProgressEngine", 3, 6, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        List<TraceModel> models = new ProgressTranslator().models("driven-real", rec.events(), rec.facts(), config);
        Set<String> kinds = new HashSet<>();
        for (TraceModel m : FULL ? models : models.subList(0, 1)) {
            kinds.addAll(kinds(m));
            TraceVerdict v = checker("driven").check(FULL ? m : TracePrefix.of(m, QUICK_EVENTS));
            System.out.println(v.summary() + String.format("  %.0f events/s", v.eventsPerSecond()));
            assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), show(v));
        }
        assertTrue(kinds.containsAll(Set.of("Enlist", "Register", "SCheck", "SLeave", "OwnPoll", "Publish", "Recheck",
                "Return", "Leave", "Wake", "Route", "Test", "SWake")), "the driver takes the roles' slow paths: " + kinds);
        assertTrue(models.getFirst().steps().size() > QUICK_EVENTS, "the quick prefix is a prefix");
    }

    /**
     * Each twin, driven: REJECTED, at the first step that its thread's protocol does not allow from where the
     * thread is, computed here by replaying each thread's steps alone (without values): the standby's park return
     * with no look at the poller role before it; the leaving poller's wake before its leave.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {ProgressTwins.STANDBY_PARKS_ALONE_NAME, ProgressTwins.WAKE_BEFORE_LEAVE_NAME})
    void eachTwinIsRejectedAtItsFirstStepOutOfOrder(String name) {
        TraceTwin twin = TraceTwins.byName(name);
        assertNotNull(twin);
        TraceRecorder rec = recorder();
        JobConfig config = twin.apply(JobConfig.of(2)).withTrace(rec);
        JobResult r = ProgressWorkload.forTrace(config, 3, 1500, Duration.ofSeconds(40));
        List<TraceModel> models = new ProgressTranslator().models("twin", rec.events(), rec.facts(), config);
        assertFalse(models.isEmpty(), "the twin recorded nothing: " + r.describe());
        boolean rejected = false;
        for (TraceModel m : models) {
            assertEquals(name, m.variant());
            int expected = firstOutOfOrder(m);
            if (expected == 0) continue;   // this rank's run did not take the twin's path
            TraceVerdict v = checker("twin-" + name).check(m);
            System.out.println(v.summary());
            assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
            assertEquals(expected, v.firstBad(), "rejected at the first step out of order: " + show(v));
            assertNotNull(v.badStep());
            assertTrue(v.badStep().tla().contains(name.equals(ProgressTwins.WAKE_BEFORE_LEAVE_NAME) ? "\"Wake\"" : "\"Return\""),
                    v.badStep().tla());
            Path twinDir = ContextIdTraceTest.outDir().resolve("twins/" + name);
            TraceReports.write(v, twinDir.resolve("rejected"));
            TraceCommand.writeResults(twinDir.resolve("results.json"), List.of(v), name, List.of());
            rejected = true;
            break;
        }
        assertTrue(rejected, "no rank of the driven twin took its defect's path; the job: " + r.describe());
    }

    @Test
    void editedTracesAreRejectedAtTheEdit() {
        TraceRecorder rec = recorder();
        JobConfig config = JobConfig.of(2).withTrace(rec);
        JobResult r = ProgressWorkload.drive(config, "ProgressEngine", 2, 4, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        TraceModel m = TracePrefix.of(new ProgressTranslator().models("edited", rec.events(), rec.facts(), config).getFirst(),
                150);
        List<TraceStep> s = m.steps();
        // Dropped: the first Publish; that poller's Recheck then comes from a thread that has not published.
        int publish = index(s, "Publish");
        String who = field(s.get(publish), "t");
        int next = publish + 1;
        while (!field(s.get(next), "t").equals(who)) next++;
        assertRejectedAt(next, "edited-drop", EditedTrace.dropping(m, publish + 1),
                "rejected at that thread's next step (event " + next + " after the drop)");
        // Swapped: a completer's Tell and its next step: a Route or Ring before its count.
        int tell = index(s, "Tell");
        String lane = field(s.get(tell), "t");
        int after = tell + 1;
        while (!field(s.get(after), "t").equals(lane)) after++;
        assertRejectedAt(tell + 1, "edited-swap", EditedTrace.swapping(m, tell + 1, after + 1),
                "rejected at the lane's step moved before its Tell");
        // Dropped: the first SWake (the first outstanding operation's start waking the rank's blocked threads, as
        // MPI's progress rule needs); the starter's next step then comes from a thread still at its wake.
        int swake = index(s, "SWake");
        String starter = field(s.get(swake), "t");
        int then = swake + 1;
        while (!field(s.get(then), "t").equals(starter)) then++;
        assertRejectedAt(then, "edited-drop-swake", EditedTrace.dropping(m, swake + 1),
                "rejected at the starter's next step (event " + then + " after the drop)");
    }

    /**
     * The spec's promise can fail on a recorded trace: under the spec mutant {@code RingNoUnpark} (a completer
     * that finds the poller parked unparks nobody), a completer that finds the only waiter of its rank asleep leaves
     * it asleep with the operation it just completed a transfer of unpolled, and NoLostProgress is violated right
     * at that Ring. One waiter a rank: no other thread could poll. Which Ring that is depends on the interleaving
     * (a poller that parked after its recheck, or one the spec sees asleep by another path), so the oracle is the
     * spec's own: the whole trace is rejected for NoLostProgress at a Ring that found a parked poller, and the same
     * trace is accepted by the unmutated spec.
     */
    @Test
    void noLostProgressFailsOnTheSpecMutantThatDropsTheWakeUp() {
        TraceRecorder rec = recorder();
        JobConfig config = JobConfig.of(2).withTrace(rec);
        JobResult r = ProgressWorkload.drive(config, "ProgressEngine", 1, 3, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        TraceModel real = new ProgressTranslator().models("mutant", rec.events(), rec.facts(), config).getFirst();
        assertTrue(firstRingOfParkedPoller(real) > 0, "no completer found the poller parked in 3 rounds of the driver");
        TraceVerdict accepted = checker("mutant-real").check(real);
        assertEquals(TraceVerdict.Status.ACCEPTED, accepted.status(), show(accepted));
        TraceModel mutant = new ProgressTraces("mutant-ring-no-unpark", rec.events(), 0, "ProgressEngine",
                Map.of("Ring", "RingNoUnpark"));
        TraceVerdict v = checker("mutant").check(mutant);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals("NoLostProgress", v.violated(), show(v));
        TraceStep bad = mutant.steps().get(v.firstBad() - 1);
        assertEquals("Ring", kind(bad), show(v));
        assertNotEquals("None", field(bad, "p"), "the Ring that breaks the promise found a parked poller: " + show(v));
    }

    /** The number (from 1) of the first Ring that found a poller whose last step was a Recheck that parked it, or 0. */
    static int firstRingOfParkedPoller(TraceModel m) {
        Map<String, String> last = new HashMap<>();
        for (TraceStep s : m.steps()) {
            String k = kind(s);
            if (k.equals("Ring") && !field(s, "p").equals("None") && "Recheck TRUE".equals(last.get(field(s, "p")))) {
                return s.number();
            }
            String v = field(s, "v");
            last.put(field(s, "t"), k + (v.equals("TRUE") || v.equals("FALSE") ? " " + v : ""));
        }
        return 0;
    }

    /**
     * The number (from 1) of the first step of a thread that its protocol does not allow after its previous
     * step, by each thread's own sequence of step kinds: a park's return only after a recheck that found the
     * count unchanged, or a standby check that found a poller; a wake of the standby queue only after a leave.
     * 0 if there is none.
     */
    static int firstOutOfOrder(TraceModel m) {
        Map<String, String> last = new HashMap<>();
        for (TraceStep s : m.steps()) {
            String k = kind(s);
            String t = field(s, "t");
            String before = last.getOrDefault(t, "");
            boolean ok = switch (k) {
                case "Return" -> before.equals("Recheck TRUE") || before.equals("SCheck TRUE");
                case "Wake" -> before.equals("Leave");
                default -> true;
            };
            if (!ok) return s.number();
            String v = field(s, "v");
            last.put(t, k + (v.equals("TRUE") || v.equals("FALSE") ? " " + v : ""));
        }
        return 0;
    }

    private static void assertRejectedAt(int expected, String folder, TraceModel m, String why) {
        TraceVerdict v = checker(folder).check(m);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), show(v));
        assertEquals(expected, v.firstBad(), why + ": " + show(v));
    }

    private static int index(List<TraceStep> s, String kind) {
        for (int i = 0; i < s.size(); i++) if (kind(s.get(i)).equals(kind)) return i;
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
