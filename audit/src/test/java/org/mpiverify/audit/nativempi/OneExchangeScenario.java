package org.mpiverify.audit.nativempi;

import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.scenario.RankReport;

/** Two ranks exchange one message: a run that can hang only after the scenario (30 s deadline). */
public final class OneExchangeScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        int[] in = new int[1];
        mpi.sendrecv(w, new int[] {rank}, 1, 1 - rank, 1, in, 1, 1 - rank, 1);
        return new RankReport.Builder(rank).fact("received", in[0]).build();
    }
}
