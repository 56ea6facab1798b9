package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Each rank says how it was started ({@code SSH_CONNECTION}, which sshd gives the launcher's remote part and the
 * rank inherits) and exchanges one message with the other: where a host list put the ranks.
 */
public final class WhereScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        int[] in = new int[1];
        AuditStatus st = mpi.sendrecv(w, new int[] {100 + rank}, 1, 1 - rank, 3, in, 1, 1 - rank, 3);
        return new RankReport.Builder(rank)
                .fact("ssh", String.valueOf(System.getenv("SSH_CONNECTION")))
                .fact("received", in[0] + " from " + st.source())
                .build();
    }
}
