package org.mpiverify.lincheck.core.matching;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.mpiverify.core.matching.MatchingEngine;

/**
 * The operations of the matching-engine suites ({@link QueueMatchingEngineLinearizabilityTest},
 * {@link HashMatchingEngineLinearizabilityTest}) over any {@link MatchingEngine}, compared with
 * {@link MatchingSpec}: post a receive (exact or with ANY_SOURCE/ANY_TAG), arrive a message, probe,
 * matched probe and cancel; a suite only builds its engine. How results are made deterministic:
 * {@link MatchingEngineHarness}.
 *
 * <p>Parameters are tiny so operations collide: contexts {0, 1} (two communicators), sources {0, 1},
 * tags {0, 1}, payload {0, 1}; in a receive pattern, 2 stands for the wildcard.
 */
@Param(name = "ctx", gen = IntGen.class, conf = "0:1")
@Param(name = "src", gen = IntGen.class, conf = "0:1")
@Param(name = "tag", gen = IntGen.class, conf = "0:1")
@Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
@Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
@Param(name = "payload", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class MatchingEngineOperations {
    private final MatchingEngineHarness h;

    protected MatchingEngineOperations(MatchingEngine engine) {
        h = new MatchingEngineHarness(engine);
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
}
