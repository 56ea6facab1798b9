package org.mpiverify.lincheck.mpi;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The rank of {@link RankHarness} through narrower operations (COMM_WORLD, source 0, tag 0 for sends and exact
 * receives; probes keep wildcards), checked against {@link OneSourceRankSpec}, so that two threads receiving the
 * same message is the common case. The real rank receives what it probed with improbe + mrecv; its known-bad twin
 * {@link ProbeThenRecvRank} does not.
 */
@Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
@Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
@Param(name = "payload", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class OneSourceRank {
    final RankHarness h = new RankHarness(RankMatchingLinearizabilityTest.matching);

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
        return receiveWhatWasProbed(src, tag);
    }

    /** Receives the message a probe of (src, tag) matches, or answers that none waits. */
    String receiveWhatWasProbed(int src, int tag) {
        return h.improbeRecv(0, src, tag);
    }
}
