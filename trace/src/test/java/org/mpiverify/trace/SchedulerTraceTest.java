package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.testkit.twins.TwinClassLoader;
import org.mpiverify.trace.scheduler.SchedulerTranslator;
import org.mpiverify.trace.scheduler.SchedulerWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * Traces of the bit-vector scheduler (one worker, a token passed round a ring of virtual threads, the worker
 * sleeping between rounds): the real scheduler's trace is ACCEPTED by {@code BitVectorSchedulerTrace.tla}, with
 * every kind of step in it (signals from the worker's own threads, from the worker itself and from outside, the
 * sleep hand-shake both ways); the twin {@code IndexFirstReadyBitVector} (ThreadSignal's index bit before its word
 * bit), loaded in the real class's place, is REJECTED at its first signal's index bit.
 *
 * <p>Quick ({@code mvn verify}): a ring of 2 threads, 2 rounds, and the twin on the same ring. {@code -Pfull}: a
 * ring of 6 threads, 30 rounds (several windows), and the ring in a job ({@code Job} makes the rank's scheduler
 * with the job's recorder).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SchedulerTraceTest {
    private static final boolean FULL = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
    private static final Pattern KIND = Pattern.compile("^\\[k \\|-> \"(\\w+)\"");
    private static final String WORKLOAD = SchedulerWorkload.class.getName();

    static TraceChecker checker(String folder) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test/scheduler/" + folder),
                500, Duration.ofMinutes(2));
    }

    @Test
    void theRealSchedulersTraceIsAccepted() throws Exception {
        int threads = FULL ? 6 : 2;
        int rounds = FULL ? 30 : 2;
        TraceRecorder rec = SchedulerWorkload.drive(threads, rounds, Duration.ofSeconds(30));
        assertEquals(Boolean.TRUE, rec.facts().get(SchedulerWorkload.CLOSED), "every thread of the ring ended");
        List<TraceModel> models = SchedulerTranslator.models("ring", rec.events(), rec.facts(), "DangScheduler");
        assertEquals(1, models.size(), "one trace per worker");
        TraceModel m = models.getFirst();
        TraceVerdict v = checker("real").check(m);
        System.out.println(v.summary() + String.format("  %.0f events/s", v.eventsPerSecond()));
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
        Set<String> kinds = kinds(m);
        assertTrue(kinds.containsAll(Set.of("Word", "Index", "Wake", "TakeIndex", "Skip", "TakeWord", "Run", "Yield",
                "End", "Idle", "Announce", "Recheck", "Awake")), "steps seen: " + kinds);
        assertTrue(m.steps().stream().anyMatch(s -> s.tla().startsWith("[k |-> \"Wake\"") && s.tla().contains("TRUE")),
                "a signal woke the sleeping worker");
        assertTrue(m.steps().stream().anyMatch(s -> s.tla().startsWith("[k |-> \"Recheck\"") && s.tla().contains("TRUE")),
                "the worker parked");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void theRingInAJobIsAccepted() {
        org.junit.jupiter.api.Assumptions.assumeTrue(FULL, "-Pfull only");
        TraceRecorder rec = TraceRecorder.create(java.util.EnumSet.of(TraceRecorder.Algorithm.SCHEDULER), false);
        var config = org.mpiverify.mpi.JobConfig.of(1).withTrace(rec);
        var r = SchedulerWorkload.run(config, 4, 2000, Duration.ofSeconds(60));
        assertTrue(r.ok(), r.describe());
        List<TraceModel> models = new SchedulerTranslator().models("job", rec.events(), rec.facts(), config);
        assertEquals(1, models.size(), "one worker");
        TraceVerdict v = checker("job").check(models.getFirst());
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
    }

    /**
     * The twin, loaded in {@code ReadyBitVector}'s place: REJECTED at the first Index event, which is the first
     * signal's first step (its index bit set with its word bit not yet set: no step of the spec sets an index bit
     * there), whether or not a pass came between the two sets and lost the thread.
     */
    @Test
    @Tag(TwinTest.TAG)
    void theIndexFirstTwinIsRejectedAtItsFirstSignal() throws Throwable {
        TraceRecorder rec = driveWith("IndexFirstReadyBitVector", 2, 2);
        List<TraceModel> models = SchedulerTranslator.models("ring-IndexFirstReadyBitVector", rec.events(), rec.facts(),
                "IndexFirstReadyBitVector");
        assertEquals(1, models.size());
        TraceModel m = models.getFirst();
        int firstIndex = 0;
        for (TraceStep s : m.steps()) {
            if (kind(s).equals("Index")) {
                firstIndex = s.number();
                break;
            }
        }
        assertTrue(firstIndex > 0, "the twin signalled");
        assertEquals("Word", kind(m.steps().get(firstIndex)), "its word bit follows: " + m.steps().get(firstIndex));
        TraceVerdict v = checker("twin").check(m);
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary() + "\n" + v.reason());
        assertEquals(firstIndex, v.firstBad(), "rejected at the first index bit set before its word bit");
        assertNotNull(v.badStep());
        assertEquals(null, v.violated(), "no spec step takes the event (rather than a property failing)");
        TraceReports.write(v, ContextIdTraceTest.outDir().resolve("twins/IndexFirstReadyBitVector/rejected"));
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
