package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/** MPI-4 {@code MPI_Isendrecv}: an exchange of one value when the library has it, "unsupported" when not. */
public final class IsendrecvScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w), other = 1 - rank;
        RankReport.Builder r = new RankReport.Builder(rank);
        int[] got = {-1};
        try {
            long req = mpi.isendrecv(w, new int[] {100 + rank}, 1, other, 2, got, 1, other, 2);
            var st = mpi.waitFor(req);
            r.fact("isendrecv", "data " + got[0]).fact("isendrecv.status", st.source() + "/" + st.tag() + "/" + st.count());
        } catch (UnsupportedOperationException e) {
            r.fact("isendrecv", "unsupported").evidence(e.getMessage());
        }
        mpi.barrier(w);
        return r.build();
    }
}
