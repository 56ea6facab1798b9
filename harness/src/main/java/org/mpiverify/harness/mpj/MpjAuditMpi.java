package org.mpiverify.harness.mpj;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.IndexedStatus;

/**
 * One rank of MPJ Express 0.44 behind {@link AuditMpi}, called through {@link MpjApi}'s method
 * handles (the audit does not compile against MPJ).
 *
 * <p>What MPJ 0.44 has and lacks, read from its jars:
 * <ul>
 *   <li>No {@code Init_thread}: {@code MPI.initThread(int,int,String[])} exists but is a stub that
 *       returns {@code null} without initialising anything, {@code MPI.queryThread()} always returns
 *       {@code THREAD_MULTIPLE} and {@code MPI.isMainThread()} always {@code true}. So
 *       {@link #initThread} calls {@code MPI.Init} and reports what {@code queryThread} claims;
 *       whether the claim holds is what the audit's scenarios test. MPJ numbers the levels 1..4
 *       (SINGLE..MULTIPLE); they are translated to the audit's 0..3.</li>
 *   <li>No matched probe ({@code Mprobe}, {@code Improbe}, {@code Mrecv}, {@code Imrecv}), no
 *       {@code Isendrecv}, no {@code Comm_create_group}, no {@code Request.Free}, no generalized requests
 *       ({@code Grequest_start}, {@code Grequest_complete}): those throw {@link UnsupportedOperationException} (the
 *       audit's UNSUPPORTED). {@code MPI_Request_free} of an inactive persistent request is the binding dropping its
 *       handle ({@link #requestFree}).</li>
 *   <li>Buffered sends are mpiJava's {@code Comm.Bsend}, {@code Comm.Ibsend}, {@code MPI.Buffer_attach(ByteBuffer)}
 *       and {@code MPI.Buffer_detach()}, which waits for the pending buffered sends but returns nothing: the size
 *       {@link #bufferDetach} reports is the one this binding attached. Persistent requests are mpiJava's
 *       {@code Send_init}, {@code Ssend_init}, {@code Recv_init}, {@code Prequest.Start} and {@code Prequest.Startall}
 *       (each start makes a new MPJ request over the {@code Prequest}'s arguments, so the buffer's contents at the
 *       start are sent).</li>
 *   <li>Attributes and info objects: none. {@code mpi.Comm} has {@code Attr_get} and {@code Attr_delete} but no
 *       keyval creation and no public {@code Attr_put}, and there is no {@code Info} class: the {@link AuditMpi}
 *       defaults (UNSUPPORTED) stay.</li>
 *   <li>{@code Comm_dup} is {@code Intracomm.clone()}. MPJ's {@code ANY_TAG} is -2 (the audit's is
 *       -1) and {@code UNDEFINED} is -1; both are translated.</li>
 *   <li>Errors are {@code mpi.MPIException}s without an error class; see {@link MpjErrors}.</li>
 *   <li>{@code Status.Test_cancelled()} is a stub that prints "Cancel functionality is not
 *       implemented." and returns {@code false}, and {@code Request.Cancel()} prints "Not implemented
 *       in this release" before asking the device. So the binding asks {@code Test_cancelled} only
 *       for requests it was asked to cancel; other statuses report {@code cancelled=false}.</li>
 *   <li>{@code Recv}/{@code Irecv} from {@code PROC_NULL} fail ("requested negative message
 *       destination: -3"), surfacing as MPI_ERR_RANK.</li>
 * </ul>
 *
 * <p>Thread safety is exactly MPJ's: apart from {@link MpjHandles}' concurrent map, the binding
 * takes no lock and keeps no shared mutable state, so every race it shows is MPJ's own.
 */
public final class MpjAuditMpi implements AuditMpi {
    private static final long WORLD = 1;

    private final MpjApi api;
    private final String[] initArgs;
    private final String implementation;
    private final MpjHandles handles = new MpjHandles();
    private final AtomicBoolean initialized = new AtomicBoolean();
    private final AtomicBoolean finalized = new AtomicBoolean();
    /** Requests {@link #cancel} was called on: only their statuses ask MPJ whether they were cancelled. */
    private final Set<Long> cancelRequested = ConcurrentHashMap.newKeySet();
    /** Handles of persistent requests ({@code Prequest}s), which stay valid across completions until freed. */
    private final Set<Long> persistent = ConcurrentHashMap.newKeySet();
    /** The persistent requests started and not yet completed (MPJ keeps no such state a caller can read). */
    private final Set<Long> activePersistent = ConcurrentHashMap.newKeySet();

