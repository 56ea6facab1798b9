package org.mpiverify.harness.nativempi;

import java.time.Duration;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Workers;

/**
 * On every rank a worker waits in a receive nobody matches until the scenario's 3 s bound passes: a
 * hang the rank detects itself. Each rank's report must carry the left-behind thread's Java frames and
 * its native frames inside the library, taken before the rank calls {@code MPI_Abort}.
 */
public final class LeftBehindScenario extends TestScenario {
    static final Duration BOUND = Duration.ofSeconds(3);

    @Override public Duration deadline() { return Duration.ofSeconds(20); }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        int[] buf = new int[1];
        Workers.run(1, BOUND, t -> mpi.recv(w, buf, 1, 1 - rank, 97));   // never sent
        return new RankReport.Builder(rank).build();
    }
}
