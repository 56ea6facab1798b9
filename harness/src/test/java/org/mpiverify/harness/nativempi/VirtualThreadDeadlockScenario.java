package org.mpiverify.harness.nativempi;

import java.time.Duration;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * The receive-first deadlock called from a virtual thread: the blocked native call pins its carrier.
 * The binding does not forbid this; the target must still detect the hang and kill the ranks.
 */
public final class VirtualThreadDeadlockScenario extends TestScenario {
    @Override public Duration deadline() { return Duration.ofSeconds(2); }

    @Override
    public RankReport run(AuditMpi mpi) throws InterruptedException {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        Thread vt = Thread.ofVirtual().name("recv-first-virtual").start(() -> {
            int[] buf = new int[1];
            mpi.recv(w, buf, 1, 1 - rank, 0);
        });
        vt.join();
        return new RankReport.Builder(rank).build();
    }
}
