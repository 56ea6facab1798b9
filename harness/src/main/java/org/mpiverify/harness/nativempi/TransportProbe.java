package org.mpiverify.harness.nativempi;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.BaseScenario;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;

/**
 * What a column's ranks use to reach each other: two ranks exchange small and large messages (eager and
 * rendezvous), then each reports the TCP connections its process holds ({@link TcpConnections}), before
 * {@code MPI_Finalize} closes them. {@link NativeTarget#transportCheck()} pairs them up: a TCP column must show a
 * connection between the two rank processes, and the default column of a single host is expected to show none.
 * Not in the catalog: a target runs it on itself.
 */
public final class TransportProbe extends BaseScenario {
    static final String CONNECTIONS = "tcp.connections";
    private static final int ROUNDS = 50;
    private static final int LARGE = 64 * 1024; // ints: 256 KiB, past every eager limit

    public TransportProbe() {
        super("transport-probe", "which connections two ranks' messages take", "issue 20: the network path", 2, 1, 1,
                Duration.ofSeconds(30));
    }

    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        int[] buf = new int[LARGE];
        for (int i = 0; i < ROUNDS; i++) {
            int n = i % 10 == 9 ? LARGE : 1 + i;
            int[] msg = new int[n];
            java.util.Arrays.fill(msg, 1000 * me + i);
            AuditStatus st;
            if (me == 0) {
                mpi.send(world, msg, n, other, i);
                st = mpi.recv(world, buf, buf.length, other, i);
            } else {
                st = mpi.recv(world, buf, buf.length, other, i);
                mpi.send(world, msg, n, other, i);
            }
            if (st.count() != n || buf[0] != 1000 * other + i || buf[n - 1] != 1000 * other + i) {
                report.evidence("rank " + me + " round " + i + ": received " + st.count() + " ints starting " + buf[0]);
            }
        }
        mpi.barrier(world);
        report.fact(CONNECTIONS, TcpConnections.format(TcpConnections.ofThisProcess()));
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, ROUNDS + " exchanges intact", "messages damaged");
    }
}
