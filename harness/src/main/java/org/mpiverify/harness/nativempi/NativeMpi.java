package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;
import org.mpiverify.harness.api.IndexedStatus;

/**
 * {@link AuditMpi} over a native MPI library (MPICH or Open MPI) through the Foreign Function &amp;
 * Memory API, one instance per rank process. What differs between the libraries is in
 * {@link NativeAbi}; this class is written once against it: each method is one MPI call on the
 * {@link NativeLibrary}'s downcall handles, so a thread waiting inside the library shows this class's method
 * for the call as its innermost project frame (which a hang's summary names).
 *
 * <p>Concurrency: the binding adds no lock, so the audit sees exactly the library's thread safety
 * (the audit's point). Its own shared state is the {@link RequestTable} of started nonblocking operations and the
 * concurrent map of generalized requests still to complete; a generalized request's callbacks are upcalls that the
 * library may run in any thread, inside any thread's wait or test ({@link NativeGrequests}).
 *
 * <p>Persistent requests ({@code MPI_Send_init}, {@code MPI_Ssend_init}, {@code MPI_Recv_init}): their native
 * buffer and handle cell live from the init to the {@code MPI_Request_free}; each {@code MPI_Start} or {@code
 * MPI_Startall} of an inactive request first copies a send's {@code int[]} in (MPI sends what the buffer holds at the
 * start), and the completion that ends each start copies a receive's data back, once ({@link PendingRequest}); a
 * completion leaves the handle in the caller's array, inactive, as MPI does.
 *
 * <p>Native memory. A blocking call (send, recv, probe, wait, ...) uses its calling thread's
 * {@link ThreadScratch}: buffers, status and handle cells allocated once per thread and grown when too small,
 * never shared between threads (calls are concurrent at {@code MPI_THREAD_MULTIPLE}), so repeated calls
 * allocate no native memory and open no arena. A nonblocking operation's memory must outlive the call
 * and may be completed by another thread, so it comes from an automatic arena of its own, kept reachable
 * by its {@link PendingRequest} record in the {@link RequestTable} and freed by the GC after completion: no
 * arena is closed on the hot path (closing a shared arena is a handshake with every thread).
 *
 * <p>Request handles given to scenarios are the binding's own ids, not the library's handle values
 * ({@link RequestTable} says why).
 *
 * <p>Implementation notes. Invariants:
 * <ul>
 *   <li>A nonblocking operation's native buffers and request cell stay reachable while the library
 *       may touch them ({@link RequestTable}).</li>
 *   <li>A {@link ThreadScratch} is touched only by its own thread, and only for the duration of one call;
 *       no segment of it is handed to the library beyond that call.</li>
 *   <li>Received data reaches the caller's {@code int[]} in the call that completes the operation.</li>
 * </ul>
 *
 * <p>Memory consistency effects: a wait or test that completes a receive happens-after the copy into
 * the Java array in the same thread; publishing the array to other threads is the scenario's job.
 */
