package org.mpiverify.lincheck.core.matching;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.ArrivalCheckThenActQueueEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.QueueMatchingEngine;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The posted/unexpected queues ({@link QueueMatchingEngine}: MPICH-style per-context queues behind one
 * lock per context) are linearizable with respect to {@link MatchingSpec}: post a receive with or
 * without wildcards, arrive a message, probe, mprobe, cancel. Operations and how they are made
 * deterministic: {@link MatchingEngineHarness}.
 *
 * <p>Twin: {@link ArrivalCheckThenActQueueEngine} (an arrival scans the posted queue under the lock,
 * then enqueues as unexpected under a second acquisition).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class QueueMatchingEngineLinearizabilityTest extends MatchingEngineOperations {
    static final String SUITE = "QueueMatchingEngineLinearizabilityTest";
    static final String CHECKS = "QueueMatchingEngine post(wildcards)/arrive/iprobe/improbe/cancel vs two lists";

    public QueueMatchingEngineLinearizabilityTest() {
        super(new QueueMatchingEngine());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), MatchingSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), MatchingSpec.class, Budget.stress());
    }

    /**
     * The steps the engine records for trace validation, replayed in stamp order on a fresh engine, come out the
     * same ({@link RecordedMatchingSteps}; its twin, a section split before its record, is the hash engine's
     * {@code LateRecordHashEngine}, rejected in {@code HashMatchingEngineLinearizabilityTest}).
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void recordedStepsReplayModelChecking() {
        Lincheck.checkModel(SUITE, "QueueMatchingEngine recorded steps, replayed in stamp order on a fresh engine, come out the same",
                OnRecordingEngine.class, RecordedMatchingSteps.Spec.class, RecordedMatchingSteps.BUDGET,
                RecordedMatchingSteps.scenarios(OnRecordingEngine.class));
    }

    public static class OnRecordingEngine extends RecordedMatchingSteps {
        public OnRecordingEngine() {
            super(QueueMatchingEngine::new);
        }
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void arrivalCheckThenActTwinIsRejected() {
        Lincheck.expectRejectedSeeded("ArrivalCheckThenActQueueEngine",
                "an arrival scans the posted queue, releases the context lock, then enqueues as unexpected",
                OnEngine.class, Twin.class, OneContextMatchingSpec.class, Budget.twin(),
                c -> List.of(Lincheck.parallel(List.of(Lincheck.actor(c, "arrive", 1, 1)),
                        List.of(Lincheck.actor(c, "post", 2, 2, 1)))));
    }

    /**
     * An engine through narrower operations (context 0; arrivals from source 0; post and arrive), checked
     * against the same specification seen through them ({@link OneContextMatchingSpec}), so that
     * concurrent operations collide and the quick budget reaches the race.
     */
    @Param(name = "tag", gen = IntGen.class, conf = "0:1")
    @Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
    @Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
    @Param(name = "payload", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public abstract static class OneContext {
        OneContext(MatchingEngine engine) {
            h = new MatchingEngineHarness(engine);
        }

        private final MatchingEngineHarness h;

        @Operation
        public String post(@Param(name = "t") int t, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
            return h.post(t, 0, src, tag);
        }

        @Operation
        public String arrive(@Param(name = "tag") int tag, @Param(name = "payload") int payload) {
            return h.arrive(0, 0, tag, payload);
        }
    }

    /** The real engine through {@link OneContext}'s operations: it must pass the twin's seeds. */
    public static class OnEngine extends OneContext {
        public OnEngine() {
            super(new QueueMatchingEngine());
        }
    }

    public static class Twin extends OneContext {
        public Twin() {
            super(new ArrivalCheckThenActQueueEngine());
        }
    }
}
