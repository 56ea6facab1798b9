package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.matching.MatchingTranslator;
import org.mpiverify.trace.matching.MatchingWorkload;
import org.mpiverify.trace.spi.TraceModel;

/** Traces of the matching workload on both engines and several granularities: every rank's trace is ACCEPTED. */
@ExtendWith(ThreadDumpOnFailure.class)
class MatchingTraceTest {
    static TraceChecker checker(String folder) {
        Path root = Workspace.root();
        return new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test/" + folder),
                Integer.getInteger("window", 2000), Duration.ofMinutes(3));
    }

    /** Both engines under two granularities; under -Pfull every pair of the two engines and four granularities. */
    static Stream<Arguments> configurations() {
        if (Boolean.getBoolean("mpiverify.full")) {
            return Stream.of(MatchingKind.values()).flatMap(m -> Stream.of(Granularity.LOCK_FREE, Granularity.PER_OBJECT,
                    Granularity.GLOBAL, Granularity.BRIEF_GLOBAL).map(g -> Arguments.of(m, g)));
        }
        return Stream.of(Arguments.of(MatchingKind.QUEUES, Granularity.LOCK_FREE),
                Arguments.of(MatchingKind.HASH_TABLE, Granularity.PER_OBJECT));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("configurations")
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void theWorkloadsTracesAreAccepted(MatchingKind engine, Granularity granularity) {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
        JobConfig config = JobConfig.of(2).withMatching(engine).withGranularity(granularity).withTrace(rec);
        JobResult r = MatchingWorkload.run(config, 3, Integer.getInteger("rounds", 12), Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        List<RecordedEvent> events = rec.events();
        if (engine == MatchingKind.HASH_TABLE) {
            assertTrue(events.stream().anyMatch(e -> e.step() instanceof MatchingStep s
                    && s.kind() == MatchingStep.Kind.MODE && s.flag()), "no switch to wild mode");
            assertTrue(events.stream().anyMatch(e -> e.step() instanceof MatchingStep s
                    && s.kind() == MatchingStep.Kind.MODE && !s.flag()), "no switch back to fast mode");
        }
        List<TraceModel> models = new MatchingTranslator().models("workload-" + engine + "-" + granularity, events,
                rec.facts(), config);
        assertEquals(2, models.size(), "one trace per rank");
        models.forEach(m -> assertFalse(m.steps().isEmpty()));
        // the ranks' traces together: one TLC JVM per core, short traces of the spec several to a TLC run
        for (TraceVerdict v : checker("matching").checkAllBatched(models, Runtime.getRuntime().availableProcessors(),
                true)) {
            System.out.println(v.summary() + String.format("  %.0f events/s", v.eventsPerSecond()));
            assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
        }
    }

    /**
     * The workloads that drive the twins, on the real engines (the hash engine with the twins' linger of 1):
     * accepted, so a twin's rejection is its defect's doing, not the workload's.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"QUEUES, race", "HASH_TABLE, race", "HASH_TABLE, drain"})
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theTwinsWorkloadsAreAcceptedOnTheRealEngines(MatchingKind engine, String workload) {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
        JobConfig config = JobConfig.of(2).withMatching(engine).withTrace(rec);
        if (engine == MatchingKind.HASH_TABLE) {
            config = config.withExperimental(true).withOverrides(new CoreOverrides("HashMatchingEngine(linger 1)", null,
                    () -> new HashMatchingEngine(HashMatchingEngine.DEFAULT_BUCKETS, 1)));
        }
        JobResult r = workload.equals("race") ? MatchingWorkload.race(config, 3, 60, Duration.ofMinutes(1))
                : MatchingWorkload.drain(config, 8, 4, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        List<RecordedEvent> events = rec.events();
        TraceChecker checker = checker("real-" + workload);
        // Rank 0's trace: the ranks run the same program (the twin test replays every rank's).
        List<TraceModel> models = new MatchingTranslator().models(workload + "-" + engine, events, rec.facts(), config);
        assertEquals(2, models.size());
        for (TraceModel m : models.subList(0, 1)) {
            TraceVerdict v = checker.check(m);
            System.out.println(v.summary());
            assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary() + "\n" + v.reason());
        }
    }
}
