package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Communicator and group management on two ranks: dup (congruent, usable), split with a reversing
 * key and with MPI_UNDEFINED, comm_group/group_incl, comm_create and comm_create_group over a
 * one-rank group, compare, and the collectives allreduce and bcast. Reports what each call returned.
 */
public final class CommunicatorScenario extends TestScenario {
    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w), other = 1 - rank;
        RankReport.Builder r = new RankReport.Builder(rank);
        r.fact("compare.self", mpi.commCompare(w, w));

        long dup = mpi.commDup(w);
        r.fact("dup.compare", mpi.commCompare(w, dup)).fact("dup.size", mpi.commSize(dup));
        int[] got = new int[1];
        var st = mpi.sendrecv(dup, new int[] {10 + rank}, 1, other, 4, got, 1, other, 4);
        r.fact("dup.sendrecv", got[0] + "/" + st.source() + "/" + st.tag());

        long reversed = mpi.commSplit(w, 0, -rank);
        r.fact("split.rank", mpi.commRank(reversed)).fact("split.size", mpi.commSize(reversed))
         .fact("split.compare", mpi.commCompare(w, reversed));
        long alone = mpi.commSplit(w, rank == 0 ? 5 : AuditMpi.UNDEFINED, 0);
        r.fact("split.undefined", alone == AuditMpi.COMM_NULL ? "COMM_NULL" : "size " + mpi.commSize(alone));

        long g = mpi.commGroup(w);
        long g0 = mpi.groupIncl(g, new int[] {0});
        r.fact("group.size", mpi.groupSize(g)).fact("group0.size", mpi.groupSize(g0));
        long created = mpi.commCreate(w, g0);
        r.fact("create", created == AuditMpi.COMM_NULL ? "COMM_NULL" : "size " + mpi.commSize(created));
        if (rank == 0) {
            long cg = mpi.commCreateGroup(w, g0, 9);
            r.fact("createGroup", "size " + mpi.commSize(cg) + " rank " + mpi.commRank(cg));
            mpi.commFree(cg);
        }

        int[] sum = new int[1], max = new int[1], b = {rank == 1 ? 42 : 0};
        mpi.allreduce(dup, new int[] {rank + 1}, sum, 1, AuditMpi.ReduceOp.SUM);
        mpi.allreduce(dup, new int[] {rank + 1}, max, 1, AuditMpi.ReduceOp.MAX);
        mpi.bcast(w, b, 1, 1);
        r.fact("allreduce.sum", sum[0]).fact("allreduce.max", max[0]).fact("bcast", b[0]);

        if (created != AuditMpi.COMM_NULL) mpi.commFree(created);
        if (alone != AuditMpi.COMM_NULL) mpi.commFree(alone);
        mpi.groupFree(g0);
        mpi.groupFree(g);
        mpi.commFree(reversed);
        mpi.barrier(dup);
        mpi.commFree(dup);
        return r.build();
    }
}
