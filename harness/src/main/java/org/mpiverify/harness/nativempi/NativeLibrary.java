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
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;

/**
 * One loaded native MPI library, linked once: a downcall handle per MPI function the binding calls (its handle
 * parameters take the audit's {@code long} handles, converted to the family's handle type by {@link NativeAbi}),
 * the library's predefined handles, and the decoding of what it returns: error codes into {@link AuditException}s
 * with the library's class and message, {@code MPI_Status} into {@link AuditStatus}. Loading makes no MPI call.
 *
 * <p>Thread safety: immutable after construction; the handles may be invoked from any thread (whether the
 * library may be called concurrently is its thread level's business, which is what the audit measures).
 */
final class NativeLibrary {
    /** Placeholder in the descriptors below for "a handle" ({@code int} in MPICH, pointer in Open MPI). */
    private static final MemoryLayout H = JAVA_LONG.withName("MPI handle");
    private static final MemoryLayout I = JAVA_INT;
    private static final MemoryLayout P = ADDRESS;
    private static final Linker LINKER = Linker.nativeLinker();

    private final NativeAbi abi;
    private final SymbolLookup library;
    /** The library's predefined handles, as its own values. */
    final long world, self, commNull, groupNull, requestNull, messageNull, messageNoProc, mpiInt, errorsReturn;
    final long opSum, opMax, opMin, opBand, opBor;
    final MethodHandle getLibraryVersion, getVersion, initThread, queryThread, isThreadMain, initialized, finalized, finalizeMpi,
            abort, wtime, errorClass, errorString, commSetErrhandler, commRank, commSize, send,
            ssend, isend, issend, recv, irecv, sendrecv, probe, iprobe,
            mprobe, improbe, mrecv, imrecv, getCount, testCancelled, waitFor, test,
            cancel, requestFree, waitAny, testAny, waitAll, testAll, commDup, commSplit,
            commCreate, commCreateGroup, commFree, commCompare, commGroup, groupIncl, groupSize, groupFree,
            barrier, bcast, allreduce, commIdup, ibarrier, ibcast, iallreduce, ireduce,
            igather, iscatter, igatherv, iscatterv, iallgather, ialltoall, typeSize,
            typeVector, typeCommit, typeFree;
    /** {@code MPI_Isendrecv} is MPI-4: MPICH 4.0 has it, Open MPI 4.1 does not. {@code null} when absent. */
    final MethodHandle isendrecv;
    /** Buffered sends ({@code MPI_Buffer_attach}, {@code MPI_Buffer_detach}, {@code MPI_Bsend}, {@code MPI_Ibsend}). */
    final MethodHandle bufferAttach, bufferDetach, bsend, ibsend;
    /** Persistent requests ({@code MPI_Send_init}, {@code MPI_Ssend_init}, {@code MPI_Recv_init}, {@code MPI_Start}, {@code MPI_Startall}). */
    final MethodHandle sendInit, ssendInit, recvInit, start, startAll;
    /** {@code MPI_Waitsome}. */
    final MethodHandle waitSome;
    /** The attribute and info calls (their ABI differences kept apart). */
    final NativeAttributes attributes;
    /** Generalized requests, whose callbacks are upcalls. */
    final NativeGrequests grequests;
    /** MPI functions the binding needs that the library does not export; filled while the constructor looks them up. */
    private final List<String> missingFunctions = new ArrayList<>();

    /**
     * Loads the library file {@code libraryFile}, of {@code abi}'s family (which {@link NativeAbiCheck} checks
     * before any rank starts: a library of the other family would take handles of the wrong type), and links every
     * function. A file that cannot be loaded, or that lacks MPI functions the binding calls, is an
     * IllegalStateException naming what is wrong (every missing function at once).
     */
    NativeLibrary(NativeAbi abi, java.nio.file.Path libraryFile) {
        this.abi = abi;
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
        bufferAttach = fn("MPI_Buffer_attach", P, I);
        bufferDetach = fn("MPI_Buffer_detach", P, P);
        bsend = fn("MPI_Bsend", P, I, H, I, I, H);
        ibsend = fn("MPI_Ibsend", P, I, H, I, I, H, P);
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
        waitSome = fn("MPI_Waitsome", I, P, P, P, P);
        sendInit = fn("MPI_Send_init", P, I, H, I, I, H, P);
        ssendInit = fn("MPI_Ssend_init", P, I, H, I, I, H, P);
        recvInit = fn("MPI_Recv_init", P, I, H, I, I, H, P);
        start = fn("MPI_Start", P);
        startAll = fn("MPI_Startall", I, P);
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
        typeVector = fn("MPI_Type_vector", I, I, I, H, P);
        typeCommit = fn("MPI_Type_commit", P);
        typeFree = fn("MPI_Type_free", P);
        if (!missingFunctions.isEmpty()) {
            throw new IllegalStateException(libraryFile + " lacks MPI functions the audit calls: " + String.join(", ", missingFunctions));
        }
        attributes = new NativeAttributes(abi, library, this);
        grequests = new NativeGrequests(abi, library, this);
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

    /** An {@code MPI_Status} the library wrote, as the audit's status (count in ints, cancelled, error), decoded with {@code sc}'s cells. */
    AuditStatus status(MemorySegment st, ThreadScratch sc) throws Throwable {
        MemorySegment count = sc.count;
        MemorySegment flag = sc.cancelled;
        check("MPI_Get_count", (int) getCount.invokeExact(st, mpiInt, count));
        check("MPI_Test_cancelled", (int) testCancelled.invokeExact(st, flag));
        int error = st.get(JAVA_INT, abi.errorOffset());
        return new AuditStatus(abi.rankFromLibrary(st.get(JAVA_INT, abi.sourceOffset())),
                abi.tagFromLibrary(st.get(JAVA_INT, abi.tagOffset())), count.get(JAVA_INT, 0),
                flag.get(JAVA_INT, 0) != 0, error, error == 0 ? null : abi.errorName(error));
    }

    /** The error class of an error code ({@code MPI_Error_class}); the code itself if the library cannot say. */
    int errorClassOf(int code, MemorySegment c) throws Throwable {
        if (code == 0) return 0;
        return (int) errorClass.invokeExact(code, c) == 0 ? c.get(JAVA_INT, 0) : code;
    }

    /** Turns a nonzero return code into {@link AuditException} with the library's class and message. */
    void check(String call, int rc) throws Throwable {
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

    // The audit's handle constants to the library's predefined handles, and back.

    long comm(long c) { return c == AuditMpi.COMM_NULL ? commNull : c; }

    long group(long g) { return g == AuditMpi.GROUP_NULL ? groupNull : g; }

    long groupFromLibrary(long g) { return g == groupNull ? AuditMpi.GROUP_NULL : g; }

    long message(long m) {
        if (m == messageNull) return AuditMpi.MESSAGE_NULL;
        if (m == messageNoProc) return AuditMpi.MESSAGE_NO_PROC;
        return m;
    }

    MemorySegment messageCell(MemorySegment cell, long message) {
        abi.writeHandle(cell, message == AuditMpi.MESSAGE_NULL ? messageNull : message == AuditMpi.MESSAGE_NO_PROC ? messageNoProc : message);
        return cell;
    }

    MemorySegment requestCell(MemorySegment cell) {
        abi.writeHandle(cell, requestNull);
        return cell;
    }

    /** {@code t} unchanged if unchecked, else wrapped: what a binding call throws for what a downcall threw. */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(t);
    }
}

