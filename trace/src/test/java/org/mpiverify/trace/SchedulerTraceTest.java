package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.SchedulerStep;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.FullBuild;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.testkit.twins.TwinClassLoader;
import org.mpiverify.trace.scheduler.SchedulerTraces;
import org.mpiverify.trace.scheduler.SchedulerTranslator;
import org.mpiverify.trace.scheduler.SchedulerWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * Traces of the bit-vector scheduler (one worker; a token passed round a ring of virtual threads, each yielding
 * once it holds it; the worker sleeping between rounds), against {@code BitVectorSchedulerTrace.tla}:
 * <ul>
 *   <li>the real scheduler's trace is ACCEPTED, with every kind of step in it (signals from the worker's own
 *       threads, from the worker itself for a yielding thread, and from outside to a sleeping worker);</li>
 *   <li>the twin {@code IndexFirstReadyBitVector} (ThreadSignal's index bit before its word bit), loaded in the real
 *       class's place, is REJECTED at its first signal's index bit;</li>
 *   <li>the promises can fail on a real trace: with the spec mutant {@code WakeNoUnpark} (a signal that finds the
 *       worker asleep delivers no unpark) {@code WorkerNoLostWakeup} fails at the first such signal; a run cut just
 *       after a signal's word bit, taken as a whole run, fails {@code AllSignalledRan}.</li>
 * </ul>
 *
 * <p>Quick ({@code mvn verify}): a ring of 2 threads and 2 rounds, real and twin, the four traces checked one
 * after another in one TLC JVM. {@code -Pfull}: a ring of 6 threads and 30 rounds (several windows), and a ring in
 * a job ({@code Job} makes the rank's scheduler with the job's recorder).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SchedulerTraceTest {
    private static final boolean FULL = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
    private static final Pattern KIND = Pattern.compile("^\\[k \\|-> \"(\\w+)\"");
    private static final String WORKLOAD = SchedulerWorkload.class.getName();
    private static final String TWIN = "IndexFirstReadyBitVector";

    private static TraceModel real;
    private static TraceModel twin;
    private static TraceModel cut;
    private static List<TraceVerdict> verdicts;   // real, twin, real under WakeNoUnpark, cut

    static TraceChecker checker(String folder) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test/scheduler/" + folder),
                500, Duration.ofMinutes(2));
    }

    @BeforeAll
    static void recordAndCheck() throws Throwable {
        TraceRecorder rec = SchedulerWorkload.drive(2, 2, Duration.ofSeconds(30));
        assertEquals(Boolean.TRUE, rec.facts().get(SchedulerWorkload.CLOSED), "every thread of the ring ended");
        List<RecordedEvent> events = rec.events();
        List<TraceModel> models = SchedulerTranslator.models("ring", events, rec.facts(), "DangScheduler");
        assertEquals(1, models.size(), "one trace per worker");
        real = models.getFirst();
        String worker = SchedulerTranslator.workers(events).iterator().next();

        TraceRecorder twinRec = driveWith(TWIN, 2, 2);
        List<TraceModel> twins = SchedulerTranslator.models("ring-" + TWIN, twinRec.events(), twinRec.facts(), TWIN);
        assertEquals(1, twins.size());
        twin = twins.getFirst();

        TraceModel mutant = new SchedulerTraces("ring-WakeNoUnpark/" + worker, events, worker, "DangScheduler", true,
                Map.of("WakeJ", "WakeNoUnpark"));
        int lastWord = 0;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).step() instanceof SchedulerStep s && s.kind() == SchedulerStep.Kind.WORD) lastWord = i;
        }
        cut = new SchedulerTraces("ring-cut/" + worker, events.subList(0, lastWord + 1), worker, "DangScheduler", true);
        verdicts = checker("quick").checkInOneJvm(List.of(real, twin, mutant, cut));
        verdicts.forEach(v -> System.out.println(v.summary()));
    }

    @Test
    void theRealSchedulersTraceIsAccepted() {
        TraceVerdict v = verdicts.get(0);
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
        Set<String> kinds = kinds(real);
        assertTrue(kinds.containsAll(Set.of("Word", "Index", "Wake", "TakeIndex", "Skip", "TakeWord", "Run", "Yield",
                "End", "Idle", "Announce", "Recheck", "Awake")), "steps seen: " + kinds);
        assertTrue(real.steps().stream().anyMatch(s -> kind(s).equals("Wake") && s.tla().contains("TRUE")),
                "a signal woke the sleeping worker");
        assertTrue(real.steps().stream().anyMatch(s -> kind(s).equals("Recheck") && s.tla().contains("TRUE")),
                "the worker parked");
    }

    /**
     * The twin, loaded in {@code ReadyBitVector}'s place: REJECTED at the first Index event, the first signal's
     * first step (its index bit set with its word bit not yet set: no step of the spec sets an index bit there),
     * whether or not a pass came between the two sets and lost the thread.
     */
    @Test
    @Tag(TwinTest.TAG)
    void theIndexFirstTwinIsRejectedAtItsFirstSignal() {
        int firstIndex = twin.steps().stream().filter(s -> kind(s).equals("Index")).findFirst().orElseThrow().number();
        assertEquals("Word", kind(twin.steps().get(firstIndex)), "its word bit follows: " + twin.steps().get(firstIndex));
        TraceVerdict v = verdicts.get(1);
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary() + "\n" + v.reason());
        assertEquals(firstIndex, v.firstBad(), "rejected at the first index bit set before its word bit");
        assertNotNull(v.badStep());
        assertEquals(null, v.violated(), "no spec step takes the event (rather than a property failing)");
        TraceReports.write(v, ContextIdTraceTest.outDir().resolve("twins/" + TWIN + "/rejected"));
    }

    /** WakeNoUnpark: WorkerNoLostWakeup fails at the first signal that finds the worker parked (after a Recheck TRUE). */
    @Test
    void aSignalThatDeliversNoUnparkViolatesWorkerNoLostWakeup() {
        int expected = 0;
        boolean asleep = false;
        for (TraceStep s : real.steps()) {
            if (kind(s).equals("Recheck")) asleep = s.tla().contains("TRUE");
            if (kind(s).equals("Awake")) asleep = false;
            if (asleep && kind(s).equals("Wake") && s.tla().contains("TRUE")) {
                expected = s.number();
                break;
            }
        }
        assertTrue(expected > 0, "a signal found the worker parked");
        TraceVerdict v = verdicts.get(2);
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary() + "\n" + v.reason());
        assertEquals("WorkerNoLostWakeup", v.violated());
        assertEquals(expected, v.firstBad());
    }

    /** A run cut just after a signal's word bit, taken as a whole run: AllSignalledRan fails at its end. */
    @Test
    void aSignalledThreadThatNeverRunsViolatesAllSignalledRan() {
        TraceVerdict v = verdicts.get(3);
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary() + "\n" + v.reason());
        assertEquals("AllSignalledRan", v.violated());
        assertEquals(cut.steps().size(), v.firstBad());
        assertEquals("Word", kind(cut.steps().getLast()));
    }

    /** -Pfull only ({@link FullBuild}). */
    @TestFactory
    Stream<DynamicTest> aLongRingIsAccepted() {
        return FullBuild.only("6 threads, 30 rounds", Duration.ofMinutes(3), this::longRingAccepted);
    }

    private void longRingAccepted() throws Exception {
        TraceRecorder rec = SchedulerWorkload.drive(6, 30, Duration.ofSeconds(60));
        assertEquals(Boolean.TRUE, rec.facts().get(SchedulerWorkload.CLOSED), "every thread of the ring ended");
        List<TraceModel> models = SchedulerTranslator.models("long-ring", rec.events(), rec.facts(), "DangScheduler");
        assertEquals(1, models.size());
        TraceVerdict v = checker("long").check(models.getFirst());
        System.out.println(v.summary() + String.format("  %.0f events/s", v.eventsPerSecond()));
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
        assertTrue(v.windows() > 1, "several windows");
    }

    /** -Pfull only ({@link FullBuild}). */
    @TestFactory
    Stream<DynamicTest> theRingInAJobIsAccepted() {
        return FullBuild.only("4 threads, 2000 rounds", Duration.ofMinutes(5), this::ringInAJobAccepted);
    }

    private void ringInAJobAccepted() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.SCHEDULER), false);
        JobConfig config = JobConfig.of(1).withTrace(rec);
        JobResult r = SchedulerWorkload.run(config, 4, 2000, Duration.ofSeconds(60));
        assertTrue(r.ok(), r.describe());
        List<TraceModel> models = new SchedulerTranslator().models("job", rec.events(), rec.facts(), config);
        assertEquals(1, models.size(), "one worker");
        TraceVerdict v = checker("job").check(models.getFirst());
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
    }

    /** The ring on a scheduler loaded again with the twin {@code twins/patches/trace/NAME.patch} of ReadyBitVector. */
    private static TraceRecorder driveWith(String twin, int threads, int rounds) throws Throwable {
        TwinClassLoader loader = new TwinClassLoader(SchedulerTraceTest.class.getClassLoader(),
                List.of("org.mpiverify.core.sched.", WORKLOAD), List.of(),
                Map.of("org.mpiverify.core.sched.ReadyBitVector", "org.mpiverify.core.sched." + twin));
        try {
            return (TraceRecorder) Class.forName(WORKLOAD, true, loader)
                    .getMethod("drive", int.class, int.class, Duration.class)
                    .invoke(null, threads, rounds, Duration.ofSeconds(30));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static String kind(TraceStep s) {
        Matcher k = KIND.matcher(s.tla());
        return k.find() ? k.group(1) : "";
    }

    private static Set<String> kinds(TraceModel m) {
        Set<String> out = new HashSet<>();
        for (TraceStep s : m.steps()) out.add(kind(s));
        return out;
    }
}
