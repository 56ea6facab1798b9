package org.mpiverify.harness.nativempi;

import java.time.Duration;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Workers;

/**
 * On rank 0 one worker fails while the other is blocked in a receive nobody will match; rank 1 waits in a
 * receive too. Rank 0 must report the worker's failure and end the job with {@code MPI_Abort} (a thread is
 * still inside MPI, so {@code MPI_Finalize} is not allowed), and the target must judge the run by that
 * report: Completed with the failure, not a crash of the library or a hang.
 */
public final class WorkerFailureScenario extends TestScenario {
    static final String MESSAGE = "worker 0 failed on purpose";

    @Override public Duration deadline() { return Duration.ofSeconds(15); }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        int[] buf = new int[1];
        if (rank == 1) {
            mpi.recv(w, buf, 1, 0, 98);              // never sent: rank 0 aborts the job
            return new RankReport.Builder(rank).build();
        }
        Workers.run(2, Duration.ofSeconds(10), t -> {
            if (t == 0) throw new IllegalStateException(MESSAGE);
            mpi.recv(w, buf, 1, 1, 99);              // never sent: left behind in MPI
        });
        return new RankReport.Builder(rank).build();
    }
}
