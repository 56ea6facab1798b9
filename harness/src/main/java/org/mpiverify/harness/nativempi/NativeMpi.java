package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.IndexedStatus;

/**
 * {@link AuditMpi} over a native MPI library (MPICH or Open MPI) through the Foreign Function &amp;
 * Memory API, one instance per rank process. What differs between the libraries is in
 * {@link NativeAbi}; this class is written once against it.
 *
 * <p>Concurrency: the binding adds no lock, so the audit sees exactly the library's thread safety
 * (the audit's point). Its own shared state is {@link #pending}, a concurrent map from a live
 * request's id to its native request cell and the native memory the operation uses.
 *
 * <p>Native memory. A blocking call (send, recv, probe, wait, ...) uses its calling thread's
 * {@link Scratch}: buffers, status and handle cells allocated once per thread and grown when too small,
 * never shared between threads (calls are concurrent at {@code MPI_THREAD_MULTIPLE}), so repeated calls
 * allocate no native memory and open no arena. A nonblocking operation's memory must outlive the call
 * and may be completed by another thread, so it comes from an automatic arena of its own, kept reachable
 * by its {@link Pending} record (or {@link #retired}) and freed by the GC after completion: no arena is
 * closed on the hot path (closing a shared arena is a handshake with every thread).
 *
 * <p>Request handles given to scenarios are the binding's own ids, not the library's handle values:
 * MPICH 4.0 returns one shared built-in handle for every request it completes at once (small eager
 * sends), so several live requests of different threads can carry the same native value (measured:
 * keyed by value, one thread waited on another's memory while that thread freed it).
 *
 * <p>Invariants:
 * <ul>
 *   <li>A nonblocking operation's native buffers and request cell stay reachable while the library
 *       may touch them: from the call that starts it to the wait/test that completes it — or, after
 *       {@code MPI_Request_free}, until {@code MPI_Finalize} (MPI gives no other point at which a
 *       freed request is known to be done).</li>
 *   <li>A {@link Scratch} is touched only by its own thread, and only for the duration of one call;
 *       no segment of it is handed to the library beyond that call.</li>
 *   <li>Request ids are unique for the life of the binding ({@link #nextRequestId} only grows), so
 *       a completed request's record is removed exactly once, by the call that completed it.</li>
 *   <li>Received data reaches the caller's {@code int[]} in the call that completes the operation.</li>
 * </ul>
 *
 * <p>Memory consistency effects: a wait or test that completes a receive happens-after the copy into
 * the Java array in the same thread; publishing the array to other threads is the scenario's job.
 */