    /** MPJ's values, read once {@code MPI.Init} has run (published to other threads by their start). */
    private volatile Constants k;

    private record Constants(Object intType, int anySource, int anyTag, int procNull, int undefined,
                             int single, int funneled, int serialized, int multiple,
                             int ident, int congruent, int similar, int unequal,
                             Object sum, Object max, Object min, Object band, Object bor) { }

    /**
     * @param loader   the class loader holding this rank's copy of {@code mpi.jar}
     * @param initArgs the three arguments {@code MPI.Init} expects: rank, configuration (the number of
     *                 ranks for multicore, the niodev configuration string) and device name
     * @param version  MPJ's version, for {@link #implementation()}
     */
    public MpjAuditMpi(ClassLoader loader, String[] initArgs, String version) throws ReflectiveOperationException {
        if (initArgs.length != 3) throw new IllegalArgumentException("MPI.Init needs <rank> <conf> <device>, got " + Arrays.toString(initArgs));
        this.api = new MpjApi(loader);
        this.initArgs = initArgs.clone();
        this.implementation = "MPJ Express " + version + " (" + (initArgs[2].equals("smpdev") ? "multicore" : initArgs[2]) + " device)";
    }

    boolean isInitialized() { return initialized.get(); }
    boolean isFinalized() { return finalized.get(); }

    @Override public String implementation() { return implementation; }

