package org.mpiverify.audit;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.IndexedStatus;

/** Forwards every call; the known-bad bindings of the tests override the one call they break. */
class DelegatingAuditMpi implements AuditMpi {
    protected final AuditMpi d;

    DelegatingAuditMpi(AuditMpi d) { this.d = d; }

    @Override public String implementation() { return d.implementation(); }
    @Override public int initThread(int required) { return d.initThread(required); }
    @Override public int queryThread() { return d.queryThread(); }
    @Override public boolean isThreadMain() { return d.isThreadMain(); }
    @Override public void finalizeMpi() { d.finalizeMpi(); }
    @Override public void abort(int errorCode) { d.abort(errorCode); }
    @Override public double wtime() { return d.wtime(); }
    @Override public long commWorld() { return d.commWorld(); }
    @Override public long commSelf() { return d.commSelf(); }
    @Override public int commRank(long comm) { return d.commRank(comm); }
    @Override public int commSize(long comm) { return d.commSize(comm); }
    @Override public void send(long comm, int[] buf, int count, int dest, int tag) { d.send(comm, buf, count, dest, tag); }
    @Override public void ssend(long comm, int[] buf, int count, int dest, int tag) { d.ssend(comm, buf, count, dest, tag); }
    @Override public long isend(long comm, int[] buf, int count, int dest, int tag) { return d.isend(comm, buf, count, dest, tag); }
    @Override public long issend(long comm, int[] buf, int count, int dest, int tag) { return d.issend(comm, buf, count, dest, tag); }
    @Override public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) { return d.recv(comm, buf, count, source, tag); }
    @Override public long irecv(long comm, int[] buf, int count, int source, int tag) { return d.irecv(comm, buf, count, source, tag); }
    @Override public AuditStatus sendrecv(long comm, int[] sb, int sc, int dest, int st, int[] rb, int rc, int src, int rt) {
        return d.sendrecv(comm, sb, sc, dest, st, rb, rc, src, rt);
    }
    @Override public long sendInit(long comm, int[] buf, int count, int dest, int tag, boolean sync) {
        return d.sendInit(comm, buf, count, dest, tag, sync);
    }
    @Override public long recvInit(long comm, int[] buf, int count, int source, int tag) {
        return d.recvInit(comm, buf, count, source, tag);
    }
    @Override public void start(long request) { d.start(request); }
    @Override public void startAll(long[] requests) { d.startAll(requests); }
    @Override public int waitSome(long[] requests, int[] indices, org.mpiverify.harness.api.AuditStatus[] statuses) {
        return d.waitSome(requests, indices, statuses);
    }
    @Override public long grequestStart(org.mpiverify.harness.api.GrequestCallbacks callbacks) {
        return d.grequestStart(callbacks);
    }
    @Override public void grequestComplete(long request) { d.grequestComplete(request); }
    @Override public long isendrecv(long comm, int[] sb, int sc, int dest, int st, int[] rb, int rc, int src, int rt) {
        return d.isendrecv(comm, sb, sc, dest, st, rb, rc, src, rt);
    }
    @Override public void bufferAttach(int bytes) { d.bufferAttach(bytes); }
    @Override public int bufferDetach() { return d.bufferDetach(); }
    @Override public void bsend(long comm, int[] buf, int count, int dest, int tag) { d.bsend(comm, buf, count, dest, tag); }
    @Override public long ibsend(long comm, int[] buf, int count, int dest, int tag) { return d.ibsend(comm, buf, count, dest, tag); }
    @Override public AuditStatus probe(long comm, int source, int tag) { return d.probe(comm, source, tag); }
    @Override public AuditStatus iprobe(long comm, int source, int tag) { return d.iprobe(comm, source, tag); }
    @Override public long mprobe(long comm, int source, int tag, AuditStatus[] status) { return d.mprobe(comm, source, tag, status); }
    @Override public long improbe(long comm, int source, int tag, AuditStatus[] status) { return d.improbe(comm, source, tag, status); }
    @Override public AuditStatus mrecv(long message, int[] buf, int count) { return d.mrecv(message, buf, count); }
    @Override public long imrecv(long message, int[] buf, int count) { return d.imrecv(message, buf, count); }
    @Override public AuditStatus waitFor(long request) { return d.waitFor(request); }
    @Override public AuditStatus test(long request) { return d.test(request); }
    @Override public void cancel(long request) { d.cancel(request); }
    @Override public void requestFree(long request) { d.requestFree(request); }
    @Override public IndexedStatus waitAny(long[] requests) { return d.waitAny(requests); }
    @Override public IndexedStatus testAny(long[] requests) { return d.testAny(requests); }
    @Override public AuditStatus[] waitAll(long[] requests) { return d.waitAll(requests); }
    @Override public AuditStatus[] testAll(long[] requests) { return d.testAll(requests); }
    @Override public long commDup(long comm) { return d.commDup(comm); }
    @Override public long commSplit(long comm, int color, int key) { return d.commSplit(comm, color, key); }
    @Override public long commCreate(long comm, long group) { return d.commCreate(comm, group); }
    @Override public long commCreateGroup(long comm, long group, int tag) { return d.commCreateGroup(comm, group, tag); }
    @Override public long commIdup(long comm, long[] newComm) { return d.commIdup(comm, newComm); }
    @Override public void commFree(long comm) { d.commFree(comm); }
    @Override public int commCompare(long a, long b) { return d.commCompare(a, b); }
    @Override public long commGroup(long comm) { return d.commGroup(comm); }
    @Override public long groupIncl(long group, int[] ranks) { return d.groupIncl(group, ranks); }
    @Override public int groupSize(long group) { return d.groupSize(group); }
    @Override public void groupFree(long group) { d.groupFree(group); }
    @Override public void barrier(long comm) { d.barrier(comm); }
    @Override public void bcast(long comm, int[] buf, int count, int root) { d.bcast(comm, buf, count, root); }
    @Override public void allreduce(long comm, int[] in, int[] out, int count, ReduceOp op) { d.allreduce(comm, in, out, count, op); }
    @Override public long ibarrier(long comm) { return d.ibarrier(comm); }
    @Override public long ibcast(long comm, int[] buf, int count, int root) { return d.ibcast(comm, buf, count, root); }
    @Override public long iallreduce(long comm, int[] in, int[] out, int count, ReduceOp op) { return d.iallreduce(comm, in, out, count, op); }
    @Override public long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root) { return d.igatherv(comm, send, sendCount, recv, recvCounts, displs, root); }
    @Override public long iscatterv(long comm, int[] send, int[] sendCounts, int[] displs, int[] recv, int recvCount, int root) { return d.iscatterv(comm, send, sendCounts, displs, recv, recvCount, root); }
    @Override public long ireduce(long comm, int[] in, int[] out, int count, ReduceOp op, int root) { return d.ireduce(comm, in, out, count, op, root); }
    @Override public long igather(long comm, int[] send, int count, int[] recv, int root) { return d.igather(comm, send, count, recv, root); }
    @Override public long iscatter(long comm, int[] send, int[] recv, int count, int root) { return d.iscatter(comm, send, recv, count, root); }
    @Override public long iallgather(long comm, int[] send, int count, int[] recv) { return d.iallgather(comm, send, count, recv); }
    @Override public long ialltoall(long comm, int[] send, int[] recv, int count) { return d.ialltoall(comm, send, recv, count); }
    @Override public long keyvalCreate(boolean copyOnDup) { return d.keyvalCreate(copyOnDup); }
    @Override public void keyvalFree(long keyval) { d.keyvalFree(keyval); }
    @Override public void commSetAttr(long comm, long keyval, long value) { d.commSetAttr(comm, keyval, value); }
    @Override public Long commGetAttr(long comm, long keyval) { return d.commGetAttr(comm, keyval); }
    @Override public void commDeleteAttr(long comm, long keyval) { d.commDeleteAttr(comm, keyval); }
    @Override public Integer commTagUb(long comm) { return d.commTagUb(comm); }
    @Override public long infoCreate() { return d.infoCreate(); }
    @Override public void infoSet(long info, String key, String value) { d.infoSet(info, key, value); }
    @Override public String infoGet(long info, String key) { return d.infoGet(info, key); }
    @Override public void infoDelete(long info, String key) { d.infoDelete(info, key); }
    @Override public int infoNKeys(long info) { return d.infoNKeys(info); }
    @Override public String infoNthKey(long info, int n) { return d.infoNthKey(info, n); }
    @Override public void infoFree(long info) { d.infoFree(info); }
}
