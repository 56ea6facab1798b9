package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Error translation: a send to rank 99 of a two-rank world, and to rank -7 (negative but not one of
 * the audit's special ranks, which the binding must not turn into a library's PROC_NULL), must each
 * fail with the library's {@code MPI_ERR_RANK} — not abort the process, not succeed.
 */
public final class InvalidRankScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        int rank = mpi.commRank(mpi.commWorld());
        RankReport.Builder report = new RankReport.Builder(rank);
        for (int dest : new int[] {99, -7}) {
            try {
                mpi.send(mpi.commWorld(), new int[] {1}, 1, dest, 0);
                report.fact("send." + dest, "succeeded");
            } catch (AuditException e) {
                report.fact("send." + dest, e.errorName() + "/" + e.errorClass());
                report.evidence(e.getMessage());
            }
        }
        mpi.barrier(mpi.commWorld());
        return report.build();
    }
}
