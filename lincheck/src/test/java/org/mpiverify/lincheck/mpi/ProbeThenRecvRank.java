package org.mpiverify.lincheck.mpi;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Known-bad twin of the rank suite ({@link RankHarness}): the same rank and operations, but "receive what you probed" is the
 * thread-unsafe composition iprobe + irecv(probed source, probed tag) (Hoefler et al. §2: the probe/recv
 * race) instead of improbe + mrecv. Checked through narrower operations (COMM_WORLD, source 0, tag 0
 * for sends and exact receives; probes keep wildcards) against {@link OneSourceRankSpec}, so that two
 * threads receiving the same message is the common case.
 */
@Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
@Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
@Param(name = "payload", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class ProbeThenRecvRank {
    private final RankHarness h = new RankHarness(RankMatchingLinearizabilityTest.matching);

    @Operation
    public void send(@Param(name = "payload") int payload) {
        h.send(0, 0, 0, payload);
    }

    @Operation
    public String irecv(@Param(name = "t") int t) {
        return h.irecv(t, 0, 0, 0);
    }

    @Operation
    public String test(@Param(name = "t") int t) {
        return h.test(t);
    }

    @Operation
    public String improbeRecv(@Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.probeThenRecv(0, src, tag); // DEFECT: probe, then receive, as two calls
    }
}
