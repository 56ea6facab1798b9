package org.mpiverify.lincheck.core.matching;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.ModeCheckOutsideBucketLockHashEngine;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.lincheck.ThreadDumpOnTimeout;

/**
 * {@link HashMatchingEngine} (the Dang–Snir–Gropp table fast path plus per-context wild mode) is
 * linearizable with respect to the same two-list specification as the queue engine
 * ({@link MatchingSpec}). The engine has one head bucket (every key collides in one chain and one spin
 * lock) and a wildcard linger of 2, so scenarios switch contexts to wild mode (a wildcard post or
 * probe), run exact operations in wild mode and switch back to the table. Operations and how they are
 * made deterministic: {@link MatchingEngineHarness}.
 *
 * <p>Twin: {@link ModeCheckOutsideBucketLockHashEngine} (an arrival reads the context's mode word
 * before taking its bucket lock, breaking the fast/wild handshake).
 */
@ExtendWith(ThreadDumpOnTimeout.class)
@Param(name = "ctx", gen = IntGen.class, conf = "0:1")
@Param(name = "src", gen = IntGen.class, conf = "0:1")
@Param(name = "tag", gen = IntGen.class, conf = "0:1")
@Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
@Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
@Param(name = "payload", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class HashMatchingEngineLinearizabilityTest {
    static final String SUITE = "HashMatchingEngineLinearizabilityTest";
    private final MatchingEngineHarness h;
    static final String CHECKS = "QueueMatchingEngine post(wildcards)/arrive/iprobe/improbe/cancel vs two lists";

    public HashMatchingEngineLinearizabilityTest() {
        h = new MatchingEngineHarness(new HashMatchingEngine(1, 2));
    }

    @Operation
    public String post(@Param(name = "t") int t, @Param(name = "ctx") int ctx,
                       @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.post(t, ctx, src, tag);
    }

    @Operation
    public String arrive(@Param(name = "ctx") int ctx, @Param(name = "src") int src,
                         @Param(name = "tag") int tag, @Param(name = "payload") int payload) {
        return h.arrive(ctx, src, tag, payload);
    }

    @Operation
    public String iprobe(@Param(name = "ctx") int ctx, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.iprobe(ctx, src, tag);
    }

    @Operation
    public String improbe(@Param(name = "ctx") int ctx, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.improbe(ctx, src, tag);
    }

    @Operation
    public boolean cancel(@Param(name = "t") int t) {
        return h.cancel(t);
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

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modeCheckOutsideBucketLockTwinIsRejected() {
        Lincheck.expectRejected("ModeCheckOutsideBucketLockHashEngine",
                "an arrival reads the mode word before locking its bucket (fast/wild handshake broken)",
                true, Twin.class, OneContextMatchingSpec.class, Budget.twin());
    }

    /**
     * The known-bad twin through narrower operations (context 0; arrivals from source 0; post, arrive and iprobe), checked
     * against the same specification seen through them ({@link OneContextMatchingSpec}), so that
     * concurrent operations collide and the quick budget reaches the race.
     */
    @Param(name = "tag", gen = IntGen.class, conf = "0:1")
    @Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
    @Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
    @Param(name = "payload", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public static class Twin {
        public Twin() {
            h = new MatchingEngineHarness(new ModeCheckOutsideBucketLockHashEngine(1, 2));
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

        @Operation
        public String iprobe(@Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
            return h.iprobe(0, src, tag);
        }
    }
}
