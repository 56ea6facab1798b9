package org.mpiverify.bench.compare;

import java.time.Duration;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * A known-bad measurement: both ranks receive first, so it never finishes; a comparison run of it must
 * end at the figure's deadline with the ranks killed, not hang the figure.
 */
public final class RecvFirstDeadlockScenario extends MeasuringScenario {
    public RecvFirstDeadlockScenario() {
        this(Duration.ofMinutes(1));
    }

    private RecvFirstDeadlockScenario(Duration deadline) {
        super(deadline);
    }

    @Override String timingFact() { return "never"; }
    @Override public String id() { return "bench-test-recv-first-deadlock"; }
    @Override public String title() { return "both ranks receive first"; }
    @Override public String origin() { return "bench tests"; }
    @Override public int ranks() { return 2; }

    @Override
    RecvFirstDeadlockScenario withDeadline(Duration d) {
        return new RecvFirstDeadlockScenario(d);
    }

    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_SINGLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        mpi.recv(w, new int[1], 1, 1 - rank, 0);
        mpi.send(w, new int[1], 1, 1 - rank, 0);
        return new RankReport.Builder(rank).build();
    }
}
