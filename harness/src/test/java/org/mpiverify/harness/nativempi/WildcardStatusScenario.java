package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Status fields and matched probe: rank 1 sends five messages to rank 0 (tags 7..11, counts 3, 5,
 * 2, 4, 1, element k of tag t being {@code 100 t + k}); rank 0 receives them with wildcards through
 * recv, probe+recv, mprobe+mrecv, improbe+imrecv+wait and irecv+wait, and reports each status as
 * {@code source/tag/count} and whether the data arrived intact; then PROC_NULL receive and matched
 * probe, and an iprobe that must find nothing.
 */
public final class WildcardStatusScenario extends TestScenario {
    static final int[] TAGS = {7, 8, 9, 10, 11}, COUNTS = {3, 5, 2, 4, 1};

    static int[] data(int tag, int count) {
        int[] d = new int[count];
        for (int k = 0; k < count; k++) d[k] = 100 * tag + k;
        return d;
    }

    private static String show(AuditStatus s) { return s == null ? "null" : s.source() + "/" + s.tag() + "/" + s.count(); }

    private static boolean intact(int[] buf, int tag, int count) {
        int[] want = data(tag, count);
        for (int k = 0; k < count; k++) if (buf[k] != want[k]) return false;
        return true;
    }

    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        RankReport.Builder r = new RankReport.Builder(rank);
        if (rank == 1) {
            for (int i = 0; i < TAGS.length; i++) mpi.send(w, data(TAGS[i], COUNTS[i]), COUNTS[i], 0, TAGS[i]);
        } else {
            int[] buf = new int[16];
            AuditStatus s = mpi.recv(w, buf, buf.length, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
            r.fact("recv", show(s)).fact("recv.data", intact(buf, 7, 3));

            s = mpi.probe(w, AuditMpi.ANY_SOURCE, 8);
            r.fact("probe", show(s));
            s = mpi.recv(w, buf, buf.length, s.source(), s.tag());
            r.fact("probe.recv", show(s)).fact("probe.data", intact(buf, 8, 5));

            AuditStatus[] st = new AuditStatus[1];
            long msg = mpi.mprobe(w, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG, st);
            r.fact("mprobe", show(st[0]));
            s = mpi.mrecv(msg, buf, buf.length);
            r.fact("mrecv", show(s)).fact("mrecv.data", intact(buf, 9, 2));

            // Tag 10 was sent before rank 1's last send returned; a blocking probe first so that
            // improbe below must find it (no polling loop).
            mpi.probe(w, 1, 10);
            msg = mpi.improbe(w, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG, st);
            r.fact("improbe", msg == AuditMpi.MESSAGE_NULL ? "none" : show(st[0]));
            if (msg != AuditMpi.MESSAGE_NULL) {
                long req = mpi.imrecv(msg, buf, buf.length);
                s = mpi.waitFor(req);
                r.fact("imrecv", show(s)).fact("imrecv.data", intact(buf, 10, 4));
            }

            long req = mpi.irecv(w, buf, buf.length, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
            s = mpi.waitFor(req);
            r.fact("irecv", show(s)).fact("irecv.data", intact(buf, 11, 1));

            r.fact("recv.procnull", show(mpi.recv(w, buf, buf.length, AuditMpi.PROC_NULL, 3)));
            long none = mpi.mprobe(w, AuditMpi.PROC_NULL, 3, st);
            r.fact("mprobe.procnull", none == AuditMpi.MESSAGE_NO_PROC ? "MESSAGE_NO_PROC" : Long.toString(none));
            r.fact("mprobe.procnull.status", show(st[0]));
            r.fact("mrecv.procnull", show(mpi.mrecv(none, buf, buf.length)));
            r.fact("iprobe.empty", show(mpi.iprobe(w, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG)));
        }
        mpi.barrier(w);
        return r.build();
    }
}
