package org.mpiverify.lincheck.mpi;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.mpi.MatchingKind;

/**
 * A whole rank's matching seen through its public operations ({@code isend} from peers,
 * {@code irecv}, {@code Request.test}, {@code Request.cancel}, {@code iprobe},
 * {@code improbe}+{@code Message.mrecv}), with both matching engines (QUEUES and HASH_TABLE), against
 * {@link RankSpec}. Rank 2 of a 3-rank embedded job is the receiver; ranks 0 and 1 are the two sources
 * on COMM_WORLD, and COMM_SELF is the second communicator (tags 0 and 1 on both).
 *
 * <p>Determinism: where MPI leaves a choice the operations are shaped to remove it.
 * <ul>
 *   <li>Blocking calls appear only in non-blocking forms: {@code test} instead of wait; probe as
 *       {@code iprobe}; mprobe+mrecv as {@code improbe}+{@code mrecv}; cancel is followed by
 *       test-until-complete (a cancelled receive completes at once; one already matched completes when
 *       its sender finishes delivering, which the sender does before its isend returns).
 *   <li>Sends are eager (4 bytes) so an isend is complete when it returns: its effect is its match.
 *   <li>Each thread has at most one receive in flight (a second irecv answers "busy"), so "test my
 *       request" and "cancel my request" name one request.
 *   <li>Results name messages by source, tag and payload; the spec's list order is MPI's
 *       non-overtaking order.
 * </ul>
 *
 * <p>Twin: {@link ProbeThenRecvRank}: the same rank, but the matched-probe operation is composed as
 * iprobe followed by irecv of the probed (source, tag), the probe/recv race that MPI_Mprobe fixes.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Param(name = "comm", gen = IntGen.class, conf = "0:1")
@Param(name = "src", gen = IntGen.class, conf = "0:1")
@Param(name = "tag", gen = IntGen.class, conf = "0:1")
@Param(name = "srcSel", gen = IntGen.class, conf = "0:2")
@Param(name = "tagSel", gen = IntGen.class, conf = "0:2")
@Param(name = "payload", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class RankMatchingLinearizabilityTest {
    static final String SUITE_QUEUES = "RankMatchingQueuesLinearizabilityTest";
    static final String SUITE_HASH = "RankMatchingHashTableLinearizabilityTest";
    static final String CHECKS = "rank 2 through the public API: isend/irecv/test/cancel/iprobe/improbe+mrecv vs per-communicator lists";

    /** The engine the next instances use; set by each test before Lincheck creates instances. */
    static volatile MatchingKind matching = MatchingKind.QUEUES;

    private final RankHarness h = new RankHarness(matching);

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
    public String cancel(@Param(name = "t") int t) {
        return h.cancel(t);
    }

    @Operation
    public String iprobe(@Param(name = "comm") int comm, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.iprobe(comm, src, tag);
    }

    @Operation
    public String improbeRecv(@Param(name = "comm") int comm, @Param(name = "srcSel") int src, @Param(name = "tagSel") int tag) {
        return h.improbeRecv(comm, src, tag);
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void queuesModelChecking() {
        matching = MatchingKind.QUEUES;
        Lincheck.checkModel(SUITE_QUEUES, CHECKS, getClass(), RankSpec.class, Budget.modelChecking().scaled(0.5, 1));
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void queuesStress() {
        matching = MatchingKind.QUEUES;
        Lincheck.checkStress(SUITE_QUEUES, CHECKS, getClass(), RankSpec.class, Budget.stress());
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void hashTableModelChecking() {
        matching = MatchingKind.HASH_TABLE;
        // The job's hash engine has 256 buckets: entering wild mode locks each in turn (a finite loop).
        Lincheck.checkModel(SUITE_HASH, CHECKS, getClass(), RankSpec.class, Budget.modelChecking().scaled(0.5, 0.8), 300);
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void hashTableStress() {
        matching = MatchingKind.HASH_TABLE;
        Lincheck.checkStress(SUITE_HASH, CHECKS, getClass(), RankSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void probeThenRecvTwinIsRejected() {
        matching = MatchingKind.QUEUES;
        Lincheck.expectRejectedSeeded("ProbeThenRecvRank",
                "matched probe composed as iprobe + irecv(probed source, tag): another thread can take the message in between",
                OneSourceRank.class, ProbeThenRecvRank.class, OneSourceRankSpec.class, Budget.twin(),
                c -> List.of(Lincheck.afterInit(List.of(Lincheck.actor(c, "send", 1)),
                        List.of(Lincheck.actor(c, "improbeRecv", 0, 0)), List.of(Lincheck.actor(c, "improbeRecv", 2, 0)))));
    }
}