public final class NativeMpi implements AuditMpi {
    /** Placeholder in the descriptors below for "a handle" ({@code int} in MPICH, pointer in Open MPI). */
    private static final MemoryLayout H = JAVA_LONG.withName("MPI handle");
    private static final MemoryLayout I = JAVA_INT;
    private static final MemoryLayout P = ADDRESS;
    private static final Linker LINKER = Linker.nativeLinker();
    private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)");
    /** {@code MPI_UNDEFINED}: {@code (-32766)} in both libraries' {@code mpi.h}. */
    private static final int MPI_UNDEFINED = -32766;

    private final NativeAbi abi;
    private final SymbolLookup library;
    private final long world, self, commNull, groupNull, requestNull, messageNull, messageNoProc, mpiInt, errorsReturn;
    private final long opSum, opMax, opMin, opBand, opBor;
    private final ConcurrentHashMap<Long, Pending> pending = new ConcurrentHashMap<>();
    /** Next request id; starts at 1 so no id is {@code REQUEST_NULL} (0). */
    private final AtomicLong nextRequestId = new AtomicLong(1);
    /** Memory of freed requests: kept reachable until MPI_Finalize, when the library can no longer write to it. */
    private final ConcurrentLinkedQueue<Pending> retired = new ConcurrentLinkedQueue<>();
    /** Each thread's own native scratch memory for blocking calls; see {@link Scratch}. */
    private final ThreadLocal<Scratch> scratch;

    private final MethodHandle getLibraryVersion, getVersion, initThread, queryThread, isThreadMain, initialized, finalized,
            finalizeMpi, abort, wtime, errorClass, errorString, commSetErrhandler, commRank, commSize,
            send, ssend, isend, issend, recv, irecv, sendrecv, probe, iprobe, mprobe, improbe, mrecv, imrecv,
            getCount, testCancelled, waitFor, test, cancel, requestFree, waitAny, testAny, waitAll, testAll, commDup, commSplit, commCreate,
            commCreateGroup, commFree, commCompare, commGroup, groupIncl, groupSize, groupFree, barrier, bcast,
            allreduce, commIdup, ibarrier, ibcast, iallreduce, ireduce, igather, iscatter, igatherv, iscatterv, iallgather, ialltoall, typeSize;
    /** MPI functions the binding needs that the library does not export; filled while the constructor looks them up. */
    private final java.util.List<String> missingFunctions = new java.util.ArrayList<>();
    /** {@code MPI_Isendrecv} is MPI-4: MPICH 4.0 has it, Open MPI 4.1 does not. {@code null} when absent. */
    private final MethodHandle isendrecv;

    /**
     * A native request's memory: the request cell, the receive buffer (or null) and where its data goes;
     * for an {@code MPI_Comm_idup}, the cell the library writes {@code newcomm} to and the scenario's cell
     * for it. All of it belongs to one automatic arena; this record keeps it reachable.
     */
    private record Pending(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count,
                           MemorySegment newCommCell, long[] newComm) {
        Pending(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count) {
            this(cell, recvBuf, sendBuf, target, count, null, null);
        }
    }

    /**
     * One thread's native memory for blocking calls: two int buffers (send and receive side of one call),
     * a status, and cells for handles and int results. Allocated once per thread from an automatic arena,
     * a buffer replaced by a larger one when a call needs more (the old one is left to the GC).
     *
     * <p>Invariant: used by its owning thread only ({@link ThreadLocal}), within one call at a time; the
     * binding never calls itself re-entrantly on one thread while a scratch segment is in use, except
     * {@link #status} and {@link #check}, which use cells of their own.
     */
    private static final class Scratch {
        private final Arena arena = Arena.ofAuto();
        private MemorySegment send, recv;
        final MemorySegment status, handle, flag, intOut, count, cancelled, index;
        /** An array of request handles and one of statuses, for the array calls; grown when too small. */
        private MemorySegment requests, statuses;

        Scratch(NativeAbi abi) {
            status = arena.allocate(abi.statusSize(), 8);
            handle = arena.allocate(abi.handleLayout());
            flag = arena.allocate(JAVA_INT);
            intOut = arena.allocate(JAVA_INT);
            count = arena.allocate(JAVA_INT);
            cancelled = arena.allocate(JAVA_INT);
            index = arena.allocate(JAVA_INT);
            requests = arena.allocate(abi.handleLayout(), 16);
            statuses = arena.allocate(abi.statusSize() * 16, 8);
            send = arena.allocate(JAVA_INT, 64);
            recv = arena.allocate(JAVA_INT, 64);
        }

        /** The send-side buffer holding a copy of {@code buf[0..count)}. */
        MemorySegment send(int[] buf, int count) {
            checkCount(buf, count);
            if (send.byteSize() < 4L * count) send = Arena.ofAuto().allocate(JAVA_INT, grow(count));
            MemorySegment.copy(buf, 0, send, JAVA_INT, 0, count);
            return send;
        }

        /**
         * The receive-side buffer, starting as a copy of {@code buf[0..count)} (so elements the library
         * does not write come back unchanged; see {@link #copyBack}).
         */
        MemorySegment recv(int[] buf, int count) {
            checkCount(buf, count);
            if (recv.byteSize() < 4L * count) recv = Arena.ofAuto().allocate(JAVA_INT, grow(count));
            MemorySegment.copy(buf, 0, recv, JAVA_INT, 0, count);
            return recv;
        }

        /** Room for {@code n} request handles. */
        MemorySegment requests(NativeAbi abi, int n) {
            long bytes = abi.handleLayout().byteSize() * Math.max(1, n);
            if (requests.byteSize() < bytes) requests = Arena.ofAuto().allocate(bytes * 2, 8);
            return requests;
        }

        /** Room for {@code n} statuses. */
        MemorySegment statuses(NativeAbi abi, int n) {
            long bytes = abi.statusSize() * Math.max(1, n);
            if (statuses.byteSize() < bytes) statuses = Arena.ofAuto().allocate(bytes * 2, 8);
            return statuses;
        }

        private static long grow(int count) {
            return Math.max(64, Integer.highestOneBit(Math.max(1, count)) * 2L);
        }
    }

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
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(abi));
        if (!java.nio.file.Files.isRegularFile(libraryFile)) {
            throw new IllegalStateException(abi.displayName() + " library " + libraryFile + " does not exist"
                    + (libraryFile.equals(abi.libraryFile()) ? "; install it with: apt-get install " + abi.debianPackages() : ""));
        }
        try {
            this.library = SymbolLookup.libraryLookup(libraryFile, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("cannot load " + libraryFile + " as a shared library: " + e.getMessage(), e);
        }
        world = abi.predefined(NativeAbi.Predefined.COMM_WORLD, library);
        self = abi.predefined(NativeAbi.Predefined.COMM_SELF, library);
        commNull = abi.predefined(NativeAbi.Predefined.COMM_NULL, library);
        groupNull = abi.predefined(NativeAbi.Predefined.GROUP_NULL, library);
        requestNull = abi.predefined(NativeAbi.Predefined.REQUEST_NULL, library);
        messageNull = abi.predefined(NativeAbi.Predefined.MESSAGE_NULL, library);
        messageNoProc = abi.predefined(NativeAbi.Predefined.MESSAGE_NO_PROC, library);
        mpiInt = abi.predefined(NativeAbi.Predefined.INT, library);
        errorsReturn = abi.predefined(NativeAbi.Predefined.ERRORS_RETURN, library);
        opSum = abi.predefined(NativeAbi.Predefined.OP_SUM, library);
        opMax = abi.predefined(NativeAbi.Predefined.OP_MAX, library);
        opMin = abi.predefined(NativeAbi.Predefined.OP_MIN, library);
        opBand = abi.predefined(NativeAbi.Predefined.OP_BAND, library);
        opBor = abi.predefined(NativeAbi.Predefined.OP_BOR, library);

        getLibraryVersion = fn("MPI_Get_library_version", P, P);
        getVersion = fn("MPI_Get_version", P, P);
        initThread = fn("MPI_Init_thread", P, P, I, P);
        queryThread = fn("MPI_Query_thread", P);
        isThreadMain = fn("MPI_Is_thread_main", P);
        initialized = fn("MPI_Initialized", P);
        finalized = fn("MPI_Finalized", P);
        finalizeMpi = fn("MPI_Finalize");
        abort = fn("MPI_Abort", H, I);
        wtime = library.find("MPI_Wtime").map(a -> LINKER.downcallHandle(a, FunctionDescriptor.of(JAVA_DOUBLE))).orElse(null);
        if (wtime == null) missingFunctions.add("MPI_Wtime");
        errorClass = fn("MPI_Error_class", I, P);
        errorString = fn("MPI_Error_string", I, P, P);
        commSetErrhandler = fn("MPI_Comm_set_errhandler", H, H);
        commRank = fn("MPI_Comm_rank", H, P);
        commSize = fn("MPI_Comm_size", H, P);
        send = fn("MPI_Send", P, I, H, I, I, H);
        ssend = fn("MPI_Ssend", P, I, H, I, I, H);
        isend = fn("MPI_Isend", P, I, H, I, I, H, P);
        issend = fn("MPI_Issend", P, I, H, I, I, H, P);
        recv = fn("MPI_Recv", P, I, H, I, I, H, P);
        irecv = fn("MPI_Irecv", P, I, H, I, I, H, P);
        sendrecv = fn("MPI_Sendrecv", P, I, H, I, I, P, I, H, I, I, H, P);
        isendrecv = library.find("MPI_Isendrecv").isPresent() ? fn("MPI_Isendrecv", P, I, H, I, I, P, I, H, I, I, H, P) : null;
        probe = fn("MPI_Probe", I, I, H, P);
        iprobe = fn("MPI_Iprobe", I, I, H, P, P);
        mprobe = fn("MPI_Mprobe", I, I, H, P, P);
        improbe = fn("MPI_Improbe", I, I, H, P, P, P);
        mrecv = fn("MPI_Mrecv", P, I, H, P, P);
        imrecv = fn("MPI_Imrecv", P, I, H, P, P);
        getCount = fn("MPI_Get_count", P, H, P);
        testCancelled = fn("MPI_Test_cancelled", P, P);
        waitFor = fn("MPI_Wait", P, P);
        test = fn("MPI_Test", P, P, P);
        cancel = fn("MPI_Cancel", P);
        requestFree = fn("MPI_Request_free", P);
        waitAny = fn("MPI_Waitany", I, P, P, P);
        testAny = fn("MPI_Testany", I, P, P, P, P);
        waitAll = fn("MPI_Waitall", I, P, P);
        testAll = fn("MPI_Testall", I, P, P, P);
        commDup = fn("MPI_Comm_dup", H, P);
        commSplit = fn("MPI_Comm_split", H, I, I, P);
        commCreate = fn("MPI_Comm_create", H, H, P);
        commCreateGroup = fn("MPI_Comm_create_group", H, H, I, P);
        commFree = fn("MPI_Comm_free", P);
        commCompare = fn("MPI_Comm_compare", H, H, P);
        commGroup = fn("MPI_Comm_group", H, P);
        groupIncl = fn("MPI_Group_incl", H, I, P, P);
        groupSize = fn("MPI_Group_size", H, P);
        groupFree = fn("MPI_Group_free", P);
        barrier = fn("MPI_Barrier", H);
        bcast = fn("MPI_Bcast", P, I, H, I, H);
        allreduce = fn("MPI_Allreduce", P, P, I, H, H, H);
        commIdup = fn("MPI_Comm_idup", H, P, P);
        ibarrier = fn("MPI_Ibarrier", H, P);
        ibcast = fn("MPI_Ibcast", P, I, H, I, H, P);
        iallreduce = fn("MPI_Iallreduce", P, P, I, H, H, H, P);
        ireduce = fn("MPI_Ireduce", P, P, I, H, H, I, H, P);
        igather = fn("MPI_Igather", P, I, H, P, I, H, I, H, P);
        iscatter = fn("MPI_Iscatter", P, I, H, P, I, H, I, H, P);
        igatherv = fn("MPI_Igatherv", P, I, H, P, P, P, H, I, H, P);
        iscatterv = fn("MPI_Iscatterv", P, P, P, H, P, I, H, I, H, P);
        iallgather = fn("MPI_Iallgather", P, I, H, P, I, H, H, P);
        ialltoall = fn("MPI_Ialltoall", P, I, H, P, I, H, H, P);
        typeSize = fn("MPI_Type_size", H, P);
        if (!missingFunctions.isEmpty()) {
            throw new IllegalStateException(libraryFile + " lacks MPI functions the audit calls: " + String.join(", ", missingFunctions));
        }
    }

    /** A downcall returning {@code int} whose {@link #H} parameters take the audit's {@code long} handles. */
    private MethodHandle fn(String name, MemoryLayout... params) {
        if (library.find(name).isEmpty()) {
            missingFunctions.add(name);
            return null;
        }
        MemoryLayout[] c = params.clone();
        for (int i = 0; i < c.length; i++) if (c[i] == H) c[i] = abi.handleLayout();
        MethodHandle mh = LINKER.downcallHandle(library.findOrThrow(name), FunctionDescriptor.of(JAVA_INT, c));
        for (int i = 0; i < params.length; i++) {
            if (params[i] == H) mh = MethodHandles.filterArguments(mh, i, abi.handleArgument());
        }
        return mh;
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
            check("MPI_Get_library_version", (int) getLibraryVersion.invokeExact(buf, len));
            return buf.getString(0, StandardCharsets.UTF_8).strip();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Get_version}: the MPI standard the library implements, {@code {major, minor}}; legal before init. */
    int[] standardVersion() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment major = a.allocate(JAVA_INT);
            MemorySegment minor = a.allocate(JAVA_INT);
            check("MPI_Get_version", (int) getVersion.invokeExact(major, minor));
            return new int[] {major.get(JAVA_INT, 0), minor.get(JAVA_INT, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Type_size(MPI_INT)}: 4 when the binding's {@code MPI_INT} handle is the library's. */
    int typeSizeOfInt() { return intOut("MPI_Type_size", typeSize, mpiInt); }

    /**
     * The 8 bytes of a handle cell, first filled with {@code 0xff}, after {@code MPI_Comm_dup} of
     * {@code MPI_COMM_SELF} wrote the new communicator into it (then freed): how wide the library's handles
     * are, read from what it writes rather than from what the binding assumes.
     */
    byte[] dupHandleBytes() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(8, 8);
            cell.fill((byte) 0xff);
            check("MPI_Comm_dup", (int) commDup.invokeExact(self, cell));
            byte[] bytes = cell.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            check("MPI_Comm_free", (int) commFree.invokeExact(cell));
            return bytes;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Bytes the library writes past the end of {@code MPI_Status} as the binding lays it out: a message to self on
     * {@code MPI_COMM_SELF} is received into a status buffer followed by 32 bytes of {@code 0x5a}, which a larger
     * native status would overwrite. 0 when the layout's size is right.
     */
    int statusOverrun() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment data = ints(a, new int[] {1, 2, 3}, 3);
            MemorySegment in = a.allocate(JAVA_INT, 3);
            MemorySegment st = a.allocate(abi.statusSize() + 32, 8);
            st.fill((byte) 0x5a);
            MemorySegment req = a.allocate(abi.handleLayout());
            check("MPI_Isend", (int) isend.invokeExact(data, 3, mpiInt, 0, 4242, self, req));
            check("MPI_Recv", (int) recv.invokeExact(in, 3, mpiInt, 0, 4242, self, st));
            check("MPI_Wait", (int) waitFor.invokeExact(req, scratch.get().status));
            int overrun = 0;
            for (long i = abi.statusSize(); i < st.byteSize(); i++) if (st.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) != 0x5a) overrun++;
            return overrun;
        } catch (Throwable t) {
            throw rethrow(t);
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
            check("MPI_Init_thread", (int) initThread.invokeExact(MemorySegment.NULL, MemorySegment.NULL, required, provided));
            // Errors must come back as return codes, not abort the rank: the audit reports them.
            check("MPI_Comm_set_errhandler", (int) commSetErrhandler.invokeExact(world, errorsReturn));
            return provided.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public int queryThread() { return intOut("MPI_Query_thread", queryThread); }

    @Override
    public boolean isThreadMain() { return intOut("MPI_Is_thread_main", isThreadMain) != 0; }

    public boolean isInitialized() { return intOut("MPI_Initialized", initialized) != 0; }

    public boolean isFinalized() { return intOut("MPI_Finalized", finalized) != 0; }

    /** {@code MPI_Finalize}, once; then frees the memory of requests the scenario freed. */
    @Override
    public void finalizeMpi() {
        if (!isInitialized() || isFinalized()) return;
        try {
            check("MPI_Finalize", (int) finalizeMpi.invokeExact());
        } catch (Throwable t) {
            throw rethrow(t);
        }
        retired.clear(); // the library is done: their memory may now be freed by the GC
    }

    @Override
    public void abort(int errorCode) {
        try {
            int rc = (int) abort.invokeExact(world, errorCode);
            throw new IllegalStateException("MPI_Abort returned " + rc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public double wtime() {
        try {
            return (double) wtime.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long commWorld() { return world; }

    @Override
    public long commSelf() { return self; }

    @Override
    public int commRank(long comm) { return intOut("MPI_Comm_rank", commRank, comm); }

    @Override
    public int commSize(long comm) { return intOut("MPI_Comm_size", commSize, comm); }

    // ---- point-to-point ----

    @Override
    public void send(long comm, int[] buf, int count, int dest, int tag) { blockingSend("MPI_Send", send, comm, buf, count, dest, tag); }

    @Override
    public void ssend(long comm, int[] buf, int count, int dest, int tag) { blockingSend("MPI_Ssend", ssend, comm, buf, count, dest, tag); }

    private void blockingSend(String call, MethodHandle fn, long comm, int[] buf, int count, int dest, int tag) {
        try {
            check(call, (int) fn.invokeExact(scratch.get().send(buf, count), count, mpiInt, abi.rankToLibrary(dest),
                    abi.tagToLibrary(tag), comm(comm)));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long isend(long comm, int[] buf, int count, int dest, int tag) { return nonblockingSend("MPI_Isend", isend, comm, buf, count, dest, tag); }

    @Override
    public long issend(long comm, int[] buf, int count, int dest, int tag) { return nonblockingSend("MPI_Issend", issend, comm, buf, count, dest, tag); }

    private long nonblockingSend(String call, MethodHandle fn, long comm, int[] buf, int count, int dest, int tag) {
        Arena a = Arena.ofAuto(); // completed by whichever thread waits; freed by the GC after
        try {
            MemorySegment cell = a.allocate(abi.handleLayout());
            MemorySegment b = ints(a, buf, count);
            check(call, (int) fn.invokeExact(b, count, mpiInt, abi.rankToLibrary(dest),
                    abi.tagToLibrary(tag), comm(comm), cell));
            return started(new Pending(cell, null, b, null, 0));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
        try {
            Scratch sc = scratch.get();
            MemorySegment b = sc.recv(buf, count);
            MemorySegment st = sc.status;
            check("MPI_Recv", (int) recv.invokeExact(b, count, mpiInt, abi.rankToLibrary(source),
                    abi.tagToLibrary(tag), comm(comm), st));
            AuditStatus s = status(st);
            copyBack(b, buf, count);
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long irecv(long comm, int[] buf, int count, int source, int tag) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = ints(a, buf, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Irecv", (int) irecv.invokeExact(b, count, mpiInt, abi.rankToLibrary(source),
                    abi.tagToLibrary(tag), comm(comm), cell));
            return started(new Pending(cell, b, null, buf, count));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public AuditStatus sendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                                int[] recvBuf, int recvCount, int source, int recvTag) {
        try {
            Scratch sc = scratch.get();
            MemorySegment rb = sc.recv(recvBuf, recvCount);
            MemorySegment st = sc.status;
            check("MPI_Sendrecv", (int) sendrecv.invokeExact(sc.send(sendBuf, sendCount), sendCount, mpiInt,
                    abi.rankToLibrary(dest), abi.tagToLibrary(sendTag), rb, recvCount, mpiInt,
                    abi.rankToLibrary(source), abi.tagToLibrary(recvTag), comm(comm), st));
            AuditStatus s = status(st);
            copyBack(rb, recvBuf, recvCount);
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long isendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                          int[] recvBuf, int recvCount, int source, int recvTag) {
        if (isendrecv == null) {
            throw new UnsupportedOperationException(abi.displayName() + " has no MPI_Isendrecv (an MPI-4 function)");
        }
        Arena a = Arena.ofAuto();
        try {
            MemorySegment rb = ints(a, recvBuf, recvCount);
            MemorySegment sb = ints(a, sendBuf, sendCount);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Isendrecv", (int) isendrecv.invokeExact(sb, sendCount, mpiInt,
                    abi.rankToLibrary(dest), abi.tagToLibrary(sendTag), rb, recvCount, mpiInt,
                    abi.rankToLibrary(source), abi.tagToLibrary(recvTag), comm(comm), cell));
            return started(new Pending(cell, rb, sb, recvBuf, recvCount));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public AuditStatus probe(long comm, int source, int tag) {
        try {
            MemorySegment st = scratch.get().status;
            check("MPI_Probe", (int) probe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), comm(comm), st));
            return status(st);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public AuditStatus iprobe(long comm, int source, int tag) {
        try {
            Scratch sc = scratch.get();
            MemorySegment flag = sc.flag;
            MemorySegment st = sc.status;
            check("MPI_Iprobe", (int) iprobe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), comm(comm), flag, st));
            return flag.get(JAVA_INT, 0) != 0 ? status(st) : null;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long mprobe(long comm, int source, int tag, AuditStatus[] status) {
        try {
            Scratch sc = scratch.get();
            MemorySegment msg = sc.handle;
            MemorySegment st = sc.status;
            check("MPI_Mprobe", (int) mprobe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), comm(comm), msg, st));
            status[0] = status(st);
            return message(abi.readHandle(msg));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long improbe(long comm, int source, int tag, AuditStatus[] status) {
        try {
            Scratch sc = scratch.get();
            MemorySegment flag = sc.flag;
            MemorySegment msg = sc.handle;
            MemorySegment st = sc.status;
            check("MPI_Improbe", (int) improbe.invokeExact(abi.rankToLibrary(source), abi.tagToLibrary(tag), comm(comm), flag, msg, st));
            if (flag.get(JAVA_INT, 0) == 0) return MESSAGE_NULL;
            status[0] = status(st);
            return message(abi.readHandle(msg));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public AuditStatus mrecv(long message, int[] buf, int count) {
        try {
            Scratch sc = scratch.get();
            MemorySegment b = sc.recv(buf, count);
            MemorySegment msg = messageCell(sc.handle, message);
            MemorySegment st = sc.status;
            check("MPI_Mrecv", (int) mrecv.invokeExact(b, count, mpiInt, msg, st));
            AuditStatus s = status(st);
            copyBack(b, buf, count);
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long imrecv(long message, int[] buf, int count) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = ints(a, buf, count);
            MemorySegment msg = messageCell(a.allocate(abi.handleLayout()), message);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Imrecv", (int) imrecv.invokeExact(b, count, mpiInt, msg, cell));
            return started(new Pending(cell, b, null, buf, count));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- requests ----

    @Override
    public AuditStatus waitFor(long request) {
        Pending p = live(request);
        try {
            Scratch sc = scratch.get();
            MemorySegment cell = p != null ? p.cell() : requestCell(sc.handle);
            MemorySegment st = sc.status;
            int rc = (int) waitFor.invokeExact(cell, st);
            if (rc != 0) completedIfDone(request, p, st); // a truncated receive completed all the same
            check("MPI_Wait", rc);
            AuditStatus s = status(st);
            completed(request, p, s);
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public AuditStatus test(long request) {
        Pending p = live(request);
        try {
            Scratch sc = scratch.get();
            MemorySegment cell = p != null ? p.cell() : requestCell(sc.handle);
            MemorySegment flag = sc.flag;
            MemorySegment st = sc.status;
            int rc = (int) test.invokeExact(cell, flag, st);
            if (rc != 0) completedIfDone(request, p, st);
            check("MPI_Test", rc);
            if (flag.get(JAVA_INT, 0) == 0) return null;
            AuditStatus s = status(st);
            completed(request, p, s);
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** After a wait or test that returned an error: if the library completed the request anyway, so does the binding. */
    private void completedIfDone(long request, Pending p, MemorySegment st) throws Throwable {
        if (p != null && abi.readHandle(p.cell()) == requestNull) completed(request, p, status(st));
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
        Pending[] ps = liveAll(ids);
        try {
            Scratch sc = scratch.get();
            MemorySegment array = handles(sc, ps);
            MemorySegment index = sc.index;
            MemorySegment flag = sc.flag;
            MemorySegment st = sc.status;
            flag.set(JAVA_INT, 0, 1);
            int rc = wait ? (int) waitAny.invokeExact(ps.length, array, index, st)
                    : (int) testAny.invokeExact(ps.length, array, index, flag, st);
            int i = index.get(JAVA_INT, 0);
            if (rc != 0 && (i == MPI_UNDEFINED || i < 0 || i >= ps.length)) {
                dropFreedBehindOurBack(ids, ps, array);
                check(call, rc); // the call's own error
            }
            if (flag.get(JAVA_INT, 0) == 0) return null;
            if (i == MPI_UNDEFINED) {
                dropFreedBehindOurBack(ids, ps, array);
                return IndexedStatus.NONE;
            }
            AuditStatus s = status(st).withError(0, null); // MPI sets no MPI_ERROR here: the return code is the error
            if (rc != 0) {
                int cls = errorClassOf(rc);
                s = s.withError(cls, abi.errorName(cls));
            }
            retire(ids, ps, array, i, s);
            dropFreedBehindOurBack(ids, ps, array);
            return new IndexedStatus(i, s);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private AuditStatus[] allOf(String call, long[] ids, boolean wait) {
        Pending[] ps = liveAll(ids);
        try {
            Scratch sc = scratch.get();
            MemorySegment array = handles(sc, ps);
            MemorySegment statuses = sc.statuses(abi, ps.length);
            MemorySegment flag = sc.flag;
            flag.set(JAVA_INT, 0, 1);
            int rc = wait ? (int) waitAll.invokeExact(ps.length, array, statuses)
                    : (int) testAll.invokeExact(ps.length, array, flag, statuses);
            boolean inStatus = rc != 0 && errorClassOf(rc) == abi.errorClass("MPI_ERR_IN_STATUS");
            if (rc != 0 && !inStatus) {
                dropFreedBehindOurBack(ids, ps, array);
                check(call, rc);
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
                if (abi.readHandle(slot(array, i)) != requestNull) {   // not completed by this call: MPI_ERR_PENDING
                    out[i] = AuditStatus.EMPTY.withError(pending, "MPI_ERR_PENDING");
                    continue;
                }
                // MPI_ERROR is set only with MPI_ERR_IN_STATUS (MPI-3.1 §3.7.5); otherwise it is not ours to read
                int cls = inStatus ? errorClassOf(sti.get(JAVA_INT, abi.errorOffset())) : 0;
                AuditStatus s = status(sti).withError(cls, abi.errorName(cls));
                out[i] = s;
                retire(ids, ps, array, i, s);
            }
            return out;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * After an array call: entries the library set to MPI_REQUEST_NULL without reporting them (Open MPI 4.1's
     * MPI_Waitany and MPI_Testany free every other request of the array that failed, when they report one failed
     * request) are gone in the library, so they go from the binding too and become REQUEST_NULL in the caller's
     * array, with no status: the caller sees them vanish, as a C program does. Passing their old handles again
     * would hand the library freed requests.
     */
    private void dropFreedBehindOurBack(long[] ids, Pending[] ps, MemorySegment array) throws Throwable {
        for (int i = 0; i < ps.length; i++) {
            if (ps[i] == null || ids[i] == REQUEST_NULL || abi.readHandle(slot(array, i)) != requestNull) continue;
            abi.writeHandle(ps[i].cell(), requestNull);
            if (pending.remove(ids[i], ps[i])) retired.add(ps[i]); // the library may have written it: keep the memory
            ids[i] = REQUEST_NULL;
        }
    }

    /** The live requests' records, {@code null} for REQUEST_NULL entries. */
    private Pending[] liveAll(long[] ids) {
        if (ids == null) throw new IllegalArgumentException("array of requests is null");
        Pending[] ps = new Pending[ids.length];
        for (int i = 0; i < ids.length; i++) ps[i] = live(ids[i]);
        return ps;
    }

    /** The calling thread's native array of the requests' current handles. */
    private MemorySegment handles(Scratch sc, Pending[] ps) {
        MemorySegment array = sc.requests(abi, ps.length);
        for (int i = 0; i < ps.length; i++) {
            abi.writeHandle(slot(array, i), ps[i] == null ? requestNull : abi.readHandle(ps[i].cell()));
        }
        return array;
    }

    private MemorySegment slot(MemorySegment array, int i) {
        long size = abi.handleLayout().byteSize();
        return array.asSlice(i * size, size);
    }

    /** Entry {@code i} was completed by an array call: its cell takes the library's value, then it is done. */
    private void retire(long[] ids, Pending[] ps, MemorySegment array, int i, AuditStatus s) throws Throwable {
        abi.writeHandle(ps[i].cell(), abi.readHandle(slot(array, i)));
        completed(ids[i], ps[i], s);
        ids[i] = REQUEST_NULL;
    }

    @Override
    public void cancel(long request) {
        Pending p = live(request);
        try {
            MemorySegment cell = p != null ? p.cell() : requestCell(scratch.get().handle); // a typed local: invokeExact sees Object for a ?: argument
            check("MPI_Cancel", (int) cancel.invokeExact(cell));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public void requestFree(long request) {
        Pending p = live(request);
        try {
            MemorySegment cell = p != null ? p.cell() : requestCell(scratch.get().handle); // a typed local: invokeExact sees Object for a ?: argument
            check("MPI_Request_free", (int) requestFree.invokeExact(cell));
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (p != null && pending.remove(request, p)) retired.add(p); // the library may still use it
    }

    /** The record of a live request; {@code null} for {@code REQUEST_NULL}, which the library handles itself. */
    private Pending live(long request) {
        if (request == REQUEST_NULL) return null;
        Pending p = pending.get(request);
        if (p == null) {
            throw new IllegalArgumentException("request " + request + " is not live on " + abi.displayName()
                    + ": already completed or freed (MPI would have set the caller's handle to MPI_REQUEST_NULL)");
        }
        return p;
    }

    private long started(Pending p) throws Throwable {
        if (abi.readHandle(p.cell()) == requestNull) { // completed at once: nothing stays pending
            if (p.recvBuf() != null) copyBack(p.recvBuf(), p.target(), p.count());
            if (p.newComm() != null) deliverNewComm(p);
            return REQUEST_NULL;
        }
        long id = nextRequestId.getAndIncrement();
        pending.put(id, p);
        return id;
    }

    /** Copies received data out and frees the operation's memory; the library is done with it. */
    private void completed(long request, Pending p, AuditStatus s) throws Throwable {
        if (p == null || !pending.remove(request, p)) return; // REQUEST_NULL, or another waiter was first
        if (p.recvBuf() != null && !s.cancelled()) copyBack(p.recvBuf(), p.target(), p.count());
        if (p.newComm() != null) deliverNewComm(p);
        // Nothing to close: the memory is freed by the GC once no thread (not even one erroneously still
        // waiting on the same request inside the library) can reach it.
    }

    /** An idup's communicator, now written by the library: {@code MPI_ERRORS_RETURN} on it, then to the scenario. */
    private void deliverNewComm(Pending p) throws Throwable {
        long c = abi.readHandle(p.newCommCell());
        if (c != commNull) check("MPI_Comm_set_errhandler", (int) commSetErrhandler.invokeExact(c, errorsReturn));
        p.newComm()[0] = c == commNull ? COMM_NULL : c;
    }

    // ---- communicators and groups ----

    @Override
    public long commIdup(long comm, long[] newComm) {
        if (newComm == null || newComm.length < 1) throw new IllegalArgumentException("no cell for newcomm");
        Arena a = Arena.ofAuto();
        try {
            MemorySegment out = a.allocate(abi.handleLayout());
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Comm_idup", (int) commIdup.invokeExact(comm(comm), out, cell));
            return started(new Pending(cell, null, null, null, 0, out, newComm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long commDup(long comm) { return newComm("MPI_Comm_dup", cell -> (int) commDup.invokeExact(comm(comm), cell)); }

    @Override
    public long commSplit(long comm, int color, int key) {
        return newComm("MPI_Comm_split", cell -> (int) commSplit.invokeExact(comm(comm), color, key, cell));
    }

    @Override
    public long commCreate(long comm, long group) {
        return newComm("MPI_Comm_create", cell -> (int) commCreate.invokeExact(comm(comm), group(group), cell));
    }

    @Override
    public long commCreateGroup(long comm, long group, int tag) {
        return newComm("MPI_Comm_create_group", cell -> (int) commCreateGroup.invokeExact(comm(comm), group(group), tag, cell));
    }

    private interface HandleCall { int call(MemorySegment cell) throws Throwable; }

    /** Creates a communicator and sets {@code MPI_ERRORS_RETURN} on it, so its errors reach the audit too. */
    private long newComm(String call, HandleCall fn) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            check(call, fn.call(cell));
            long c = abi.readHandle(cell);
            if (c == commNull) return COMM_NULL;
            check("MPI_Comm_set_errhandler", (int) commSetErrhandler.invokeExact(c, errorsReturn));
            return c;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public void commFree(long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            abi.writeHandle(cell, comm(comm));
            check("MPI_Comm_free", (int) commFree.invokeExact(cell));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public int commCompare(long x, long y) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment r = a.allocate(JAVA_INT);
            check("MPI_Comm_compare", (int) commCompare.invokeExact(comm(x), comm(y), r));
            return r.get(JAVA_INT, 0); // MPI_IDENT..MPI_UNEQUAL are 0..3 in both libraries and in AuditMpi
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long commGroup(long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Comm_group", (int) commGroup.invokeExact(comm(comm), cell));
            return groupFromLibrary(abi.readHandle(cell));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long groupIncl(long group, int[] ranks) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Group_incl", (int) groupIncl.invokeExact(group(group), ranks.length, ints(a, ranks, ranks.length), cell));
            return groupFromLibrary(abi.readHandle(cell));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public int groupSize(long group) { return intOut("MPI_Group_size", groupSize, group(group)); }

    @Override
    public void groupFree(long group) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            abi.writeHandle(cell, group(group));
            check("MPI_Group_free", (int) groupFree.invokeExact(cell));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- collectives ----

    @Override
    public void barrier(long comm) {
        try {
            check("MPI_Barrier", (int) barrier.invokeExact(comm(comm)));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public void bcast(long comm, int[] buf, int count, int root) {
        try {
            MemorySegment b = scratch.get().recv(buf, count);
            check("MPI_Bcast", (int) bcast.invokeExact(b, count, mpiInt, root, comm(comm)));
            copyBack(b, buf, count);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public void allreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        long nativeOp = nativeOp(op);
        try {
            Scratch sc = scratch.get();
            if (out.length < count) throw new IllegalArgumentException("count " + count + " outside the result buffer of " + out.length + " ints");
            MemorySegment r = sc.recv(out, count);
            check("MPI_Allreduce", (int) allreduce.invokeExact(sc.send(in, count), r, count, mpiInt, nativeOp, comm(comm)));
            copyBack(r, out, count);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long ibarrier(long comm) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Ibarrier", (int) ibarrier.invokeExact(comm(comm), cell));
            return started(new Pending(cell, null, null, null, 0));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long ibcast(long comm, int[] buf, int count, int root) {
        Arena a = Arena.ofAuto();
        try {
            MemorySegment b = ints(a, buf, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Ibcast", (int) ibcast.invokeExact(b, count, mpiInt, root, comm(comm), cell));
            return started(new Pending(cell, b, null, buf, count));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long iallreduce(long comm, int[] in, int[] out, int count, ReduceOp op) {
        long nativeOp = nativeOp(op);
        if (out.length < count) throw new IllegalArgumentException("count " + count + " outside the result buffer of " + out.length + " ints");
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = ints(a, in, count);
            MemorySegment rb = ints(a, out, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Iallreduce", (int) iallreduce.invokeExact(sb, rb, count, mpiInt, nativeOp, comm(comm), cell));
            return started(new Pending(cell, rb, sb, out, count));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long ireduce(long comm, int[] in, int[] out, int count, ReduceOp op, int root) {
        long nativeOp = nativeOp(op);
        boolean atRoot = commRank(comm) == root;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = ints(a, in, count);
            // The receive buffer is significant at the root only (ints checks count against it there): elsewhere MPI
            // gets NULL and out stays as it is.
            MemorySegment rb = atRoot ? ints(a, out, count) : MemorySegment.NULL;
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Ireduce", (int) ireduce.invokeExact(sb, rb, count, mpiInt, nativeOp, root, comm(comm), cell));
            return started(atRoot ? new Pending(cell, rb, sb, out, count) : new Pending(cell, null, sb, null, 0));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long igather(long comm, int[] send, int count, int[] recv, int root) {
        boolean atRoot = commRank(comm) == root;
        int all = atRoot ? commSize(comm) * count : 0;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = ints(a, send, count);
            MemorySegment rb = atRoot ? blank(a, recv, all) : MemorySegment.NULL;
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Igather", (int) igather.invokeExact(sb, count, mpiInt, rb, count, mpiInt, root, comm(comm), cell));
            return started(atRoot ? new Pending(cell, rb, sb, recv, all) : new Pending(cell, null, sb, null, 0));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long iscatter(long comm, int[] send, int[] recv, int count, int root) {
        boolean atRoot = commRank(comm) == root;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = atRoot ? ints(a, send, commSize(comm) * count) : MemorySegment.NULL;
            MemorySegment rb = blank(a, recv, count);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Iscatter", (int) iscatter.invokeExact(sb, count, mpiInt, rb, count, mpiInt, root, comm(comm), cell));
            return started(new Pending(cell, rb, atRoot ? sb : null, recv, count));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root) {
        boolean atRoot = commRank(comm) == root;
        if (atRoot) checkBlocks(recv, recvCounts, displs, commSize(comm));
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = ints(a, send, sendCount);
            // At the root the whole buffer goes in and comes back, so the ints between the blocks keep their values;
            // the count and displacement arrays live in the same arena as the buffers, until the request completes.
            MemorySegment rb = atRoot ? ints(a, recv, recv.length) : MemorySegment.NULL;
            MemorySegment counts = atRoot ? ints(a, recvCounts, recvCounts.length) : MemorySegment.NULL;
            MemorySegment at = atRoot ? ints(a, displs, displs.length) : MemorySegment.NULL;
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Igatherv", (int) igatherv.invokeExact(sb, sendCount, mpiInt, rb, counts, at, mpiInt, root, comm(comm), cell));
            return started(atRoot ? new Pending(cell, rb, sb, recv, recv.length) : new Pending(cell, null, sb, null, 0));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public long iscatterv(long comm, int[] send, int[] sendCounts, int[] displs, int[] recv, int recvCount, int root) {
        boolean atRoot = commRank(comm) == root;
        if (atRoot) checkBlocks(send, sendCounts, displs, commSize(comm));
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = atRoot ? ints(a, send, send.length) : MemorySegment.NULL;
            MemorySegment counts = atRoot ? ints(a, sendCounts, sendCounts.length) : MemorySegment.NULL;
            MemorySegment at = atRoot ? ints(a, displs, displs.length) : MemorySegment.NULL;
            MemorySegment rb = blank(a, recv, recvCount);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check("MPI_Iscatterv", (int) iscatterv.invokeExact(sb, counts, at, mpiInt, rb, recvCount, mpiInt, root, comm(comm), cell));
            return started(new Pending(cell, rb, atRoot ? sb : null, recv, recvCount));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A v-collective's blocks must lie in the root's buffer: the library writes or reads there unchecked. */
    private static void checkBlocks(int[] buf, int[] counts, int[] displs, int size) {
        if (counts.length < size || displs.length < size) {
            throw new IllegalArgumentException("counts and displacements for " + size + " ranks, got " + counts.length
                    + " and " + displs.length);
        }
        for (int r = 0; r < size; r++) {
            if (counts[r] < 0 || displs[r] < 0 || (long) displs[r] + counts[r] > buf.length) {
                throw new IllegalArgumentException("rank " + r + "'s block (" + counts[r] + " ints at " + displs[r]
                        + ") outside the buffer of " + buf.length + " ints");
            }
        }
    }

    @Override
    public long iallgather(long comm, int[] send, int count, int[] recv) {
        return everyToEvery("MPI_Iallgather", iallgather, comm, send, count, recv, count);
    }

    @Override
    public long ialltoall(long comm, int[] send, int[] recv, int count) {
        return everyToEvery("MPI_Ialltoall", ialltoall, comm, send, commSize(comm) * count, recv, count);
    }

    /**
     * MPI_Iallgather or MPI_Ialltoall (one C signature): {@code sendInts} ints from {@code send}, {@code count}
     * ints a rank into {@code recv}, which holds one block per rank.
     */
    private long everyToEvery(String name, MethodHandle call, long comm, int[] send, int sendInts, int[] recv, int count) {
        int all = commSize(comm) * count;
        Arena a = Arena.ofAuto();
        try {
            MemorySegment sb = ints(a, send, sendInts);
            MemorySegment rb = blank(a, recv, all);
            MemorySegment cell = a.allocate(abi.handleLayout());
            check(name, (int) call.invokeExact(sb, count, mpiInt, rb, count, mpiInt, comm(comm), cell));
            return started(new Pending(cell, rb, sb, recv, all));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Native memory for {@code count} ints that a call will write, checked against the Java array they go back to. */
    private static MemorySegment blank(Arena a, int[] buf, int count) {
        checkCount(buf, count);
        return a.allocate(JAVA_INT, Math.max(1, count));
    }

    private long nativeOp(ReduceOp op) {
        return switch (op) {
            case SUM -> opSum;
            case MAX -> opMax;
            case MIN -> opMin;
            case BAND -> opBand;
            case BOR -> opBor;
        };
    }

    // ---- translation ----

    private long comm(long c) { return c == COMM_NULL ? commNull : c; }

    private long group(long g) { return g == GROUP_NULL ? groupNull : g; }

    private long groupFromLibrary(long g) { return g == groupNull ? GROUP_NULL : g; }

    private long message(long m) {
        if (m == messageNull) return MESSAGE_NULL;
        if (m == messageNoProc) return MESSAGE_NO_PROC;
        return m;
    }

    private MemorySegment messageCell(MemorySegment cell, long message) {
        abi.writeHandle(cell, message == MESSAGE_NULL ? messageNull : message == MESSAGE_NO_PROC ? messageNoProc : message);
        return cell;
    }

    private MemorySegment requestCell(MemorySegment cell) {
        abi.writeHandle(cell, requestNull);
        return cell;
    }

    /** A native copy of the first {@code count} elements (at least one element, so no call sees a zero-size segment). */
    private static MemorySegment ints(Arena a, int[] buf, int count) {
        checkCount(buf, count);
        MemorySegment s = a.allocate(JAVA_INT, Math.max(1, count));
        MemorySegment.copy(buf, 0, s, JAVA_INT, 0, count);
        return s;
    }

    private static void checkCount(int[] buf, int count) {
        if (count < 0 || count > buf.length) {
            throw new IllegalArgumentException("count " + count + " outside the buffer of " + buf.length + " ints");
        }
    }

    /**
     * Copies the whole posted buffer back, not just the status count: the native buffer started as a
     * copy of the Java array, so elements the library did not write come back unchanged, and the data
     * arrives even where a library's status undercounts (MPICH 4.0.2's MPI_Isendrecv reports count 0).
     */
    private static void copyBack(MemorySegment from, int[] to, int posted) {
        MemorySegment.copy(from, JAVA_INT, 0, to, 0, posted);
    }

    private AuditStatus status(MemorySegment st) throws Throwable {
        {
            Scratch sc = scratch.get();
            MemorySegment count = sc.count;
            MemorySegment flag = sc.cancelled;
            check("MPI_Get_count", (int) getCount.invokeExact(st, mpiInt, count));
            check("MPI_Test_cancelled", (int) testCancelled.invokeExact(st, flag));
            int error = st.get(JAVA_INT, abi.errorOffset());
            return new AuditStatus(abi.rankFromLibrary(st.get(JAVA_INT, abi.sourceOffset())),
                    abi.tagFromLibrary(st.get(JAVA_INT, abi.tagOffset())), count.get(JAVA_INT, 0),
                    flag.get(JAVA_INT, 0) != 0, error, error == 0 ? null : abi.errorName(error));
        }
    }

    private int intOut(String call, MethodHandle fn) {
        try {
            MemorySegment r = scratch.get().intOut;
            check(call, (int) fn.invokeExact(r));
            return r.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private int intOut(String call, MethodHandle fn, long handle) {
        try {
            MemorySegment r = scratch.get().intOut;
            check(call, (int) fn.invokeExact(handle, r));
            return r.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The error class of an error code ({@code MPI_Error_class}); the code itself if the library cannot say. */
    private int errorClassOf(int code) throws Throwable {
        if (code == 0) return 0;
        MemorySegment c = scratch.get().intOut;
        return (int) errorClass.invokeExact(code, c) == 0 ? c.get(JAVA_INT, 0) : code;
    }

    /** Turns a nonzero return code into {@link AuditException} with the library's class and message. */
    private void check(String call, int rc) throws Throwable {
        if (rc == 0) return;
        int cls = rc;
        String detail = null;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment c = a.allocate(JAVA_INT);
            if ((int) errorClass.invokeExact(rc, c) == 0) cls = c.get(JAVA_INT, 0);
            MemorySegment text = a.allocate(abi.maxErrorString() + 1);
            MemorySegment len = a.allocate(JAVA_INT);
            if ((int) errorString.invokeExact(rc, text, len) == 0) detail = text.getString(0, StandardCharsets.UTF_8).strip();
        }
        throw new AuditException(call, cls, abi.errorName(cls), detail);
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(t);
    }
}
