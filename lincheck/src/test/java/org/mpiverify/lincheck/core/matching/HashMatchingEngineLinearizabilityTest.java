package org.mpiverify.lincheck.core.matching;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.LateRecordHashEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.ModeReadBeforeLockOnArrivalHashEngine;
import org.mpiverify.core.matching.ModeReadBeforeLockOnPostHashEngine;
import org.mpiverify.core.matching.UnsortedDrainHashEngine;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link HashMatchingEngine} (the Dang–Snir–Gropp table fast path plus per-context wild mode) is
 * linearizable with respect to the same two-list specification as the queue engine
 * ({@link MatchingSpec}). The engine has one head bucket (every key collides in one chain and one spin
 * lock) and a wildcard linger of 2, so scenarios switch contexts to wild mode (a wildcard post or
 * probe), run exact operations in wild mode and switch back to the table. Operations and how they are
 * made deterministic: {@link MatchingEngineHarness}.
 *
 * <p>Mode switches: {@link ModeSwitches} narrows the operations to one context and source, two tags,
 * exact and ANY_TAG receives and probes, on an engine with several buckets, so that scenarios switch
 * the context to wild mode and back with unexpected messages of different keys waiting; the real engine
 * passes it with the budget that rejects the twins (generated from twins/patches/lincheck):
 * {@link ModeReadBeforeLockOnArrivalHashEngine} and {@link ModeReadBeforeLockOnPostHashEngine} (an
 * arrival, resp. an exact receive, reads the mode word before taking its bucket lock) and
 * {@link UnsortedDrainHashEngine} (the switch to wild mode does not order the drained messages by
 * arrival).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class HashMatchingEngineLinearizabilityTest extends MatchingEngineOperations {
    static final String SUITE = "HashMatchingEngineLinearizabilityTest";
    static final String CHECKS = "HashMatchingEngine post(wildcards)/arrive/iprobe/improbe/cancel vs two lists";

    public HashMatchingEngineLinearizabilityTest() {
        super(new HashMatchingEngine(1, 2));
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
     * The engine through the mode-switch operations below, the two scenarios given explored first with the
     * twins' invocations per scenario: a defect in a switch between the table and the wild-mode queues fails here.
     * A quick build adds 8 random scenarios (as {@link Budget#modelChecking()}), {@code -Pfull} 100.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modeSwitchesModelChecking() {
        Budget b = Budget.twin();
        Budget budget = b.scaled((double) Budget.modelChecking().iterations() / b.iterations(), 1);
        Lincheck.checkModel(SUITE, MODE_CHECKS, OnEngine.class, ModeSwitchSpec.class, budget,
                cancelWhileTheContextLeavesWildMode(OnEngine.class), cancelRacingTheLingersEnd(OnEngine.class));
    }

    /**
     * Thread 0 posts an exact receive and cancels it; thread 1 switches the context to wild mode (an ANY_TAG
     * probe moves the receive into the wild queues) and back (two exact arrivals of the other tag end the
     * linger of 2 and put it back in the table). A cancel that found the context wild under the bucket lock
     * must look at the mode again under the context lock: a cancel that trusted its earlier read searched the
     * queues the receive had left and reported it gone, though nothing matched it. Random scenarios of five
     * operations in this order are rare, so the model checker is given this one.
     */
    static ExecutionScenario cancelWhileTheContextLeavesWildMode(Class<?> c) {
        return Lincheck.parallel(
                List.of(Lincheck.actor(c, "post", 0, 0), Lincheck.actor(c, "cancel", 0)),
                List.of(Lincheck.actor(c, "iprobe", 2), Lincheck.actor(c, "arrive", 1, 0),
                        Lincheck.actor(c, "arrive", 1, 1)));
    }

    /**
     * Thread 0's exact receive is posted, an ANY_TAG probe moves it to the wild queues, and an arrival of the
     * other tag leaves one exact operation of the linger of 2; then that receive's cancel races a second such
     * arrival, which ends the linger and moves the receive back to the table. A cancel that checked the mode
     * under the context lock must remove the receive in the same section: one that let the lock go between
     * the two searched the queues the receive had just left and reported it gone, though nothing matched it.
     */
    static ExecutionScenario cancelRacingTheLingersEnd(Class<?> c) {
        return Lincheck.afterInit(List.of(Lincheck.actor(c, "post", 0, 0), Lincheck.actor(c, "iprobe", 2),
                        Lincheck.actor(c, "arrive", 1, 0)),
                List.of(Lincheck.actor(c, "cancel", 0)), List.of(Lincheck.actor(c, "arrive", 1, 1)));
    }

    static final String MODE_CHECKS = "HashMatchingEngine mode switches: exact and ANY_TAG receives, arrivals of two tags, ANY_TAG probes, cancels";

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modeReadBeforeLockOnArrivalTwinIsRejected() {
        Lincheck.expectRejectedSeeded("ModeReadBeforeLockOnArrivalHashEngine",
                "an arrival reads the mode word before locking its bucket (fast/wild handshake broken)",
                OnEngine.class, OnModeReadBeforeLockOnArrival.class, ModeSwitchSpec.class, Budget.twin(),
                c -> List.of(Lincheck.parallel(List.of(Lincheck.actor(c, "post", 1, 2)),
                        List.of(Lincheck.actor(c, "arrive", 0, 1)))));
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modeReadBeforeLockOnPostTwinIsRejected() {
        Lincheck.expectRejectedSeeded("ModeReadBeforeLockOnPostHashEngine",
                "an exact receive reads the mode word before locking its bucket (a receive stranded in the table)",
                OnEngine.class, OnModeReadBeforeLockOnPost.class, ModeSwitchSpec.class, Budget.twin(),
                c -> List.of(Lincheck.parallel(List.of(Lincheck.actor(c, "iprobe", 2), Lincheck.actor(c, "arrive", 1, 1)),
                        List.of(Lincheck.actor(c, "post", 2, 1)))));
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void unsortedDrainTwinIsRejected() {
        Lincheck.expectRejectedSeeded("UnsortedDrainHashEngine",
                "the switch to wild mode keeps the unexpected messages in bucket order, not arrival order",
                OnEngine.class, OnUnsortedDrain.class, ModeSwitchSpec.class, Budget.twin(),
                c -> List.of(Lincheck.afterInit(List.of(Lincheck.actor(c, "arrive", 1, 0), Lincheck.actor(c, "arrive", 0, 0)),
                        List.of(Lincheck.actor(c, "iprobe", 2)))));
    }

    /**
     * The steps the engine records for trace validation, replayed in stamp order on a fresh engine, come out
     * the same ({@link RecordedMatchingSteps}). With a linger of 64 the context is wild from the scenarios'
     * init part on, so they race the wild-mode paths, each of which records under the context lock.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void recordedStepsReplayModelChecking() {
        Lincheck.checkModel(SUITE, RECORD_CHECKS, OnRecordingEngine.class, RecordedMatchingSteps.Spec.class,
                RecordedMatchingSteps.BUDGET, RecordedMatchingSteps.scenarios(OnRecordingEngine.class));
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void lateRecordTwinIsRejected() {
        Lincheck.expectRejected("LateRecordHashEngine",
                "an exact receive in wild mode records its step after letting the context lock go (stamped late)",
                OnLateRecord.class, RecordedMatchingSteps.Spec.class, RecordedMatchingSteps.BUDGET,
                RecordedMatchingSteps.scenarios(OnLateRecord.class));
    }

    static final String RECORD_CHECKS = "HashMatchingEngine recorded steps, replayed in stamp order on a fresh engine, come out the same";

    public static class OnRecordingEngine extends RecordedMatchingSteps {
        public OnRecordingEngine() {
            super(() -> new HashMatchingEngine(MODE_BUCKETS, 64));
        }
    }

    public static class OnLateRecord extends RecordedMatchingSteps {
        public OnLateRecord() {
            super(() -> new LateRecordHashEngine(MODE_BUCKETS, 64));
        }
    }

    /** Buckets of the engines below: enough that messages of tags 0 and 1 land in different buckets. */
    static final int MODE_BUCKETS = 4;

    /**
     * Operations that reach the engine's mode switches with several keys: one context and one source;
     * arrivals with tag 0 or 1, so that two unexpected messages of different keys wait in the table when
     * a wildcard arrives (a switch to wild mode must order them by arrival); exact and ANY_TAG receives;
     * ANY_TAG probes (a wildcard operation switches the context to wild mode, and with a linger of 2
     * the context goes back to the table after two exact operations); cancels of a thread's last receive,
     * whose mode read must be under the lock like the others' (a cancel that looked in the table while a
     * wildcard moved its receive to the wild queues reports it gone, and the receive is matched later). The engine has
     * {@value #MODE_BUCKETS} buckets, so tags 0 and 1 are in different buckets.
     */
    @Param(name = "tag", gen = IntGen.class, conf = "0:1")
    @Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
    @Param(name = "payload", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public abstract static class ModeSwitches {
        private final MatchingEngineHarness h;

        ModeSwitches(MatchingEngine engine) {
            h = new MatchingEngineHarness(engine);
        }

        MatchingEngineHarness harness() {
            return h;
        }

        @Operation
        public String post(@Param(name = "t") int t, @Param(name = "tagSel") int tag) {
            return h.post(t, 0, 0, tag);
        }

        @Operation
        public String arrive(@Param(name = "tag") int tag, @Param(name = "payload") int payload) {
            return h.arrive(0, 0, tag, payload);
        }

        @Operation
        public String iprobe(@Param(name = "tagSel") int tag) {
            return h.iprobe(0, 0, tag);
        }

        @Operation
        public boolean cancel(@Param(name = "t") int t) {
            return h.cancel(t);
        }
    }

    public static class OnEngine extends ModeSwitches {
        public OnEngine() {
            super(new HashMatchingEngine(MODE_BUCKETS, 2));
        }
    }

    public static class OnModeReadBeforeLockOnArrival extends ModeSwitches {
        public OnModeReadBeforeLockOnArrival() {
            super(new ModeReadBeforeLockOnArrivalHashEngine(MODE_BUCKETS, 2));
        }
    }

    public static class OnModeReadBeforeLockOnPost extends ModeSwitches {
        public OnModeReadBeforeLockOnPost() {
            super(new ModeReadBeforeLockOnPostHashEngine(MODE_BUCKETS, 2));
        }
    }

    public static class OnUnsortedDrain extends ModeSwitches {
        public OnUnsortedDrain() {
            super(new UnsortedDrainHashEngine(MODE_BUCKETS, 2));
        }
    }

    /** {@link MatchingSpec} seen through {@link ModeSwitches}: context 0, source 0. */
    public static class ModeSwitchSpec extends MatchingSpec {
        public String post(int t, int tag) {
            return post(t, 0, 0, tag);
        }

        public String arrive(int tag, int payload) {
            return arrive(0, 0, tag, payload);
        }

        public String iprobe(int tag) {
            return iprobe(0, 0, tag);
        }
    }
}
