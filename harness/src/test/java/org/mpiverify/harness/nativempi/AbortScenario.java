package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/** Rank 1 calls {@code MPI_Abort(3)} while rank 0 waits in a barrier: the target must report a crash. */
public final class AbortScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        if (rank == 1) mpi.abort(3);
        mpi.barrier(w);
        return new RankReport.Builder(rank).build();
    }
}
