package org.mpiverify.harness.core;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;
import org.mpiverify.harness.api.IndexedStatus;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.DerivedDatatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.Grequest;
import org.mpiverify.mpi.Group;
import org.mpiverify.mpi.Info;
import org.mpiverify.mpi.Keyval;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.Op;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;

/**
 * {@link AuditMpi} over one rank of the in-JVM core ({@link Mpi}). Handles are entries of per-rank
 * {@link HandleTable}s; constants are translated (the core's {@code PROC_NULL} is -1, the audit's -3);
 * every {@link MpiException} becomes an {@link AuditException} with the same error class number.
 *
 * <p>Thread safety is the core's: this class keeps no state but the handle tables, which take no lock.
 */
public final class CoreAuditMpi implements AuditMpi {
    private final Mpi mpi;
    private final String implementation;
    private final HandleTable<Comm> comms = new HandleTable<>("communicator", "MPI_ERR_COMM", ErrorClass.ERR_COMM.code());
    private final HandleTable<Group> groups = new HandleTable<>("group", "MPI_ERR_GROUP", ErrorClass.ERR_GROUP.code());
    private final HandleTable<Request> requests =
            new HandleTable<>("request", "MPI_ERR_REQUEST", ErrorClass.ERR_REQUEST.code());
    private final HandleTable<Message> messages =
            new HandleTable<>("message", "MPI_ERR_REQUEST", ErrorClass.ERR_REQUEST.code());
    private final HandleTable<Keyval> keyvals =
            new HandleTable<>("keyval", "MPI_ERR_KEYVAL", ErrorClass.ERR_KEYVAL.code());
    private final HandleTable<Info> infos = new HandleTable<>("info", "MPI_ERR_INFO", ErrorClass.ERR_INFO.code());
    /** Where each live idup request's new communicator goes ({@code newcomm}), by request handle. */
    private final ConcurrentHashMap<Long, long[]> idupResults = new ConcurrentHashMap<>();
    /** The handles of persistent requests: a wait leaves them valid (inactive) until requestFree. */
    private final java.util.Set<Long> persistent = ConcurrentHashMap.newKeySet();
    private final HandleTable<DerivedDatatype> types =
            new HandleTable<>("datatype", "MPI_ERR_TYPE", ErrorClass.ERR_TYPE.code());
    private volatile long world = COMM_NULL;
    private volatile long self = COMM_NULL;

    public CoreAuditMpi(Mpi mpi, String implementation) {
        this.mpi = mpi;
        this.implementation = implementation;
    }

    /** Live requests and messages not yet received: what a scenario leaked (for leak checks in tests). */
    public int liveRequestsAndMessages() {
        return requests.size() + messages.size();
    }

    @Override public String implementation() { return implementation; }

