package org.mpiverify.harness.nativempi;

import java.time.Duration;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/** Both ranks receive before they send: a deadlock on purpose, which the target must report as HANG. */
public final class RecvFirstDeadlockScenario extends TestScenario {
    @Override public Duration deadline() { return Duration.ofSeconds(2); }

    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        int[] buf = new int[1];
        mpi.recv(w, buf, 1, 1 - rank, 0);
        mpi.send(w, buf, 1, 1 - rank, 0);
        return new RankReport.Builder(rank).build();
    }
}
