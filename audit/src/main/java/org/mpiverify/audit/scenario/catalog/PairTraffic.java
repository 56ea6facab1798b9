package org.mpiverify.audit.scenario.catalog;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;

/**
 * The background traffic of the error-path scenarios: thread {@code t} of rank {@code me} ping-pongs
 * {@code messages} payloads with thread {@code t} of rank {@code other} on {@code (comm, tag)}, two blocking
 * exchanges in three and one nonblocking (irecv, isend, both waited), every message checked (intact, from the
 * partner thread, in order, with the right status). A problem is one evidence line naming rank, thread,
 * communicator and message.
 */
final class PairTraffic {
    private PairTraffic() { }

    static void run(AuditMpi mpi, RankReport.Builder report, long comm, String commName, int me, int other, int t,
                    int tag, int messages) {
        int[] buf = new int[Payload.HEADER + 64];
        String who = "rank " + me + " thread " + t + " (traffic on " + commName + ")";
        for (int i = 0; i < messages; i++) {
            int[] msg = Payload.make(me, t, i, Payload.HEADER + (i * 7 + t) % 60);
            AuditStatus st;
            if (i % 3 == 2) {
                long r = mpi.irecv(comm, buf, buf.length, other, tag);
                long s = mpi.isend(comm, msg, msg.length, other, tag);
                st = mpi.waitFor(r);
                mpi.waitFor(s);
            } else if (me == 0) {
                mpi.send(comm, msg, msg.length, other, tag);
                st = mpi.recv(comm, buf, buf.length, other, tag);
            } else {
                st = mpi.recv(comm, buf, buf.length, other, tag);
                mpi.send(comm, msg, msg.length, other, tag);
            }
            Expect.message(report, who, st, buf, other, tag, other, t, i);
        }
    }
}