    @Override
    public int initThread(int required) {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw new AuditException("MPI_Init_thread", ErrorClass.ERR_ARG.code(), "MPI_ERR_ARG",
                    "required level " + required);
        }
        int provided = call("MPI_Init_thread", () -> mpi.initThread(ThreadLevel.values()[required])).ordinal();
        world = comms.register(mpi.commWorld());
        self = comms.register(mpi.commSelf());
        return provided;
    }

    @Override public int queryThread() { return call("MPI_Query_thread", mpi::queryThread).ordinal(); }
    @Override public boolean isThreadMain() { return call("MPI_Is_thread_main", mpi::isThreadMain); }
    @Override public void finalizeMpi() { run("MPI_Finalize", mpi::finalizeMpi); }
    @Override public void abort(int errorCode) { mpi.abort(errorCode); }
    @Override public double wtime() { return mpi.wtime(); }

    @Override
    public long commWorld() {
        long w = world;
        if (w == COMM_NULL) {
            throw new AuditException("MPI_COMM_WORLD", ErrorClass.ERR_OTHER.code(), "MPI_ERR_OTHER",
                    "MPI is not initialized");
        }
        return w;
    }

    @Override
    public long commSelf() {
        commWorld(); // initialized?
        return self;
    }

    @Override public int commRank(long comm) { return call("MPI_Comm_rank", () -> comm("MPI_Comm_rank", comm).rank()); }
    @Override public int commSize(long comm) { return call("MPI_Comm_size", () -> comm("MPI_Comm_size", comm).size()); }

    @Override
    public void send(long comm, int[] buf, int count, int dest, int tag) {
        run("MPI_Send", () -> comm("MPI_Send", comm).send(buf, 0, count, Datatype.INT, rank(dest), tag));
    }

    @Override
    public void ssend(long comm, int[] buf, int count, int dest, int tag) {
        run("MPI_Ssend", () -> comm("MPI_Ssend", comm).ssend(buf, 0, count, Datatype.INT, rank(dest), tag));
    }

    @Override
    public long isend(long comm, int[] buf, int count, int dest, int tag) {
        return requests.register(call("MPI_Isend",
                () -> comm("MPI_Isend", comm).isend(buf, 0, count, Datatype.INT, rank(dest), tag)));
    }

    @Override
    public long issend(long comm, int[] buf, int count, int dest, int tag) {
        return requests.register(call("MPI_Issend",
                () -> comm("MPI_Issend", comm).issend(buf, 0, count, Datatype.INT, rank(dest), tag)));
    }

    @Override
    public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
        return status(call("MPI_Recv",
                () -> comm("MPI_Recv", comm).recv(buf, 0, count, Datatype.INT, rank(source), tag)));
    }

    @Override
    public long irecv(long comm, int[] buf, int count, int source, int tag) {
        return requests.register(call("MPI_Irecv",
                () -> comm("MPI_Irecv", comm).irecv(buf, 0, count, Datatype.INT, rank(source), tag)));
    }

    @Override
    public AuditStatus sendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                                int[] recvBuf, int recvCount, int source, int recvTag) {
        return status(call("MPI_Sendrecv", () -> comm("MPI_Sendrecv", comm).sendrecv(
                sendBuf, 0, sendCount, Datatype.INT, rank(dest), sendTag,
                recvBuf, 0, recvCount, Datatype.INT, rank(source), recvTag)));
    }

    @Override
    public long isendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                          int[] recvBuf, int recvCount, int source, int recvTag) {
        return requests.register(call("MPI_Isendrecv", () -> comm("MPI_Isendrecv", comm).isendrecv(
                sendBuf, 0, sendCount, Datatype.INT, rank(dest), sendTag,
                recvBuf, 0, recvCount, Datatype.INT, rank(source), recvTag)));
    }

    @Override
    public void bufferAttach(int bytes) {
        run("MPI_Buffer_attach", () -> mpi.bufferAttach(bytes));
    }

    @Override
    public int bufferDetach() {
        return call("MPI_Buffer_detach", () -> {
            java.nio.ByteBuffer b = mpi.bufferDetach();
            return b == null ? 0 : b.limit();
        });
    }

    @Override
    public void bsend(long comm, int[] buf, int count, int dest, int tag) {
        run("MPI_Bsend", () -> comm("MPI_Bsend", comm).bsend(buf, 0, count, Datatype.INT, rank(dest), tag));
    }

    @Override
    public long ibsend(long comm, int[] buf, int count, int dest, int tag) {
        return requests.register(call("MPI_Ibsend",
                () -> comm("MPI_Ibsend", comm).ibsend(buf, 0, count, Datatype.INT, rank(dest), tag)));
    }

    @Override
    public AuditStatus probe(long comm, int source, int tag) {
        return status(call("MPI_Probe", () -> comm("MPI_Probe", comm).probe(rank(source), tag)));
    }

    @Override
    public AuditStatus iprobe(long comm, int source, int tag) {
        Status s = call("MPI_Iprobe", () -> comm("MPI_Iprobe", comm).iprobe(rank(source), tag));
        return s == null ? null : status(s);
    }

    @Override
    public long mprobe(long comm, int source, int tag, AuditStatus[] status) {
        Status[] st = new Status[1];
        Message m = call("MPI_Mprobe", () -> comm("MPI_Mprobe", comm).mprobe(rank(source), tag, st));
        if (status != null && status.length > 0) status[0] = status(st[0]);
        return m.isNoProc() ? MESSAGE_NO_PROC : messages.register(m);
    }

    @Override
    public long improbe(long comm, int source, int tag, AuditStatus[] status) {
        Status[] st = new Status[1];
        Message m = call("MPI_Improbe", () -> comm("MPI_Improbe", comm).improbe(rank(source), tag, st));
        if (m == null) return MESSAGE_NULL;
        if (status != null && status.length > 0) status[0] = status(st[0]);
        return m.isNoProc() ? MESSAGE_NO_PROC : messages.register(m);
    }

    @Override
    public AuditStatus mrecv(long message, int[] buf, int count) {
        if (message == MESSAGE_NO_PROC) return new AuditStatus(PROC_NULL, ANY_TAG, 0, false, 0);
        Message m = messages.remove("MPI_Mrecv", message);
        return status(call("MPI_Mrecv", () -> m.mrecv(buf, 0, count, Datatype.INT)));
    }

    @Override
    public long imrecv(long message, int[] buf, int count) {
        if (message == MESSAGE_NO_PROC) {
            throw new AuditException("MPI_Imrecv", ErrorClass.ERR_ARG.code(), "MPI_ERR_ARG",
                    "imrecv of the no-process message is not supported by this binding");
        }
        Message m = messages.remove("MPI_Imrecv", message);
        return requests.register(call("MPI_Imrecv", () -> m.imrecv(buf, 0, count, Datatype.INT)));
    }

    @Override
    public AuditStatus waitFor(long request) {
        Request r = requests.get("MPI_Wait", request);
        Status s = completing("MPI_Wait", request, r, r::waitFor);
        retireHandle("MPI_Wait", request);
        idupCompleted(request, r);
        return status(s);
    }

    @Override
    public AuditStatus test(long request) {
        Request r = requests.get("MPI_Test", request);
        Status s = completing("MPI_Test", request, r, r::test);
        if (s == null) return null;
        retireHandle("MPI_Test", request);
        idupCompleted(request, r);
        return status(s);
    }

    /**
     * A wait or test; one that completes its request with an error (ERR_TRUNCATE) still completed it, so the handle
     * goes before the error is thrown (MPI sets the caller's handle to MPI_REQUEST_NULL either way).
     */
    private Status completing(String call, long handle, Request r, Supplier<Status> body) {
        try {
            return call(call, body);
        } catch (AuditException e) {
            if (r.isInactive()) retireHandle(call, handle);
            throw e;
        }
    }

    @Override
    public void cancel(long request) {
        Request r = requests.get("MPI_Cancel", request);
        run("MPI_Cancel", r::cancel);
    }

    @Override
    public void requestFree(long request) {
        Request r = requests.remove("MPI_Request_free", request);
        persistent.remove(request);
        run("MPI_Request_free", r::free);
    }

    /*
     * The array calls over Request.waitAny/testAny/waitAll/testAll. A request that completes with an error makes the
     * core's call throw after completing it (waitAny, testAny: the request's error; waitAll, testAll: ERR_IN_STATUS
     * once all are complete), so the binding finds the completed entries by their handles turning inactive: MPI
     * forbids two threads to complete one request, so no other thread can have completed an entry of this array
     * meanwhile.
     */

    @Override
    public IndexedStatus waitAny(long[] handles) {
        Request[] rs = requestsOf("MPI_Waitany", handles);
        boolean[] active = activeOf(rs);
        int i;
        try {
            i = Request.waitAny(rs);
        } catch (MpiException e) {
            return completedWithError("MPI_Waitany", handles, rs, active, e);
        }
        return i == Mpi.UNDEFINED ? IndexedStatus.NONE : completedOne("MPI_Waitany", handles, rs, i);
    }

    @Override
    public IndexedStatus testAny(long[] handles) {
        Request[] rs = requestsOf("MPI_Testany", handles);
        boolean[] active = activeOf(rs);
        boolean any = false;
        for (boolean a : active) any |= a;
        if (!any) return IndexedStatus.NONE;
        int i;
        try {
            i = Request.testAny(rs);
        } catch (MpiException e) {
            return completedWithError("MPI_Testany", handles, rs, active, e);
        }
        return i == Mpi.UNDEFINED ? null : completedOne("MPI_Testany", handles, rs, i);
    }

    @Override
    public AuditStatus[] waitAll(long[] handles) {
        Request[] rs = requestsOf("MPI_Waitall", handles);
        try {
            Request.waitAll(rs);
        } catch (MpiException e) {
            if (e.errorClass() != ErrorClass.ERR_IN_STATUS) throw auditException("MPI_Waitall", e);
        }
        return completedAll("MPI_Waitall", handles, rs);
    }

    @Override
    public AuditStatus[] testAll(long[] handles) {
        Request[] rs = requestsOf("MPI_Testall", handles);
        try {
            if (Request.testAll(rs) == null) return null;
        } catch (MpiException e) {
            if (e.errorClass() != ErrorClass.ERR_IN_STATUS) throw auditException("MPI_Testall", e);
        }
        return completedAll("MPI_Testall", handles, rs);
    }

    private Request[] requestsOf(String call, long[] handles) {
        if (handles == null) throw new AuditException(call, ErrorClass.ERR_ARG.code(), "MPI_ERR_ARG", "array of requests is null");
        Request[] rs = new Request[handles.length];
        for (int i = 0; i < handles.length; i++) {
            rs[i] = handles[i] == REQUEST_NULL ? null : requests.get(call, handles[i]);
        }
        return rs;
    }

    private static boolean[] activeOf(Request[] rs) {
        boolean[] a = new boolean[rs.length];
        for (int i = 0; i < rs.length; i++) a[i] = rs[i] != null && !rs[i].isInactive();
        return a;
    }

    /** Entry {@code i} completed: its handle goes, the caller's entry becomes REQUEST_NULL, an idup delivers. */
    private IndexedStatus completedOne(String call, long[] handles, Request[] rs, int i) {
        retire(call, handles, rs, i);
        return new IndexedStatus(i, status(rs[i].status()));
    }

    /** waitAny or testAny threw: the entry it completed with an error, if any, else the call's own error. */
    private IndexedStatus completedWithError(String call, long[] handles, Request[] rs, boolean[] active, MpiException e) {
        for (int i = 0; i < rs.length; i++) {
            if (active[i] && rs[i].isInactive() && rs[i].status() != null) {
                retire(call, handles, rs, i);
                return new IndexedStatus(i, status(rs[i].status()).withError(e.errorClass().code(),
                        "MPI_" + e.errorClass().name()));
            }
        }
        throw auditException(call, e);
    }

    private AuditStatus[] completedAll(String call, long[] handles, Request[] rs) {
        AuditStatus[] out = new AuditStatus[rs.length];
        for (int i = 0; i < rs.length; i++) {
            if (rs[i] == null) {
                out[i] = AuditStatus.EMPTY;
            } else if (rs[i].isInactive()) {
                Status s = rs[i].status();
                out[i] = s == null ? AuditStatus.EMPTY.withError(ErrorClass.ERR_REQUEST.code(), "MPI_ERR_REQUEST") : status(s);
                retire(call, handles, rs, i);
            } else {  // not completed (the core completes every entry; MPI would say MPI_ERR_PENDING)
                out[i] = AuditStatus.EMPTY.withError(ErrorClass.ERR_PENDING.code(), "MPI_ERR_PENDING");
            }
        }
        return out;
    }

    private void retire(String call, long[] handles, Request[] rs, int i) {
        if (persistent.contains(handles[i])) return;   // inactive, still valid until freed
        requests.remove(call, handles[i]);
        idupCompleted(handles[i], rs[i]);
        handles[i] = REQUEST_NULL;
    }

    /** A completed request's handle becomes REQUEST_NULL, unless it is persistent (then it stays, inactive). */
    private void retireHandle(String call, long handle) {
        if (!persistent.contains(handle)) requests.remove(call, handle);
    }

    @Override
    public long sendInit(long comm, int[] buf, int count, int dest, int tag, boolean sync) {
        String name = sync ? "MPI_Ssend_init" : "MPI_Send_init";
        Comm c = comm(name, comm);
        long h = requests.register(call(name, () -> sync ? c.ssendInit(buf, 0, count, Datatype.INT, rank(dest), tag)
                : c.sendInit(buf, 0, count, Datatype.INT, rank(dest), tag)));
        persistent.add(h);
        return h;
    }

    @Override
    public long recvInit(long comm, int[] buf, int count, int source, int tag) {
        long h = requests.register(call("MPI_Recv_init",
                () -> comm("MPI_Recv_init", comm).recvInit(buf, 0, count, Datatype.INT, rank(source), tag)));
        persistent.add(h);
        return h;
    }

    @Override
    public void start(long request) {
        Request r = requests.get("MPI_Start", request);
        run("MPI_Start", r::start);
    }

    @Override
    public void startAll(long[] handles) {
        Request[] rs = requestsOf("MPI_Startall", handles);
        run("MPI_Startall", () -> Request.startAll(rs));
    }

    @Override
    public int waitSome(long[] handles, int[] indices, AuditStatus[] statuses) {
        Request[] rs = requestsOf("MPI_Waitsome", handles);
        Status[] st = new Status[rs.length];
        int n;
        try {
            n = Request.waitSome(rs, indices, st);
        } catch (MpiException e) {
            if (e.errorClass() != ErrorClass.ERR_IN_STATUS) throw auditException("MPI_Waitsome", e);
            n = 0;   // the arrays are filled before ERR_IN_STATUS: each failed entry's status carries its class
            while (n < st.length && st[n] != null) n++;
        }
        if (n == Mpi.UNDEFINED) return UNDEFINED;
        for (int k = 0; k < n; k++) {
            if (statuses != null) statuses[k] = status(st[k]);
            retire("MPI_Waitsome", handles, rs, indices[k]);
        }
        return n;
    }

    @Override
    public long grequestStart(GrequestCallbacks cb) {
        return requests.register(call("MPI_Grequest_start", () -> mpi.grequestStart(x -> {
            AuditStatus a = cb.query();
            return Grequest.status(rank(a.source()), a.tag(), 4L * a.count(), a.cancelled());
        }, x -> cb.free(), (x, complete) -> cb.cancel(complete), null)));
    }

    @Override
    public void grequestComplete(long request) {
        Request r = requests.get("MPI_Grequest_complete", request);
        run("MPI_Grequest_complete", r::grequestComplete);
    }

    @Override
    public long commDup(long comm) {
        return comms.register(call("MPI_Comm_dup", () -> comm("MPI_Comm_dup", comm).dup()));
    }

    @Override
    public long commSplit(long comm, int color, int key) {
        Comm c = call("MPI_Comm_split", () -> comm("MPI_Comm_split", comm).split(color, key));
        return c == null ? COMM_NULL : comms.register(c);
    }

    @Override
    public long commCreate(long comm, long group) {
        Group g = groups.get("MPI_Comm_create", group);
        Comm c = call("MPI_Comm_create", () -> comm("MPI_Comm_create", comm).create(g));
        return c == null ? COMM_NULL : comms.register(c);
    }

    @Override
    public long commCreateGroup(long comm, long group, int tag) {
        Group g = groups.get("MPI_Comm_create_group", group);
        return comms.register(call("MPI_Comm_create_group",
                () -> comm("MPI_Comm_create_group", comm).createGroup(g, tag)));
    }

    @Override
    public long commIdup(long comm, long[] newComm) {
        if (newComm == null || newComm.length < 1) {
            throw new AuditException("MPI_Comm_idup", ErrorClass.ERR_ARG.code(), "MPI_ERR_ARG", "no cell for newcomm");
        }
        long request = requests.register(call("MPI_Comm_idup", () -> comm("MPI_Comm_idup", comm).idup()));
        idupResults.put(request, newComm);
        return request;
    }

    /** After the wait or test that completed {@code request}: an idup's new communicator goes to its cell. */
    private void idupCompleted(long request, Request r) {
        long[] out = idupResults.remove(request);
        if (out != null) out[0] = comms.register(call("MPI_Comm_idup", r::communicator));
    }

    @Override
    public void commFree(long comm) {
        if (comm == world || comm == self) {
            throw new AuditException("MPI_Comm_free", ErrorClass.ERR_COMM.code(), "MPI_ERR_COMM",
                    "a predefined communicator cannot be freed");
        }
        Comm c = comms.remove("MPI_Comm_free", comm);
        run("MPI_Comm_free", c::free);
    }

    @Override
    public int commCompare(long a, long b) {
        return call("MPI_Comm_compare", () -> Comm.compare(comm("MPI_Comm_compare", a), comm("MPI_Comm_compare", b)));
    }

    @Override
    public long commGroup(long comm) {
        return groups.register(call("MPI_Comm_group", () -> comm("MPI_Comm_group", comm).group()));
    }

    @Override
    public long groupIncl(long group, int[] ranks) {
        Group g = groups.get("MPI_Group_incl", group);
        return groups.register(call("MPI_Group_incl", () -> g.incl(ranks)));
    }

    @Override
    public int groupSize(long group) {
        return groups.get("MPI_Group_size", group).size();
    }

    @Override
    public void groupFree(long group) {
        groups.remove("MPI_Group_free", group); // core groups are immutable values: nothing else to release
    }

    @Override
    public long typeVector(int count, int blocklength, int stride) {
        return types.register(call("MPI_Type_vector", () -> DerivedDatatype.vector(count, blocklength, stride, Datatype.INT)));
    }

    @Override
    public void typeCommit(long type) {
        run("MPI_Type_commit", () -> types.get("MPI_Type_commit", type).commit());
    }

    @Override
    public void typeFree(long type) {
        run("MPI_Type_free", () -> types.remove("MPI_Type_free", type).free());
    }

    @Override
    public void sendTyped(long comm, int[] buf, int count, long type, int dest, int tag) {
        run("MPI_Send", () -> comm("MPI_Send", comm).send(buf, 0, count, types.get("MPI_Send", type), rank(dest), tag));
    }

    @Override
    public long irecvTyped(long comm, int[] buf, int count, long type, int source, int tag) {
        return requests.register(call("MPI_Irecv",
                () -> comm("MPI_Irecv", comm).irecv(buf, 0, count, types.get("MPI_Irecv", type), rank(source), tag)));
    }

    @Override public void barrier(long comm) { run("MPI_Barrier", () -> comm("MPI_Barrier", comm).barrier()); }

    @Override
    public void bcast(long comm, int[] buf, int count, int root) {
        run("MPI_Bcast", () -> comm("MPI_Bcast", comm).bcast(buf, 0, count, Datatype.INT, root));
    }

    @Override
    public void allreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        Op o = op(op);
        run("MPI_Allreduce", () -> comm("MPI_Allreduce", comm).allreduce(in, 0, out, 0, count, Datatype.INT, o));
    }

    @Override
    public long ibarrier(long comm) {
        return requests.register(call("MPI_Ibarrier", () -> comm("MPI_Ibarrier", comm).ibarrier()));
    }

    @Override
    public long ibcast(long comm, int[] buf, int count, int root) {
        return requests.register(call("MPI_Ibcast", () -> comm("MPI_Ibcast", comm).ibcast(buf, 0, count, Datatype.INT, root)));
    }

    @Override
    public long iallreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        Op o = op(op);
        return requests.register(call("MPI_Iallreduce",
                () -> comm("MPI_Iallreduce", comm).iallreduce(in, 0, out, 0, count, Datatype.INT, o)));
    }

    @Override
    public long ireduce(long comm, int[] in, int[] out, int count, ReduceOp op, int root) {
        Op o = op(op);
        return requests.register(call("MPI_Ireduce",
                () -> comm("MPI_Ireduce", comm).ireduce(in, 0, out, 0, count, Datatype.INT, o, root)));
    }

    @Override
    public long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root) {
        return requests.register(call("MPI_Igatherv", () -> comm("MPI_Igatherv", comm).igatherv(send, 0, sendCount,
                Datatype.INT, recv, 0, recvCounts, displs, Datatype.INT, root)));
    }

    @Override
    public long iscatterv(long comm, int[] send, int[] sendCounts, int[] displs, int[] recv, int recvCount, int root) {
        return requests.register(call("MPI_Iscatterv", () -> comm("MPI_Iscatterv", comm).iscatterv(send, 0, sendCounts,
                displs, Datatype.INT, recv, 0, recvCount, Datatype.INT, root)));
    }

    @Override
    public long igather(long comm, int[] send, int count, int[] recv, int root) {
        return requests.register(call("MPI_Igather",
                () -> comm("MPI_Igather", comm).igather(send, 0, count, Datatype.INT, recv, 0, count, Datatype.INT, root)));
    }

    @Override
    public long iscatter(long comm, int[] send, int[] recv, int count, int root) {
        return requests.register(call("MPI_Iscatter",
                () -> comm("MPI_Iscatter", comm).iscatter(send, 0, count, Datatype.INT, recv, 0, count, Datatype.INT, root)));
    }

    @Override
    public long iallgather(long comm, int[] send, int count, int[] recv) {
        return requests.register(call("MPI_Iallgather",
                () -> comm("MPI_Iallgather", comm).iallgather(send, 0, count, Datatype.INT, recv, 0, count, Datatype.INT)));
    }

    @Override
    public long ialltoall(long comm, int[] send, int[] recv, int count) {
        return requests.register(call("MPI_Ialltoall",
                () -> comm("MPI_Ialltoall", comm).ialltoall(send, 0, count, Datatype.INT, recv, 0, count, Datatype.INT)));
    }

    // Attributes and info: an attribute value is the audit's long, boxed.

    @Override
    public long keyvalCreate(boolean copyOnDup) {
        return keyvals.register(call("MPI_Comm_create_keyval", () -> mpi.createKeyval(
                copyOnDup ? Keyval.DUP_FN : Keyval.NULL_COPY_FN, Keyval.NULL_DELETE_FN, null)));
    }

    @Override
    public void keyvalFree(long keyval) {
        Keyval k = keyvals.remove("MPI_Comm_free_keyval", keyval);
        run("MPI_Comm_free_keyval", k::free);
    }

    @Override
    public void commSetAttr(long comm, long keyval, long value) {
        Keyval k = keyvals.get("MPI_Comm_set_attr", keyval);
        run("MPI_Comm_set_attr", () -> comm("MPI_Comm_set_attr", comm).setAttr(k, value));
    }

    @Override
    public Long commGetAttr(long comm, long keyval) {
        Keyval k = keyvals.get("MPI_Comm_get_attr", keyval);
        return (Long) call("MPI_Comm_get_attr", () -> comm("MPI_Comm_get_attr", comm).getAttr(k));
    }

    @Override
    public void commDeleteAttr(long comm, long keyval) {
        Keyval k = keyvals.get("MPI_Comm_delete_attr", keyval);
        run("MPI_Comm_delete_attr", () -> comm("MPI_Comm_delete_attr", comm).deleteAttr(k));
    }

    @Override
    public Integer commTagUb(long comm) {
        return (Integer) call("MPI_Comm_get_attr", () -> comm("MPI_Comm_get_attr", comm).getAttr(Keyval.TAG_UB));
    }

    @Override
    public long infoCreate() {
        return infos.register(call("MPI_Info_create", mpi::createInfo));
    }

    @Override
    public void infoSet(long info, String key, String value) {
        Info i = infos.get("MPI_Info_set", info);
        run("MPI_Info_set", () -> i.set(key, value));
    }

    @Override
    public String infoGet(long info, String key) {
        Info i = infos.get("MPI_Info_get", info);
        return call("MPI_Info_get", () -> i.get(key));
    }

    @Override
    public void infoDelete(long info, String key) {
        Info i = infos.get("MPI_Info_delete", info);
        run("MPI_Info_delete", () -> i.delete(key));
    }

    @Override
    public int infoNKeys(long info) {
        Info i = infos.get("MPI_Info_get_nkeys", info);
        return call("MPI_Info_get_nkeys", i::nKeys);
    }

    @Override
    public String infoNthKey(long info, int n) {
        Info i = infos.get("MPI_Info_get_nthkey", info);
        return call("MPI_Info_get_nthkey", () -> i.nthKey(n));
    }

    @Override
    public void infoFree(long info) {
        Info i = infos.remove("MPI_Info_free", info);
        run("MPI_Info_free", i::free);
    }

    private static Op op(ReduceOp op) {
        return switch (op) {
            case SUM -> Op.SUM;
            case MAX -> Op.MAX;
            case MIN -> Op.MIN;
            case BAND -> Op.BAND;
            case BOR -> Op.BOR;
        };
    }

    private Comm comm(String call, long handle) {
        return comms.get(call, handle);
    }

    /** The audit's PROC_NULL (-3) to the core's (-1); wildcards are the same in both. */
    private static int rank(int auditRank) {
        return auditRank == PROC_NULL ? Mpi.PROC_NULL : auditRank;
    }

    private static AuditStatus status(Status s) {
        boolean procNull = s.source() == Mpi.PROC_NULL;
        ErrorClass e = s.error() == null ? ErrorClass.SUCCESS : s.error();
        return new AuditStatus(procNull ? PROC_NULL : s.source(), procNull ? ANY_TAG : s.tag(),
                (int) (s.bytes() / Integer.BYTES), s.isCancelled(), e.code(), e == ErrorClass.SUCCESS ? null : "MPI_" + e.name());
    }

    private static <T> T call(String name, Supplier<T> body) {
        try {
            return body.get();
        } catch (MpiException e) {
            throw auditException(name, e);
        }
    }

    private static void run(String name, Runnable body) {
        try {
            body.run();
        } catch (MpiException e) {
            throw auditException(name, e);
        }
    }

    private static AuditException auditException(String name, MpiException e) {
        return new AuditException(name, e.errorClass().code(), "MPI_" + e.errorClass().name(), e.getMessage());
    }
}