    @Override
    public int initThread(int required) {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw new AuditException("MPI_Init_thread", MpjErrors.ERR_ARG, "MPI_ERR_ARG", "thread level " + required);
        }
        try {
            api.init.invoke((Object) initArgs.clone());
            initialized.set(true);
            k = new Constants(api.staticField("INT"), intField("ANY_SOURCE"), intField("ANY_TAG"), intField("PROC_NULL"),
                    intField("UNDEFINED"), intField("THREAD_SINGLE"), intField("THREAD_FUNNELED"),
                    intField("THREAD_SERIALIZED"), intField("THREAD_MULTIPLE"), intField("IDENT"),
                    intField("CONGRUENT"), intField("SIMILAR"), intField("UNEQUAL"), api.staticField("SUM"),
                    api.staticField("MAX"), api.staticField("MIN"), api.staticField("BAND"), api.staticField("BOR"));
            handlesRegisterWorld();
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Init", t);
        }
        return queryThread();
    }

    private int intField(String name) throws ReflectiveOperationException { return (Integer) api.staticField(name); }

    private void handlesRegisterWorld() throws ReflectiveOperationException {
        long id = handles.register(api.staticField("COMM_WORLD"));
        if (id != WORLD) throw new IllegalStateException("MPI_Init called twice on one binding");
    }

    @Override
    public int queryThread() {
        Constants c = constants("MPI_Query_thread");
        try {
            int level = (int) api.queryThread.invoke();
            if (level == c.multiple) return THREAD_MULTIPLE;
            if (level == c.serialized) return THREAD_SERIALIZED;
            if (level == c.funneled) return THREAD_FUNNELED;
            if (level == c.single) return THREAD_SINGLE;
            throw new IllegalStateException("MPJ reported an unknown thread level " + level);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Query_thread", t);
        }
    }

    @Override
    public boolean isThreadMain() {
        try {
            return (boolean) api.isMainThread.invoke();
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Is_thread_main", t);
        }
    }

    @Override
    public void finalizeMpi() {
        try {
            api.finalizeMpi.invoke();
            finalized.set(true);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Finalize", t);
        }
    }

    @Override
    public void abort(int errorCode) {
        try {
            api.abort.invoke(comm(WORLD, "MPI_Abort"), errorCode);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Abort", t);
        }
        throw new IllegalStateException("MPJ Express returned from Comm.Abort(" + errorCode + ")");
    }

    @Override
    public double wtime() {
        try {
            return (double) api.wtime.invoke();
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Wtime", t);
        }
    }

    @Override public long commWorld() { constants("MPI_COMM_WORLD"); return WORLD; }

    @Override
    public int commRank(long comm) {
        try {
            return (int) api.rank.invoke(comm(comm, "MPI_Comm_rank"));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_rank", t);
        }
    }

    @Override
    public int commSize(long comm) {
        try {
            return (int) api.size.invoke(comm(comm, "MPI_Comm_size"));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_size", t);
        }
    }

    // ---- point-to-point

    @Override
    public void send(long comm, int[] buf, int count, int dest, int tag) {
        Constants c = constants("MPI_Send");
        try {
            api.send.invoke(comm(comm, "MPI_Send"), (Object) buf, 0, count, c.intType, peer(dest, c), tag);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Send", t);
        }
    }

    @Override
    public void ssend(long comm, int[] buf, int count, int dest, int tag) {
        Constants c = constants("MPI_Ssend");
        try {
            api.ssend.invoke(comm(comm, "MPI_Ssend"), (Object) buf, 0, count, c.intType, peer(dest, c), tag);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Ssend", t);
        }
    }

    @Override
    public long isend(long comm, int[] buf, int count, int dest, int tag) {
        Constants c = constants("MPI_Isend");
        try {
            return handles.register(api.isend.invoke(comm(comm, "MPI_Isend"), (Object) buf, 0, count, c.intType, peer(dest, c), tag));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Isend", t);
        }
    }

    @Override
    public long issend(long comm, int[] buf, int count, int dest, int tag) {
        Constants c = constants("MPI_Issend");
        try {
            return handles.register(api.issend.invoke(comm(comm, "MPI_Issend"), (Object) buf, 0, count, c.intType, peer(dest, c), tag));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Issend", t);
        }
    }

    @Override
    public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
        Constants c = constants("MPI_Recv");
        Object status;
        try {
            status = api.recv.invoke(comm(comm, "MPI_Recv"), (Object) buf, 0, count, c.intType, source(source, c), tag(tag, c));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Recv", t);
        }
        return status("MPI_Recv", status, c);
    }

    @Override
    public long irecv(long comm, int[] buf, int count, int source, int tag) {
        Constants c = constants("MPI_Irecv");
        try {
            return handles.register(api.irecv.invoke(comm(comm, "MPI_Irecv"), (Object) buf, 0, count, c.intType, source(source, c), tag(tag, c)));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Irecv", t);
        }
    }

    @Override
    public AuditStatus sendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                                int[] recvBuf, int recvCount, int source, int recvTag) {
        Constants c = constants("MPI_Sendrecv");
        Object status;
        try {
            status = api.sendrecv.invoke(comm(comm, "MPI_Sendrecv"), (Object) sendBuf, 0, sendCount, c.intType, peer(dest, c), sendTag,
                    (Object) recvBuf, 0, recvCount, c.intType, source(source, c), tag(recvTag, c));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Sendrecv", t);
        }
        return status("MPI_Sendrecv", status, c);
    }

    @Override
    public long isendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                          int[] recvBuf, int recvCount, int source, int recvTag) {
        throw unsupported("MPI_Isendrecv", "an MPI-4 call");
    }

    /**
     * Not bound: only the idup scenarios use {@code MPI_COMM_SELF}, and MPJ Express has no
     * {@code MPI_Comm_idup}, so they are UNSUPPORTED here either way.
     */
    @Override
    public long commSelf() {
        throw new UnsupportedOperationException("MPI_COMM_SELF is not bound for MPJ Express (only scenarios that need "
                + "MPI_Comm_idup, which MPJ Express 0.44 lacks, use it)");
    }

    @Override
    public long commIdup(long comm, long[] newComm) {
        throw unsupported("MPI_Comm_idup", "an MPI-3 call");
    }

    @Override
    public long ibarrier(long comm) {
        throw unsupported("MPI_Ibarrier", "an MPI-3 nonblocking collective");
    }

    @Override
    public long ibcast(long comm, int[] buf, int count, int root) {
        throw unsupported("MPI_Ibcast", "an MPI-3 nonblocking collective");
    }

    @Override
    public long iallreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        throw unsupported("MPI_Iallreduce", "an MPI-3 nonblocking collective");
    }

    @Override
    public long ireduce(long comm, int[] in, int[] out, int count, ReduceOp op, int root) {
        throw unsupported("MPI_Ireduce", "an MPI-3 nonblocking collective");
    }

    @Override
    public long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root) {
        throw unsupported("MPI_Igatherv", "an MPI-3 nonblocking collective");
    }

    @Override
    public long iscatterv(long comm, int[] send, int[] sendCounts, int[] displs, int[] recv, int recvCount, int root) {
        throw unsupported("MPI_Iscatterv", "an MPI-3 nonblocking collective");
    }

    @Override
    public long igather(long comm, int[] send, int count, int[] recv, int root) {
        throw unsupported("MPI_Igather", "an MPI-3 nonblocking collective");
    }

    @Override
    public long iscatter(long comm, int[] send, int[] recv, int count, int root) {
        throw unsupported("MPI_Iscatter", "an MPI-3 nonblocking collective");
    }

    @Override
    public long iallgather(long comm, int[] send, int count, int[] recv) {
        throw unsupported("MPI_Iallgather", "an MPI-3 nonblocking collective");
    }

    @Override
    public long ialltoall(long comm, int[] send, int[] recv, int count) {
        throw unsupported("MPI_Ialltoall", "an MPI-3 nonblocking collective");
    }

    @Override
    public AuditStatus probe(long comm, int source, int tag) {
        Constants c = constants("MPI_Probe");
        Object status;
        try {
            status = api.probe.invoke(comm(comm, "MPI_Probe"), source(source, c), tag(tag, c));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Probe", t);
        }
        return status("MPI_Probe", status, c);
    }

    @Override
    public AuditStatus iprobe(long comm, int source, int tag) {
        Constants c = constants("MPI_Iprobe");
        Object status;
        try {
            status = api.iprobe.invoke(comm(comm, "MPI_Iprobe"), source(source, c), tag(tag, c));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Iprobe", t);
        }
        return status == null ? null : status("MPI_Iprobe", status, c);
    }

    @Override
    public long mprobe(long comm, int source, int tag, AuditStatus[] status) {
        throw unsupported("MPI_Mprobe", "MPI-3 matched probe");
    }

    @Override
    public long improbe(long comm, int source, int tag, AuditStatus[] status) {
        throw unsupported("MPI_Improbe", "MPI-3 matched probe");
    }

    @Override
    public AuditStatus mrecv(long message, int[] buf, int count) {
        throw unsupported("MPI_Mrecv", "MPI-3 matched probe");
    }

    @Override
    public long imrecv(long message, int[] buf, int count) {
        throw unsupported("MPI_Imrecv", "MPI-3 matched probe");
    }

    // ---- requests

    @Override
    public AuditStatus waitFor(long request) {
        Constants c = constants("MPI_Wait");
        Object req = handles.get(request, "MPI_Wait", MpjErrors.ERR_REQUEST);
        Object status;
        try {
            status = api.waitFor.invoke(req);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Wait", t);
        }
        completed("MPI_Wait", request);
        return status("MPI_Wait", status, c, cancelRequested.remove(request));
    }

    @Override
    public AuditStatus test(long request) {
        Constants c = constants("MPI_Test");
        Object req = handles.get(request, "MPI_Test", MpjErrors.ERR_REQUEST);
        Object status;
        try {
            status = api.test.invoke(req);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Test", t);
        }
        if (status == null) return null;
        completed("MPI_Test", request);
        return status("MPI_Test", status, c, cancelRequested.remove(request));
    }

    @Override
    public void cancel(long request) {
        Object req = handles.get(request, "MPI_Cancel", MpjErrors.ERR_REQUEST);
        cancelRequested.add(request);
        try {
            api.cancel.invoke(req);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Cancel", t);
        }
    }

    @Override
    public long typeVector(int count, int blocklength, int stride) {
        Constants c = constants("MPI_Type_vector");
        try {
            return handles.register(api.typeVector.invoke(count, blocklength, stride, c.intType));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Type_vector", t);
        }
    }

    @Override
    public void typeCommit(long type) {
        try {
            api.typeCommit.invoke(handles.get(type, "MPI_Type_commit", MpjErrors.ERR_TYPE));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Type_commit", t);
        }
    }

    @Override
    public void typeFree(long type) {
        try {
            api.typeFree.invoke(handles.remove(type, "MPI_Type_free", MpjErrors.ERR_TYPE));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Type_free", t);
        }
    }

    @Override
    public void sendTyped(long comm, int[] buf, int count, long type, int dest, int tag) {
        Constants c = constants("MPI_Send");
        try {
            api.send.invoke(comm(comm, "MPI_Send"), (Object) buf, 0, count, handles.get(type, "MPI_Send", MpjErrors.ERR_TYPE),
                    peer(dest, c), tag);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Send", t);
        }
    }

    @Override
    public long irecvTyped(long comm, int[] buf, int count, long type, int source, int tag) {
        Constants c = constants("MPI_Irecv");
        try {
            return handles.register(api.irecv.invoke(comm(comm, "MPI_Irecv"), (Object) buf, 0, count,
                    handles.get(type, "MPI_Irecv", MpjErrors.ERR_TYPE), source(source, c), tag(tag, c)));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Irecv", t);
        }
    }

    /**
     * {@code MPI_Request_free} of an inactive persistent request: the binding drops its handle (an inactive {@code
     * Prequest} holds only its arguments; each {@code Start} makes a new MPJ request). Any other request is
     * UNSUPPORTED: mpiJava 1.2's {@code Request.Free} is missing from MPJ's {@code mpi.Request}.
     */
    @Override
    public void requestFree(long request) {
        if (!persistent.contains(request)) {
            throw unsupported("MPI_Request_free", "mpiJava 1.2's Request.Free is missing from mpi.Request");
        }
        if (activePersistent.contains(request)) {
            throw unsupported("MPI_Request_free", "of an active persistent request: mpiJava 1.2's Request.Free is missing"
                    + " from mpi.Request");
        }
        handles.remove(request, "MPI_Request_free", MpjErrors.ERR_REQUEST);
        persistent.remove(request);
    }

    @Override
    public long grequestStart(org.mpiverify.harness.api.GrequestCallbacks callbacks) {
        throw unsupported("MPI_Grequest_start", "mpiJava 1.2 and MPJ's mpi package have no generalized requests");
    }

    @Override
    public void grequestComplete(long request) {
        throw unsupported("MPI_Grequest_complete", "mpiJava 1.2 and MPJ's mpi package have no generalized requests");
    }

    // ---- persistent requests: mpiJava's Send_init, Ssend_init, Recv_init, Prequest.Start and Startall

    @Override
    public long sendInit(long comm, int[] buf, int count, int dest, int tag, boolean sync) {
        String call = sync ? "MPI_Ssend_init" : "MPI_Send_init";
        Constants c = constants(call);
        try {
            long id = handles.register((sync ? api.ssendInit : api.sendInit).invoke(comm(comm, call), (Object) buf, 0,
                    count, c.intType, peer(dest, c), tag));
            persistent.add(id);
            return id;
        } catch (Throwable t) {
            throw MpjErrors.translate(call, t);
        }
    }

    @Override
    public long recvInit(long comm, int[] buf, int count, int source, int tag) {
        Constants c = constants("MPI_Recv_init");
        try {
            long id = handles.register(api.recvInit.invoke(comm(comm, "MPI_Recv_init"), (Object) buf, 0, count, c.intType,
                    source(source, c), tag(tag, c)));
            persistent.add(id);
            return id;
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Recv_init", t);
        }
    }

    @Override
    public void start(long request) {
        Object req = persistentRequest("MPI_Start", request);
        activePersistent.add(request);
        try {
            api.start.invoke(req);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Start", t);
        }
    }

    @Override
    public void startAll(long[] requests) {
        if (requests == null) throw new IllegalArgumentException("array of requests is null");
        Object arr = Array.newInstance(api.prequest, requests.length);
        for (int i = 0; i < requests.length; i++) Array.set(arr, i, persistentRequest("MPI_Startall", requests[i]));
        for (long r : requests) activePersistent.add(r);
        try {
            api.startAll.invoke(arr);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Startall", t);
        }
    }

    /** The {@code Prequest} behind {@code request}; any other request is MPI_ERR_REQUEST, as MPI_Start says. */
    private Object persistentRequest(String call, long request) {
        Object req = handles.get(request, call, MpjErrors.ERR_REQUEST);
        if (!api.prequest.isInstance(req)) {
            throw new AuditException(call, MpjErrors.ERR_REQUEST, MpjErrors.name(MpjErrors.ERR_REQUEST),
                    "request " + request + " is not persistent");
        }
        return req;
    }

    /** A request completed: a persistent one stays (inactive) under its handle, any other one's handle goes. */
    private void completed(String call, long request) {
        if (persistent.contains(request)) activePersistent.remove(request);
        else handles.remove(request, call, MpjErrors.ERR_REQUEST);
    }

    // ---- buffered sends: mpiJava's Bsend, Ibsend and MPI.Buffer_attach, Buffer_detach

    /** The size of the buffer this rank attached, for {@link #bufferDetach} (MPJ's {@code Buffer_detach} returns nothing). */
    private final java.util.concurrent.atomic.AtomicInteger attachedBytes = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void bufferAttach(int bytes) {
        if (bytes < 0) throw new AuditException("MPI_Buffer_attach", MpjErrors.ERR_ARG, "MPI_ERR_ARG", "size " + bytes);
        try {
            api.bufferAttach.invoke(java.nio.ByteBuffer.allocate(bytes));
            attachedBytes.set(bytes);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Buffer_attach", t);
        }
    }

    /** MPJ's {@code Buffer_detach} waits for the buffered sends; the size is the one this binding attached. */
    @Override
    public int bufferDetach() {
        try {
            api.bufferDetach.invoke();
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Buffer_detach", t);
        }
        return attachedBytes.getAndSet(0);
    }

    @Override
    public void bsend(long comm, int[] buf, int count, int dest, int tag) {
        Constants c = constants("MPI_Bsend");
        try {
            api.bsend.invoke(comm(comm, "MPI_Bsend"), (Object) buf, 0, count, c.intType, peer(dest, c), tag);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Bsend", t);
        }
    }

    @Override
    public long ibsend(long comm, int[] buf, int count, int dest, int tag) {
        Constants c = constants("MPI_Ibsend");
        try {
            return handles.register(api.ibsend.invoke(comm(comm, "MPI_Ibsend"), (Object) buf, 0, count, c.intType,
                    peer(dest, c), tag));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Ibsend", t);
        }
    }

    /*
     * The array calls: mpiJava's static Request.Waitany, Testany, Waitall and Testall over an array of the live
     * entries only (MPJ's Waitany calls Is_null on every entry, so a null one would throw, and with none live it
     * loops forever), the results mapped back to the caller's indices. MPJ reports a request's error by throwing
     * from inside these calls, which loses the index: such an error surfaces as an AuditException of the call.
     * MPJ's Testall sleeps 500 ms before it returns null (read from mpi.jar), so polling it is slow.
     */

    @Override
    public IndexedStatus waitAny(long[] requests) { return anyOf("MPI_Waitany", requests, api.waitAny); }

    @Override
    public IndexedStatus testAny(long[] requests) { return anyOf("MPI_Testany", requests, api.testAny); }

    @Override
    public AuditStatus[] waitAll(long[] requests) { return allOf("MPI_Waitall", requests, api.waitAll); }

    @Override
    public AuditStatus[] testAll(long[] requests) { return allOf("MPI_Testall", requests, api.testAll); }

    private IndexedStatus anyOf(String call, long[] ids, MethodHandle fn) {
        Constants c = constants(call);
        int[] at = liveEntries(ids);
        if (at.length == 0) return IndexedStatus.NONE;
        Object status;
        try {
            status = fn.invoke(requestArray(call, ids, at));
        } catch (Throwable t) {
            throw MpjErrors.translate(call, t);
        }
        if (status == null) return null;   // Testany: none done
        int k;
        try {
            k = (int) api.statusIndex.invoke(status);
        } catch (Throwable t) {
            throw MpjErrors.translate(call + " (status)", t);
        }
        int i = at[k];
        return new IndexedStatus(i, retire(call, ids, i, status, c));
    }

    private AuditStatus[] allOf(String call, long[] ids, MethodHandle fn) {
        Constants c = constants(call);
        int[] at = liveEntries(ids);
        Object[] statuses;
        try {
            statuses = (Object[]) fn.invoke(requestArray(call, ids, at));
        } catch (Throwable t) {
            throw MpjErrors.translate(call, t);
        }
        if (statuses == null) return null;  // Testall: not all done
        AuditStatus[] out = new AuditStatus[ids.length];
        Arrays.fill(out, AuditStatus.EMPTY);
        for (int k = 0; k < at.length; k++) out[at[k]] = retire(call, ids, at[k], statuses[k], c);
        return out;
    }

    /** Indices of the caller's live (non-null) entries. */
    private static int[] liveEntries(long[] ids) {
        if (ids == null) throw new IllegalArgumentException("array of requests is null");
        return java.util.stream.IntStream.range(0, ids.length).filter(i -> ids[i] != REQUEST_NULL).toArray();
    }

    private Object requestArray(String call, long[] ids, int[] at) {
        Object arr = Array.newInstance(api.request, at.length);
        for (int k = 0; k < at.length; k++) Array.set(arr, k, handles.get(ids[at[k]], call, MpjErrors.ERR_REQUEST));
        return arr;
    }

    /** Entry {@code i} completed with {@code status}: its handle goes and the caller's entry becomes REQUEST_NULL. */
    private AuditStatus retire(String call, long[] ids, int i, Object status, Constants c) {
        completed(call, ids[i]);
        AuditStatus s = status(call, status, c, cancelRequested.remove(ids[i]));
        if (!persistent.contains(ids[i])) ids[i] = REQUEST_NULL;   // a persistent request stays, inactive
        return s;
    }

    // ---- communicators and groups

    @Override
    public long commDup(long comm) {
        try {
            return handles.register(api.dup.invoke(comm(comm, "MPI_Comm_dup")));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_dup", t);
        }
    }

    @Override
    public long commSplit(long comm, int color, int key) {
        Constants c = constants("MPI_Comm_split");
        try {
            Object result = api.split.invoke(comm(comm, "MPI_Comm_split"), color == UNDEFINED ? c.undefined : color, key);
            return result == null ? COMM_NULL : handles.register(result);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_split", t);
        }
    }

    @Override
    public long commCreate(long comm, long group) {
        try {
            Object result = api.create.invoke(comm(comm, "MPI_Comm_create"), handles.get(group, "MPI_Comm_create", MpjErrors.ERR_GROUP));
            return result == null ? COMM_NULL : handles.register(result);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_create", t);
        }
    }

    @Override
    public long commCreateGroup(long comm, long group, int tag) {
        throw unsupported("MPI_Comm_create_group", "an MPI-3 call");
    }

    @Override
    public void commFree(long comm) {
        if (comm == WORLD) throw new AuditException("MPI_Comm_free", MpjErrors.ERR_COMM, "MPI_ERR_COMM", "cannot free MPI_COMM_WORLD");
        try {
            api.free.invoke(comm(comm, "MPI_Comm_free"));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_free", t);
        }
        handles.remove(comm, "MPI_Comm_free", MpjErrors.ERR_COMM);
    }

    @Override
    public int commCompare(long a, long b) {
        Constants c = constants("MPI_Comm_compare");
        int r;
        try {
            r = (int) api.compare.invoke(comm(a, "MPI_Comm_compare"), comm(b, "MPI_Comm_compare"));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_compare", t);
        }
        if (r == c.ident) return IDENT;
        if (r == c.congruent) return CONGRUENT;
        if (r == c.similar) return SIMILAR;
        if (r == c.unequal) return UNEQUAL;
        throw new IllegalStateException("MPJ's Comm.Compare returned an unknown result " + r);
    }

    @Override
    public long commGroup(long comm) {
        try {
            return handles.register(api.commGroup.invoke(comm(comm, "MPI_Comm_group")));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Comm_group", t);
        }
    }

    @Override
    public long groupIncl(long group, int[] ranks) {
        try {
            return handles.register(api.groupIncl.invoke(handles.get(group, "MPI_Group_incl", MpjErrors.ERR_GROUP), ranks.clone()));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Group_incl", t);
        }
    }

    @Override
    public int groupSize(long group) {
        try {
            return (int) api.groupSize.invoke(handles.get(group, "MPI_Group_size", MpjErrors.ERR_GROUP));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Group_size", t);
        }
    }

    @Override
    public void groupFree(long group) {
        try {
            api.groupFree.invoke(handles.get(group, "MPI_Group_free", MpjErrors.ERR_GROUP));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Group_free", t);
        }
        handles.remove(group, "MPI_Group_free", MpjErrors.ERR_GROUP);
    }

    // ---- collectives

    @Override
    public void barrier(long comm) {
        try {
            api.barrier.invoke(comm(comm, "MPI_Barrier"));
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Barrier", t);
        }
    }

    @Override
    public void bcast(long comm, int[] buf, int count, int root) {
        Constants c = constants("MPI_Bcast");
        try {
            api.bcast.invoke(comm(comm, "MPI_Bcast"), (Object) buf, 0, count, c.intType, root);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Bcast", t);
        }
    }

    @Override
    public void allreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        Constants c = constants("MPI_Allreduce");
        Object mpjOp = switch (op) {
            case SUM -> c.sum;
            case MAX -> c.max;
            case MIN -> c.min;
            case BAND -> c.band;
            case BOR -> c.bor;
        };
        try {
            api.allreduce.invoke(comm(comm, "MPI_Allreduce"), (Object) in, 0, (Object) out, 0, count, c.intType, mpjOp);
        } catch (Throwable t) {
            throw MpjErrors.translate("MPI_Allreduce", t);
        }
    }

    // ---- translation

    private Constants constants(String call) {
        Constants c = k;
        if (c == null) throw new AuditException(call, MpjErrors.ERR_OTHER, "MPI_ERR_OTHER", "called before MPI_Init_thread");
        return c;
    }

    private Object comm(long handle, String call) {
        return handles.get(handle, call, MpjErrors.ERR_COMM);
    }

    /** A destination: the audit's PROC_NULL becomes MPJ's; ranks pass through (MPJ checks them). */
    private static int peer(int rank, Constants c) { return rank == PROC_NULL ? c.procNull : rank; }

    private static int source(int rank, Constants c) {
        if (rank == ANY_SOURCE) return c.anySource;
        return peer(rank, c);
    }

    private static int tag(int tag, Constants c) { return tag == ANY_TAG ? c.anyTag : tag; }

    private AuditStatus status(String call, Object status, Constants c) {
        return status(call, status, c, false);
    }

    private AuditStatus status(String call, Object status, Constants c, boolean askCancelled) {
        if (status == null) throw new IllegalStateException(call + ": MPJ Express returned no status");
        try {
            int source = (int) api.statusSource.invoke(status);
            if (source == c.procNull) return new AuditStatus(PROC_NULL, ANY_TAG, 0, false, 0);
            int tag = (int) api.statusTag.invoke(status);
            int count = (int) api.getCount.invoke(status, c.intType);
            boolean cancelled = askCancelled && (boolean) api.testCancelled.invoke(status);
            return new AuditStatus(source, tag == c.anyTag ? ANY_TAG : tag, count, cancelled, 0);
        } catch (Throwable t) {
            throw MpjErrors.translate(call + " (status)", t);
        }
    }

    /**
     * The MPI functions this binding reports UNSUPPORTED, for drivers that must know before they start
     * ranks (the benchmarks leave those points out). Kept equal to the {@code unsupported} calls above:
     * {@link #unsupported} refuses a function missing from this set.
     */
    public static final Set<String> MISSING_FUNCTIONS = Set.of("MPI_Isendrecv", "MPI_Mprobe", "MPI_Improbe",
            "MPI_Mrecv", "MPI_Imrecv", "MPI_Request_free", "MPI_Grequest_start", "MPI_Grequest_complete", "MPI_Comm_create_group", "MPI_Comm_idup", "MPI_Ibarrier",
            "MPI_Ibcast", "MPI_Iallreduce", "MPI_Ireduce", "MPI_Igather", "MPI_Iscatter", "MPI_Igatherv", "MPI_Iscatterv",
            "MPI_Iallgather", "MPI_Ialltoall");

    private static UnsupportedOperationException unsupported(String call, String what) {
        if (!MISSING_FUNCTIONS.contains(call)) {
            throw new IllegalStateException(call + " is reported unsupported but not listed in MISSING_FUNCTIONS");
        }
        return new UnsupportedOperationException(call + " (" + what + ") does not exist in MPJ Express 0.44");
    }
}
