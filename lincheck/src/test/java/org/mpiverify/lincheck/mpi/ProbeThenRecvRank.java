package org.mpiverify.lincheck.mpi;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Known-bad twin of the rank suite: the same rank and operations, but "receive what you probed" is the
 * thread-unsafe composition iprobe + irecv(probed source, probed tag) (Hoefler et al. §2: the probe/recv
 * race) instead of improbe + mrecv. Checked on one communicator with one source and one tag, so that
 * two threads probing the same message is the common case.
 */
@Param(name = "comm", gen = IntGen.class, conf = "0:0")
@Param(name = "src", gen = IntGen.class, conf = "0:0")
@Param(name = "tag", gen = IntGen.class, conf = "0:0")
@Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
@Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
@Param(name = "payload", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class ProbeThenRecvRank {
    private final RankHarness h = new RankHarness(RankMatchingLinearizabilityTest.matching);

    @Operation
    public void send(@Param(name = "comm") int comm, @Param(name = "src") int src,
                     @Param(name = "tag") int tag, @Param(name = "payload") int payload) {
        h.send(comm, src, tag, payload);
    }

    @Operation
    public String irecv(@Param(name = "t") int t, @Param(name = "comm") int comm,
                        @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.irecv(t, comm, src, tag);
    }

    @Operation
    public String test(@Param(name = "t") int t) {
        return h.test(t);
    }

    @Operation
    public String iprobe(@Param(name = "comm") int comm, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.iprobe(comm, src, tag);
    }

    @Operation
    public String improbeRecv(@Param(name = "comm") int comm, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.probeThenRecv(comm, src, tag); // THE DEFECT: probe, then receive, as two calls
    }
}