public final class NativeMpi implements AuditMpi {
    private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)");
    /** {@code MPI_UNDEFINED}: {@code (-32766)} in both libraries' {@code mpi.h}. */
    private static final int MPI_UNDEFINED = -32766;

    private final NativeAbi abi;
    /** The library's functions and predefined handles. */
    private final NativeLibrary lib;
    /** The started nonblocking operations, by the binding's request ids, and the memory of freed ones. */
    private final RequestTable requests;
    /** Each thread's own native scratch memory for blocking calls; see {@link ThreadScratch}. */
    private final ThreadLocal<ThreadScratch> scratch;

    /** Loads the Debian-packaged library of this ABI; no MPI call is made until {@link #initThread}. */
    public NativeMpi(NativeAbi abi) {
        this(abi, abi.libraryFile());
    }

    /**
     * Loads the library file {@code libraryFile}, of {@code abi}'s family (which {@link NativeAbiCheck} checks
     * before any rank starts: a library of the other family would take handles of the wrong type); no MPI call
     * is made until {@link #initThread}. A file that cannot be loaded, or that lacks MPI functions the binding
     * calls, is an IllegalStateException naming what is wrong (every missing function at once).
     */
    public NativeMpi(NativeAbi abi, java.nio.file.Path libraryFile) {
        this.abi = abi;
        this.scratch = ThreadLocal.withInitial(() -> new ThreadScratch(abi));
        this.lib = new NativeLibrary(abi, libraryFile);
        this.requests = new RequestTable(abi.displayName());
    }

    public NativeAbi abi() { return abi; }

    /**
     * {@code MPI_Get_library_version}: legal before {@code MPI_Init}, so the driver can ask without a run. The
     * buffer has room for the larger of both families' {@code MPI_MAX_LIBRARY_VERSION_STRING}, since this is asked
     * of a library before its family is known.
     */
    public String libraryVersion() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(Math.max(abi.maxLibraryVersionString(), 8192));
            MemorySegment len = a.allocate(JAVA_INT);
            lib.check("MPI_Get_library_version", (int) lib.getLibraryVersion.invokeExact(buf, len));
            return buf.getString(0, StandardCharsets.UTF_8).strip();
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** {@code MPI_Get_version}: the MPI standard the library implements, {@code {major, minor}}; legal before init. */
    int[] standardVersion() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment major = a.allocate(JAVA_INT);
            MemorySegment minor = a.allocate(JAVA_INT);
            lib.check("MPI_Get_version", (int) lib.getVersion.invokeExact(major, minor));
            return new int[] {major.get(JAVA_INT, 0), minor.get(JAVA_INT, 0)};
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** {@code MPI_Type_size(MPI_INT)}: 4 when the binding's {@code MPI_INT} handle is the library's. */
    int typeSizeOfInt() { return intOut("MPI_Type_size", lib.typeSize, lib.mpiInt); }

    /**
     * The 8 bytes of a handle cell, first filled with {@code 0xff}, after {@code MPI_Comm_dup} of
     * {@code MPI_COMM_SELF} wrote the new communicator into it (then freed): how wide the library's handles
     * are, read from what it writes rather than from what the binding assumes.
     */
    byte[] dupHandleBytes() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(8, 8);
            cell.fill((byte) 0xff);
            lib.check("MPI_Comm_dup", (int) lib.commDup.invokeExact(lib.self, cell));
            byte[] bytes = cell.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            lib.check("MPI_Comm_free", (int) lib.commFree.invokeExact(cell));
            return bytes;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /**
     * Bytes the library writes past the end of {@code MPI_Status} as the binding lays it out: a message to self on
     * {@code MPI_COMM_SELF} is received into a status buffer followed by 32 bytes of {@code 0x5a}, which a larger
     * native status would overwrite. 0 when the layout's size is right.
     */
    int statusOverrun() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment data = NativeInts.ints(a, new int[] {1, 2, 3}, 3);
            MemorySegment in = a.allocate(JAVA_INT, 3);
            MemorySegment st = a.allocate(abi.statusSize() + 32, 8);
            st.fill((byte) 0x5a);
            MemorySegment req = a.allocate(abi.handleLayout());
            lib.check("MPI_Isend", (int) lib.isend.invokeExact(data, 3, lib.mpiInt, 0, 4242, lib.self, req));
            lib.check("MPI_Recv", (int) lib.recv.invokeExact(in, 3, lib.mpiInt, 0, 4242, lib.self, st));
            lib.check("MPI_Wait", (int) lib.waitFor.invokeExact(req, scratch.get().status));
            int overrun = 0;
            for (long i = abi.statusSize(); i < st.byteSize(); i++) if (st.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) != 0x5a) overrun++;
            return overrun;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public String implementation() {
        String v = libraryVersion();
        Matcher m = VERSION.matcher(v);
        return abi.displayName() + (m.find() ? " " + m.group(1) : "");
    }

    // ---- environment ----

    @Override
    public int initThread(int required) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment provided = a.allocate(JAVA_INT);
            lib.check("MPI_Init_thread", (int) lib.initThread.invokeExact(MemorySegment.NULL, MemorySegment.NULL, required, provided));
            // Errors must come back as return codes, not abort the rank: the audit reports them.
            lib.check("MPI_Comm_set_errhandler", (int) lib.commSetErrhandler.invokeExact(lib.world, lib.errorsReturn));
            return provided.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public int queryThread() { return intOut("MPI_Query_thread", lib.queryThread); }

    @Override
    public boolean isThreadMain() { return intOut("MPI_Is_thread_main", lib.isThreadMain) != 0; }

    public boolean isInitialized() { return intOut("MPI_Initialized", lib.initialized) != 0; }

    public boolean isFinalized() { return intOut("MPI_Finalized", lib.finalized) != 0; }

    /** {@code MPI_Finalize}, once; then frees the memory of requests the scenario freed. */
    @Override
    public void finalizeMpi() {
        if (!isInitialized() || isFinalized()) return;
        try {
            lib.check("MPI_Finalize", (int) lib.finalizeMpi.invokeExact());
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
        requests.finalized(); // the library is done: freed requests' memory may now be freed by the GC
    }

    @Override
    public void abort(int errorCode) {
        try {
            int rc = (int) lib.abort.invokeExact(lib.world, errorCode);
            throw new IllegalStateException("MPI_Abort returned " + rc);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public double wtime() {
        try {
            return (double) lib.wtime.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long commWorld() { return lib.world; }

    @Override
    public long commSelf() { return lib.self; }

    @Override
    public int commRank(long comm) { return intOut("MPI_Comm_rank", lib.commRank, comm); }

    @Override
    public int commSize(long comm) { return intOut("MPI_Comm_size", lib.commSize, comm); }

    // ---- point-to-point ----

    @Override
    public void send(long comm, int[] buf, int count, int dest, int tag) { blockingSend("MPI_Send", lib.send, comm, buf, count, dest, tag); }

    @Override
    public void ssend(long comm, int[] buf, int count, int dest, int tag) { blockingSend("MPI_Ssend", lib.ssend, comm, buf, count, dest, tag); }

    private void blockingSend(String call, MethodHandle fn, long comm, int[] buf, int count, int dest, int tag) {
        try {
            lib.check(call, (int) fn.invokeExact(scratch.get().send(buf, count), count, lib.mpiInt, abi.rankToLibrary(dest),
                    abi.tagToLibrary(tag), lib.comm(comm)));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long isend(long comm, int[] buf, int count, int dest, int tag) { return nonblockingSend("MPI_Isend", lib.isend, comm, buf, count, dest, tag); }

    @Override
    public long issend(long comm, int[] buf, int count, int dest, int tag) { return nonblockingSend("MPI_Issend", lib.issend, comm, buf, count, dest, tag); }

    private long nonblockingSend(String call, MethodHandle fn, long comm, int[] buf, int count, int dest, int tag) {
        Arena a = Arena.ofAuto(); // completed by whichever thread waits; freed by the GC after
        try {
            MemorySegment cell = a.allocate(abi.handleLayout());
            MemorySegment b = NativeInts.ints(a, buf, count);
            lib.check(call, (int) fn.invokeExact(b, count, lib.mpiInt, abi.rankToLibrary(dest),
                    abi.tagToLibrary(tag), lib.comm(comm), cell));
            return started(new PendingRequest(cell, null, b, null, 0));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** The memory of the attached buffer, from its attach to its detach (MPI reads it until the detach returns). */
    private volatile Arena attached;

    @Override
    public synchronized void bufferAttach(int bytes) {
        Arena a = Arena.ofShared();
        try {
            lib.check("MPI_Buffer_attach", (int) lib.bufferAttach.invokeExact(a.allocate(Math.max(1, bytes), 16), bytes));
            attached = a;
        } catch (Throwable t) {
            a.close();
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public int bufferDetach() {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment addr = call.allocate(ValueLayout.ADDRESS);
            MemorySegment size = call.allocate(ValueLayout.JAVA_INT);
            lib.check("MPI_Buffer_detach", (int) lib.bufferDetach.invokeExact(addr, size));
            int n = size.get(ValueLayout.JAVA_INT, 0);
            synchronized (this) {
                Arena a = attached;
                if (a != null && n > 0) {   // the library no longer uses the memory
                    attached = null;
                    a.close();
                }
            }
            return n;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void bsend(long comm, int[] buf, int count, int dest, int tag) { blockingSend("MPI_Bsend", lib.bsend, comm, buf, count, dest, tag); }

    @Override
    public long ibsend(long comm, int[] buf, int count, int dest, int tag) { return nonblockingSend("MPI_Ibsend", lib.ibsend, comm, buf, count, dest, tag); }

    @Override
    public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment b = sc.recv(buf, count);
            MemorySegment st = sc.status;
            lib.check("MPI_Recv", (int) lib.recv.invokeExact(b, count, lib.mpiInt, abi.rankToLibrary(source),
                    abi.tagToLibrary(tag), lib.comm(comm), st));
            AuditStatus s = lib.status(st, scratch.get());
            NativeInts.copyBack(b, buf, count);
            return s;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long irecv(long comm, int[] buf, int count, int source, int tag) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = NativeInts.ints(a, buf, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Irecv", (int) lib.irecv.invokeExact(b, count, lib.mpiInt, abi.rankToLibrary(source),
                    abi.tagToLibrary(tag), lib.comm(comm), cell));
            return started(new PendingRequest(cell, b, null, buf, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public AuditStatus sendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                                int[] recvBuf, int recvCount, int source, int recvTag) {
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment rb = sc.recv(recvBuf, recvCount);
            MemorySegment st = sc.status;
            lib.check("MPI_Sendrecv", (int) lib.sendrecv.invokeExact(sc.send(sendBuf, sendCount), sendCount, lib.mpiInt,
                    abi.rankToLibrary(dest), abi.tagToLibrary(sendTag), rb, recvCount, lib.mpiInt,
                    abi.rankToLibrary(source), abi.tagToLibrary(recvTag), lib.comm(comm), st));
            AuditStatus s = lib.status(st, scratch.get());
            NativeInts.copyBack(rb, recvBuf, recvCount);
            return s;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long isendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                          int[] recvBuf, int recvCount, int source, int recvTag) {
        if (lib.isendrecv == null) {
            throw new UnsupportedOperationException(abi.displayName() + " has no MPI_Isendrecv (an MPI-4 function)");
        }
        Arena a = Arena.ofAuto();
        try {
            MemorySegment rb = NativeInts.ints(a, recvBuf, recvCount);
            MemorySegment sb = NativeInts.ints(a, sendBuf, sendCount);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Isendrecv", (int) lib.isendrecv.invokeExact(sb, sendCount, lib.mpiInt,
                    abi.rankToLibrary(dest), abi.tagToLibrary(sendTag), rb, recvCount, lib.mpiInt,
                    abi.rankToLibrary(source), abi.tagToLibrary(recvTag), lib.comm(comm), cell));
            return started(new PendingRequest(cell, rb, sb, recvBuf, recvCount));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public AuditStatus probe(long comm, int source, int tag) {
        try {
            MemorySegment st = scratch.get().status;
            lib.check("MPI_Probe", (int) lib.probe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), lib.comm(comm), st));
            return lib.status(st, scratch.get());
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public AuditStatus iprobe(long comm, int source, int tag) {
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment flag = sc.flag;
            MemorySegment st = sc.status;
            lib.check("MPI_Iprobe", (int) lib.iprobe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), lib.comm(comm), flag, st));
            return flag.get(JAVA_INT, 0) != 0 ? lib.status(st, scratch.get()) : null;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long mprobe(long comm, int source, int tag, AuditStatus[] status) {
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment msg = sc.handle;
            MemorySegment st = sc.status;
            lib.check("MPI_Mprobe", (int) lib.mprobe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), lib.comm(comm), msg, st));
            status[0] = lib.status(st, scratch.get());
            return lib.message(abi.readHandle(msg));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long improbe(long comm, int source, int tag, AuditStatus[] status) {
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment flag = sc.flag;
            MemorySegment msg = sc.handle;
            MemorySegment st = sc.status;
            lib.check("MPI_Improbe", (int) lib.improbe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), lib.comm(comm), flag, msg, st));
            if (flag.get(JAVA_INT, 0) == 0) return MESSAGE_NULL;
            status[0] = lib.status(st, scratch.get());
            return lib.message(abi.readHandle(msg));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public AuditStatus mrecv(long message, int[] buf, int count) {
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment b = sc.recv(buf, count);
            MemorySegment msg = lib.messageCell(sc.handle, message);
            MemorySegment st = sc.status;
            lib.check("MPI_Mrecv", (int) lib.mrecv.invokeExact(b, count, lib.mpiInt, msg, st));
            AuditStatus s = lib.status(st, scratch.get());
            NativeInts.copyBack(b, buf, count);
            return s;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long imrecv(long message, int[] buf, int count) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = NativeInts.ints(a, buf, count);
            MemorySegment msg = lib.messageCell(a.allocate(abi.handleLayout()), message);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Imrecv", (int) lib.imrecv.invokeExact(b, count, lib.mpiInt, msg, cell));
            return started(new PendingRequest(cell, b, null, buf, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    // ---- requests ----

    @Override
    public AuditStatus waitFor(long request) {
        PendingRequest p = requests.live(request);
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment cell = p != null ? p.cell() : lib.requestCell(sc.handle);
            MemorySegment st = sc.status;
            int rc = (int) lib.waitFor.invokeExact(cell, st);
            if (rc != 0) completedIfDone(request, p, st); // a truncated receive completed all the same
            callbackFailure("MPI_Wait", request, p);
            lib.check("MPI_Wait", rc);
            AuditStatus s = lib.status(st, scratch.get());
            completed(request, p, s);
            return s;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public AuditStatus test(long request) {
        PendingRequest p = requests.live(request);
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment cell = p != null ? p.cell() : lib.requestCell(sc.handle);
            MemorySegment flag = sc.flag;
            MemorySegment st = sc.status;
            int rc = (int) lib.test.invokeExact(cell, flag, st);
            if (rc != 0) completedIfDone(request, p, st);
            callbackFailure("MPI_Test", request, p);
            lib.check("MPI_Test", rc);
            if (flag.get(JAVA_INT, 0) == 0) return null;
            AuditStatus s = lib.status(st, scratch.get());
            completed(request, p, s);
            return s;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** After a wait or test that returned an error: if the library completed the request anyway, so does the binding. */
    private void completedIfDone(long request, PendingRequest p, MemorySegment st) throws Throwable {
        if (p != null && abi.readHandle(p.cell()) == lib.requestNull) completed(request, p, lib.status(st, scratch.get()));
    }

    /*
     * The array calls. The library gets a native array of the live requests' handles (the caller's thread's scratch,
     * so no lock and no allocation per call); MPI writes MPI_REQUEST_NULL into each entry it completes, which the
     * binding copies back into that request's own cell before retiring it, as it does for MPI_Wait.
     */

    @Override
    public IndexedStatus waitAny(long[] requests) { return anyOf("MPI_Waitany", requests, true); }

    @Override
    public IndexedStatus testAny(long[] requests) { return anyOf("MPI_Testany", requests, false); }

    @Override
    public AuditStatus[] waitAll(long[] requests) { return allOf("MPI_Waitall", requests, true); }

    @Override
    public AuditStatus[] testAll(long[] requests) { return allOf("MPI_Testall", requests, false); }

    private IndexedStatus anyOf(String call, long[] ids, boolean wait) {
        PendingRequest[] ps = requests.liveAll(ids);
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment array = handles(sc, ps);
            MemorySegment index = sc.index;
            MemorySegment flag = sc.flag;
            MemorySegment st = sc.status;
            flag.set(JAVA_INT, 0, 1);
            int rc = wait ? (int) lib.waitAny.invokeExact(ps.length, array, index, st)
                    : (int) lib.testAny.invokeExact(ps.length, array, index, flag, st);
            callbackFailures(call, ids, ps, array);
            int i = index.get(JAVA_INT, 0);
            if (rc != 0 && (i == MPI_UNDEFINED || i < 0 || i >= ps.length)) {
                dropFreedBehindOurBack(ids, ps, array);
                lib.check(call, rc); // the call's own error
            }
            if (flag.get(JAVA_INT, 0) == 0) return null;
            if (i == MPI_UNDEFINED) {
                dropFreedBehindOurBack(ids, ps, array);
                return IndexedStatus.NONE;
            }
            AuditStatus s = lib.status(st, scratch.get()).withError(0, null); // MPI sets no MPI_ERROR here: the return code is the error
            if (rc != 0) {
                int cls = lib.errorClassOf(rc, scratch.get().intOut);
                s = s.withError(cls, abi.errorName(cls));
            }
            retire(ids, ps, array, i, s);
            dropFreedBehindOurBack(ids, ps, array);
            return new IndexedStatus(i, s);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    private AuditStatus[] allOf(String call, long[] ids, boolean wait) {
        PendingRequest[] ps = requests.liveAll(ids);
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment array = handles(sc, ps);
            MemorySegment statuses = sc.statuses(abi, ps.length);
            MemorySegment flag = sc.flag;
            flag.set(JAVA_INT, 0, 1);
            int rc = wait ? (int) lib.waitAll.invokeExact(ps.length, array, statuses)
                    : (int) lib.testAll.invokeExact(ps.length, array, flag, statuses);
            callbackFailures(call, ids, ps, array);
            boolean inStatus = rc != 0 && lib.errorClassOf(rc, scratch.get().intOut) == abi.errorClass("MPI_ERR_IN_STATUS");
            if (rc != 0 && !inStatus) {
                dropFreedBehindOurBack(ids, ps, array);
                lib.check(call, rc);
            }
            // MPICH's MPI_Testall completes the done entries when one of them failed, even if others are not done
            if (flag.get(JAVA_INT, 0) == 0 && !inStatus) return null;
            AuditStatus[] out = new AuditStatus[ps.length];
            long size = abi.statusSize();
            int pending = abi.errorClass("MPI_ERR_PENDING");
            for (int i = 0; i < ps.length; i++) {
                if (ps[i] == null) {
                    out[i] = AuditStatus.EMPTY;
                    continue;
                }
                MemorySegment sti = statuses.asSlice(i * size, size);
                // MPI_ERROR is set only with MPI_ERR_IN_STATUS (MPI-3.1 §3.7.5); otherwise it is not ours to read
                int cls = inStatus ? lib.errorClassOf(sti.get(JAVA_INT, abi.errorOffset()), scratch.get().intOut) : 0;
                // not completed by this call: MPI_ERR_PENDING (a persistent request's handle stays, so its status says)
                boolean notDone = ps[i].persistent() ? cls == pending : abi.readHandle(slot(array, i)) != lib.requestNull;
                if (notDone) {
                    out[i] = AuditStatus.EMPTY.withError(pending, "MPI_ERR_PENDING");
                    continue;
                }
                AuditStatus s = lib.status(sti, scratch.get()).withError(cls, abi.errorName(cls));
                out[i] = s;
                retire(ids, ps, array, i, s);
            }
            return out;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /**
     * After an array call: entries the library set to MPI_REQUEST_NULL without reporting them (Open MPI 4.1's
     * MPI_Waitany and MPI_Testany free every other request of the array that failed, when they report one failed
     * request) are gone in the library, so they go from the binding too and become REQUEST_NULL in the caller's
     * array, with no status: the caller sees them vanish, as a C program does. Passing their old handles again
     * would hand the library freed requests.
     */
    private void dropFreedBehindOurBack(long[] ids, PendingRequest[] ps, MemorySegment array) throws Throwable {
        for (int i = 0; i < ps.length; i++) {
            if (ps[i] == null || ids[i] == REQUEST_NULL || abi.readHandle(slot(array, i)) != lib.requestNull) continue;
            abi.writeHandle(ps[i].cell(), lib.requestNull);
            requests.retire(ids[i], ps[i]); // the library may have written it: keep the memory
            ids[i] = REQUEST_NULL;
        }
    }

    /** The calling thread's native array of the requests' current handles. */
    private MemorySegment handles(ThreadScratch sc, PendingRequest[] ps) {
        MemorySegment array = sc.requests(abi, ps.length);
        for (int i = 0; i < ps.length; i++) {
            abi.writeHandle(slot(array, i), ps[i] == null ? lib.requestNull : abi.readHandle(ps[i].cell()));
        }
        return array;
    }

    private MemorySegment slot(MemorySegment array, int i) {
        long size = abi.handleLayout().byteSize();
        return array.asSlice(i * size, size);
    }

    /** Entry {@code i} was completed by an array call: its cell takes the library's value, then it is done. */
    private void retire(long[] ids, PendingRequest[] ps, MemorySegment array, int i, AuditStatus s) throws Throwable {
        abi.writeHandle(ps[i].cell(), abi.readHandle(slot(array, i)));
        completed(ids[i], ps[i], s);
        if (!ps[i].persistent()) ids[i] = REQUEST_NULL;   // a persistent request stays, inactive, as MPI leaves it
    }

    @Override
    public void cancel(long request) {
        PendingRequest p = requests.live(request);
        try {
            MemorySegment cell = p != null ? p.cell() : lib.requestCell(scratch.get().handle); // a typed local: invokeExact sees Object for a ?: argument
            int rc = (int) lib.cancel.invokeExact(cell);
            callbackFailure("MPI_Cancel", request, p);
            lib.check("MPI_Cancel", rc);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void requestFree(long request) {
        PendingRequest p = requests.live(request);
        try {
            MemorySegment cell = p != null ? p.cell() : lib.requestCell(scratch.get().handle); // a typed local: invokeExact sees Object for a ?: argument
            int rc = (int) lib.requestFree.invokeExact(cell);
            if (rc == 0 && p != null) requests.retire(request, p); // the library may still use it
            callbackFailure("MPI_Request_free", request, p);
            lib.check("MPI_Request_free", rc);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    // ---- persistent requests (MPI-3.1 §3.9) ----

    @Override
    public long sendInit(long comm, int[] buf, int count, int dest, int tag, boolean sync) {
        String call = sync ? "MPI_Ssend_init" : "MPI_Send_init";
        NativeInts.checkCount(buf, count);
        Arena a = Arena.ofAuto();   // lives as long as the request: from the init to the free (RequestTable)
        try {
            MemorySegment b = a.allocate(JAVA_INT, Math.max(1, count));   // filled from buf at each start
            MemorySegment cell = a.allocate(abi.handleLayout());
            MethodHandle fn = sync ? lib.ssendInit : lib.sendInit;
            lib.check(call, (int) fn.invokeExact(b, count, lib.mpiInt, abi.rankToLibrary(dest), abi.tagToLibrary(tag),
                    lib.comm(comm), cell));
            return requests.add(PendingRequest.persistentSend(cell, b, buf, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long recvInit(long comm, int[] buf, int count, int source, int tag) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = NativeInts.ints(a, buf, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Recv_init", (int) lib.recvInit.invokeExact(b, count, lib.mpiInt, abi.rankToLibrary(source),
                    abi.tagToLibrary(tag), lib.comm(comm), cell));
            return requests.add(PendingRequest.persistentRecv(cell, b, buf, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void start(long request) {
        PendingRequest p = requests.live(request);
        try {
            MemorySegment cell = p != null ? p.cell() : lib.requestCell(scratch.get().handle);
            boolean wasActive = activate(p);
            int rc = (int) lib.start.invokeExact(cell);
            if (rc != 0) deactivate(p, wasActive);
            lib.check("MPI_Start", rc);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void startAll(long[] ids) {
        PendingRequest[] ps = requests.liveAll(ids);
        try {
            boolean[] wasActive = new boolean[ps.length];
            for (int i = 0; i < ps.length; i++) wasActive[i] = activate(ps[i]);
            MemorySegment array = handles(scratch.get(), ps);
            int rc = (int) lib.startAll.invokeExact(ps.length, array);
            if (rc != 0) {
                for (int i = 0; i < ps.length; i++) deactivate(ps[i], wasActive[i]);
            }
            lib.check("MPI_Startall", rc);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /**
     * Before a start: marks a persistent request active and, if it was inactive, copies a send's data in (MPI sends
     * what the buffer holds at the start; an active request's buffer is the library's, and the start is an error the
     * library reports). Whether it was active already.
     */
    private static boolean activate(PendingRequest p) {
        if (p == null || !p.persistent()) return false;   // not persistent: the library refuses the start
        boolean was = p.active().getAndSet(true);
        if (!was && p.startFrom() != null) MemorySegment.copy(p.startFrom(), 0, p.sendBuf(), JAVA_INT, 0, p.count());
        return was;
    }

    /** After a start the library refused: the request is as it was. */
    private static void deactivate(PendingRequest p, boolean wasActive) {
        if (p != null && p.persistent() && !wasActive) p.active().set(false);
    }

    // ---- MPI_Waitsome ----

    @Override
    public int waitSome(long[] ids, int[] indices, AuditStatus[] statuses) {
        PendingRequest[] ps = requests.liveAll(ids);
        if (indices == null || indices.length < ps.length) {
            throw new IllegalArgumentException("MPI_Waitsome needs an index per request (" + ps.length + ")");
        }
        if (statuses != null && statuses.length < ps.length) {
            throw new IllegalArgumentException("MPI_Waitsome needs a status per request (" + ps.length + ")");
        }
        try {
            ThreadScratch sc = scratch.get();
            MemorySegment array = handles(sc, ps);
            MemorySegment sts = sc.statuses(abi, ps.length);
            MemorySegment idx = sc.indices(ps.length);
            MemorySegment outcount = sc.index;
            int rc = (int) lib.waitSome.invokeExact(ps.length, array, outcount, idx, sts);
            callbackFailures("MPI_Waitsome", ids, ps, array);
            boolean inStatus = rc != 0 && lib.errorClassOf(rc, sc.intOut) == abi.errorClass("MPI_ERR_IN_STATUS");
            if (rc != 0 && !inStatus) {
                dropFreedBehindOurBack(ids, ps, array);
                lib.check("MPI_Waitsome", rc);
            }
            int n = outcount.get(JAVA_INT, 0);
            if (n == MPI_UNDEFINED) {
                dropFreedBehindOurBack(ids, ps, array);
                return UNDEFINED;
            }
            long size = abi.statusSize();
            for (int k = 0; k < n; k++) {
                int i = idx.getAtIndex(JAVA_INT, k);
                MemorySegment stk = sts.asSlice(k * size, size);
                // MPI_ERROR is set only with MPI_ERR_IN_STATUS (MPI-3.1 §3.7.5)
                int cls = inStatus ? lib.errorClassOf(stk.get(JAVA_INT, abi.errorOffset()), sc.intOut) : 0;
                AuditStatus s = lib.status(stk, sc).withError(cls, abi.errorName(cls));
                indices[k] = i;
                if (statuses != null) statuses[k] = s;
                retire(ids, ps, array, i, s);
            }
            dropFreedBehindOurBack(ids, ps, array);
            return n;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    // ---- generalized requests (MPI-3.1 §12.2; NativeGrequests) ----

    /** Live generalized requests' callback states by request id, until their MPI_Grequest_complete (legal after a free). */
    private final java.util.concurrent.ConcurrentHashMap<Long, NativeGrequests.State> generalized =
            new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public long grequestStart(GrequestCallbacks callbacks) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment cell = a.allocate(abi.handleLayout());
            NativeGrequests.State g = lib.grequests.start(callbacks, cell);
            long id = requests.add(PendingRequest.generalized(cell, g));
            generalized.put(id, g);
            return id;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void grequestComplete(long request) {
        NativeGrequests.State g = generalized.remove(request);
        if (g == null) {
            throw new IllegalArgumentException("request " + request + " is not a generalized request of " + abi.displayName()
                    + " that is still to complete");
        }
        try {
            lib.grequests.complete(g);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /**
     * After a call on one request: if a callback of the generalized request {@code p} threw in it, the call raises
     * that as MPI_ERR_OTHER (the request completed first, if the library completed it).
     */
    private void callbackFailure(String call, long request, PendingRequest p) throws Throwable {
        if (p == null || p.greq() == null) return;
        AuditException e = p.greq().failure(call, lib.grequests.errOther());
        if (e == null) return;
        if (abi.readHandle(p.cell()) == lib.requestNull) completed(request, p, AuditStatus.EMPTY);
        throw e;
    }

    /** The same after an array call: the entries the library completed complete in the binding, then the call raises. */
    private void callbackFailures(String call, long[] ids, PendingRequest[] ps, MemorySegment array) throws Throwable {
        AuditException first = null;
        for (PendingRequest p : ps) {
            if (p == null || p.greq() == null) continue;
            AuditException e = p.greq().failure(call, lib.grequests.errOther());
            if (first == null) first = e;
        }
        if (first == null) return;
        for (int i = 0; i < ps.length; i++) {
            if (ps[i] != null && !ps[i].persistent() && abi.readHandle(slot(array, i)) == lib.requestNull) {
                retire(ids, ps, array, i, AuditStatus.EMPTY);
            }
        }
        throw first;
    }

    private long started(PendingRequest p) throws Throwable {
        if (abi.readHandle(p.cell()) == lib.requestNull) { // completed at once: nothing stays pending
            if (p.recvBuf() != null) NativeInts.copyBack(p.recvBuf(), p.target(), p.count());
            if (p.newComm() != null) deliverNewComm(p);
            return REQUEST_NULL;
        }
        return requests.add(p);
    }

    /** Copies received data out and frees the operation's memory; the library is done with it. */
    private void completed(long request, PendingRequest p, AuditStatus s) throws Throwable {
        if (p != null && p.persistent()) {   // stays in the table, inactive, until MPI_Request_free
            if (p.active().getAndSet(false) && p.recvBuf() != null && !s.cancelled()) {
                NativeInts.copyBack(p.recvBuf(), p.target(), p.count());
            }
            return;
        }
        if (p == null || !requests.remove(request, p)) return; // REQUEST_NULL, or another waiter was first
        if (p.recvBuf() != null && !s.cancelled()) NativeInts.copyBack(p.recvBuf(), p.target(), p.count());
        if (p.newComm() != null) deliverNewComm(p);
        // Nothing to close: the memory is freed by the GC once no thread (not even one erroneously still
        // waiting on the same request inside the library) can reach it.
    }

    /** An idup's communicator, now written by the library: {@code MPI_ERRORS_RETURN} on it, then to the scenario. */
    private void deliverNewComm(PendingRequest p) throws Throwable {
        long c = abi.readHandle(p.newCommCell());
        if (c != lib.commNull) lib.check("MPI_Comm_set_errhandler", (int) lib.commSetErrhandler.invokeExact(c, lib.errorsReturn));
        p.newComm()[0] = c == lib.commNull ? COMM_NULL : c;
    }

    // ---- communicators and groups ----

    @Override
    public long commIdup(long comm, long[] newComm) {
        if (newComm == null || newComm.length < 1) throw new IllegalArgumentException("no cell for newcomm");
        Arena a = Arena.ofAuto();
        try {
            MemorySegment out = a.allocate(abi.handleLayout());
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Comm_idup", (int) lib.commIdup.invokeExact(lib.comm(comm), out, cell));
            return started(new PendingRequest(cell, null, null, null, 0, out, newComm));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long commDup(long comm) { return newComm("MPI_Comm_dup", cell -> (int) lib.commDup.invokeExact(lib.comm(comm), cell)); }

    @Override
    public long commSplit(long comm, int color, int key) {
        return newComm("MPI_Comm_split", cell -> (int) lib.commSplit.invokeExact(lib.comm(comm), color, key, cell));
    }

    @Override
    public long commCreate(long comm, long group) {
        return newComm("MPI_Comm_create", cell -> (int) lib.commCreate.invokeExact(lib.comm(comm), lib.group(group), cell));
    }

    @Override
    public long commCreateGroup(long comm, long group, int tag) {
        return newComm("MPI_Comm_create_group", cell -> (int) lib.commCreateGroup.invokeExact(lib.comm(comm), lib.group(group), tag, cell));
    }

    private interface HandleCall { int call(MemorySegment cell) throws Throwable; }

    /** Creates a communicator and sets {@code MPI_ERRORS_RETURN} on it, so its errors reach the audit too. */
    private long newComm(String call, HandleCall fn) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check(call, fn.call(cell));
            long c = abi.readHandle(cell);
            if (c == lib.commNull) return COMM_NULL;
            lib.check("MPI_Comm_set_errhandler", (int) lib.commSetErrhandler.invokeExact(c, lib.errorsReturn));
            return c;
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long typeVector(int count, int blocklength, int stride) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Type_vector", (int) lib.typeVector.invokeExact(count, blocklength, stride, lib.mpiInt, cell));
            return abi.readHandle(cell);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void typeCommit(long type) { typeCall("MPI_Type_commit", lib.typeCommit, type); }

    @Override
    public void typeFree(long type) { typeCall("MPI_Type_free", lib.typeFree, type); }

    private void typeCall(String call, MethodHandle fn, long type) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            abi.writeHandle(cell, type);
            lib.check(call, (int) fn.invokeExact(cell));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** A derived type's items lie anywhere in {@code buf}: the whole array goes to native memory (and comes back). */
    @Override
    public void sendTyped(long comm, int[] buf, int count, long type, int dest, int tag) {
        try (Arena a = Arena.ofConfined()) {
            lib.check("MPI_Send", (int) lib.send.invokeExact(NativeInts.ints(a, buf, buf.length), count, type,
                    abi.rankToLibrary(dest), abi.tagToLibrary(tag), lib.comm(comm)));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long irecvTyped(long comm, int[] buf, int count, long type, int source, int tag) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = NativeInts.ints(a, buf, buf.length);   // the holes keep the array's values
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Irecv", (int) lib.irecv.invokeExact(b, count, type, abi.rankToLibrary(source),
                    abi.tagToLibrary(tag), lib.comm(comm), cell));
            return started(new PendingRequest(cell, b, null, buf, buf.length));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void commFree(long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            abi.writeHandle(cell, lib.comm(comm));
            lib.check("MPI_Comm_free", (int) lib.commFree.invokeExact(cell));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public int commCompare(long x, long y) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment r = a.allocate(JAVA_INT);
            lib.check("MPI_Comm_compare", (int) lib.commCompare.invokeExact(lib.comm(x), lib.comm(y), r));
            return r.get(JAVA_INT, 0); // MPI_IDENT..MPI_UNEQUAL are 0..3 in both libraries and in AuditMpi
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long commGroup(long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Comm_group", (int) lib.commGroup.invokeExact(lib.comm(comm), cell));
            return lib.groupFromLibrary(abi.readHandle(cell));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long groupIncl(long group, int[] ranks) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Group_incl", (int) lib.groupIncl.invokeExact(lib.group(group), ranks.length, NativeInts.ints(a, ranks, ranks.length), cell));
            return lib.groupFromLibrary(abi.readHandle(cell));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public int groupSize(long group) { return intOut("MPI_Group_size", lib.groupSize, lib.group(group)); }

    @Override
    public void groupFree(long group) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            abi.writeHandle(cell, lib.group(group));
            lib.check("MPI_Group_free", (int) lib.groupFree.invokeExact(cell));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    // ---- collectives ----

    @Override
    public void barrier(long comm) {
        try {
            lib.check("MPI_Barrier", (int) lib.barrier.invokeExact(lib.comm(comm)));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void bcast(long comm, int[] buf, int count, int root) {
        try {
            MemorySegment b = scratch.get().recv(buf, count);
            lib.check("MPI_Bcast", (int) lib.bcast.invokeExact(b, count, lib.mpiInt, root, lib.comm(comm)));
            NativeInts.copyBack(b, buf, count);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public void allreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        long nativeOp = nativeOp(op);
        try {
            ThreadScratch sc = scratch.get();
            if (out.length < count) throw new IllegalArgumentException("count " + count + " outside the result buffer of " + out.length + " ints");
            MemorySegment r = sc.recv(out, count);
            lib.check("MPI_Allreduce", (int) lib.allreduce.invokeExact(sc.send(in, count), r, count, lib.mpiInt, nativeOp, lib.comm(comm)));
            NativeInts.copyBack(r, out, count);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long ibarrier(long comm) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Ibarrier", (int) lib.ibarrier.invokeExact(lib.comm(comm), cell));
            return started(new PendingRequest(cell, null, null, null, 0));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long ibcast(long comm, int[] buf, int count, int root) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = NativeInts.ints(a, buf, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Ibcast", (int) lib.ibcast.invokeExact(b, count, lib.mpiInt, root, lib.comm(comm), cell));
            return started(new PendingRequest(cell, b, null, buf, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long iallreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        long nativeOp = nativeOp(op);
        if (out.length < count) throw new IllegalArgumentException("count " + count + " outside the result buffer of " + out.length + " ints");
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = NativeInts.ints(a, in, count);
            MemorySegment rb = NativeInts.ints(a, out, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Iallreduce", (int) lib.iallreduce.invokeExact(sb, rb, count, lib.mpiInt, nativeOp, lib.comm(comm), cell));
            return started(new PendingRequest(cell, rb, sb, out, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long ireduce(long comm, int[] in, int[] out, int count, ReduceOp op, int root) {
        long nativeOp = nativeOp(op);
        boolean atRoot = commRank(comm) == root;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = NativeInts.ints(a, in, count);
            // The receive buffer is significant at the root only (ints checks count against it there): elsewhere MPI
            // gets NULL and out stays as it is.
            MemorySegment rb = atRoot ? NativeInts.ints(a, out, count) : MemorySegment.NULL;
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Ireduce", (int) lib.ireduce.invokeExact(sb, rb, count, lib.mpiInt, nativeOp, root, lib.comm(comm), cell));
            return started(atRoot ? new PendingRequest(cell, rb, sb, out, count) : new PendingRequest(cell, null, sb, null, 0));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long igather(long comm, int[] send, int count, int[] recv, int root) {
        boolean atRoot = commRank(comm) == root;
        int all = atRoot ? commSize(comm) * count : 0;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = NativeInts.ints(a, send, count);
            MemorySegment rb = atRoot ? NativeInts.blank(a, recv, all) : MemorySegment.NULL;
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Igather", (int) lib.igather.invokeExact(sb, count, lib.mpiInt, rb, count, lib.mpiInt, root, lib.comm(comm), cell));
            return started(atRoot ? new PendingRequest(cell, rb, sb, recv, all) : new PendingRequest(cell, null, sb, null, 0));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long iscatter(long comm, int[] send, int[] recv, int count, int root) {
        boolean atRoot = commRank(comm) == root;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = atRoot ? NativeInts.ints(a, send, commSize(comm) * count) : MemorySegment.NULL;
            MemorySegment rb = NativeInts.blank(a, recv, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Iscatter", (int) lib.iscatter.invokeExact(sb, count, lib.mpiInt, rb, count, lib.mpiInt, root, lib.comm(comm), cell));
            return started(new PendingRequest(cell, rb, atRoot ? sb : null, recv, count));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root) {
        boolean atRoot = commRank(comm) == root;
        if (atRoot) NativeInts.checkBlocks(recv, recvCounts, displs, commSize(comm));
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = NativeInts.ints(a, send, sendCount);
            // At the root the whole buffer goes in and comes back, so the ints between the blocks keep their values;
            // the count and displacement arrays live in the same arena as the buffers, until the request completes.
            MemorySegment rb = atRoot ? NativeInts.ints(a, recv, recv.length) : MemorySegment.NULL;
            MemorySegment counts = atRoot ? NativeInts.ints(a, recvCounts, recvCounts.length) : MemorySegment.NULL;
            MemorySegment at = atRoot ? NativeInts.ints(a, displs, displs.length) : MemorySegment.NULL;
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Igatherv", (int) lib.igatherv.invokeExact(sb, sendCount, lib.mpiInt, rb, counts, at, lib.mpiInt, root, lib.comm(comm), cell));
            return started(atRoot ? new PendingRequest(cell, rb, sb, recv, recv.length) : new PendingRequest(cell, null, sb, null, 0));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long iscatterv(long comm, int[] send, int[] sendCounts, int[] displs, int[] recv, int recvCount, int root) {
        boolean atRoot = commRank(comm) == root;
        if (atRoot) NativeInts.checkBlocks(send, sendCounts, displs, commSize(comm));
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = atRoot ? NativeInts.ints(a, send, send.length) : MemorySegment.NULL;
            MemorySegment counts = atRoot ? NativeInts.ints(a, sendCounts, sendCounts.length) : MemorySegment.NULL;
            MemorySegment at = atRoot ? NativeInts.ints(a, displs, displs.length) : MemorySegment.NULL;
            MemorySegment rb = NativeInts.blank(a, recv, recvCount);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Iscatterv", (int) lib.iscatterv.invokeExact(sb, counts, at, lib.mpiInt, rb, recvCount, lib.mpiInt, root, lib.comm(comm), cell));
            return started(new PendingRequest(cell, rb, atRoot ? sb : null, recv, recvCount));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    @Override
    public long iallgather(long comm, int[] send, int count, int[] recv) {
        return everyToEvery("MPI_Iallgather", lib.iallgather, comm, send, count, recv, count);
    }

    @Override
    public long ialltoall(long comm, int[] send, int[] recv, int count) {
        return everyToEvery("MPI_Ialltoall", lib.ialltoall, comm, send, commSize(comm) * count, recv, count);
    }

    /**
     * MPI_Iallgather or MPI_Ialltoall (one C signature): {@code sendInts} ints from {@code send}, {@code count}
     * ints a rank into {@code recv}, which holds one block per rank.
     */
    private long everyToEvery(String name, MethodHandle call, long comm, int[] send, int sendInts, int[] recv, int count) {
        int all = commSize(comm) * count;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = NativeInts.ints(a, send, sendInts);
            MemorySegment rb = NativeInts.blank(a, recv, all);
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check(name, (int) call.invokeExact(sb, count, lib.mpiInt, rb, count, lib.mpiInt, lib.comm(comm), cell));
            return started(new PendingRequest(cell, rb, sb, recv, all));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    private long nativeOp(ReduceOp op) {
        return switch (op) {
            case SUM -> lib.opSum;
            case MAX -> lib.opMax;
            case MIN -> lib.opMin;
            case BAND -> lib.opBand;
            case BOR -> lib.opBor;
        };
    }

    // ---- helpers ----

    private int intOut(String call, MethodHandle fn) {
        try {
            MemorySegment r = scratch.get().intOut;
            lib.check(call, (int) fn.invokeExact(r));
            return r.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    private int intOut(String call, MethodHandle fn, long handle) {
        try {
            MemorySegment r = scratch.get().intOut;
            lib.check(call, (int) fn.invokeExact(handle, r));
            return r.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }



    // ---- attributes and info (NativeAttributes) ----

    @Override public long keyvalCreate(boolean copyOnDup) { return lib.attributes.keyvalCreate(copyOnDup); }
    @Override public void keyvalFree(long keyval) { lib.attributes.keyvalFree(keyval); }
    @Override public void commSetAttr(long comm, long keyval, long value) { lib.attributes.setAttr(comm, keyval, value); }
    @Override public Long commGetAttr(long comm, long keyval) { return lib.attributes.getAttr(comm, keyval); }
    @Override public void commDeleteAttr(long comm, long keyval) { lib.attributes.deleteAttr(comm, keyval); }
    @Override public Integer commTagUb(long comm) { return lib.attributes.tagUb(comm); }
    @Override public long infoCreate() { return lib.attributes.infoCreate(); }
    @Override public void infoSet(long info, String key, String value) { lib.attributes.infoSet(info, key, value); }
    @Override public String infoGet(long info, String key) { return lib.attributes.infoGet(info, key); }
    @Override public void infoDelete(long info, String key) { lib.attributes.infoDelete(info, key); }
    @Override public int infoNKeys(long info) { return lib.attributes.infoNKeys(info); }
    @Override public String infoNthKey(long info, int n) { return lib.attributes.infoNthKey(info, n); }
    @Override public void infoFree(long info) { lib.attributes.infoFree(info); }
}
