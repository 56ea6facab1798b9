package org.mpiverify.harness.mpj;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * MPJ Express's mpiJava 1.2 API ({@code mpi.MPI}, {@code mpi.Comm}, {@code mpi.Intracomm},
 * {@code mpi.Request}, {@code mpi.Status}, {@code mpi.Group}) as method handles, resolved once from
 * the class loader that holds the rank's copy of {@code mpi.jar}. The harness compiles without MPJ
 * (it is a Debian package, not a Maven artifact), so this is the only place that names MPJ's
 * classes and signatures; a missing method fails here, at start-up, with its name.
 *
 * <p>Immutable after construction; safe to share among the rank's threads.
 */
final class MpjApi {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    final Class<?> mpi, comm, intracomm, request, prequest, status, devStatus, group, datatype, op;

    // mpi.MPI (static)
    final MethodHandle init, finalizeMpi, wtime, queryThread, isMainThread;
    // mpi.Comm
    final MethodHandle rank, size, send, ssend, isend, issend, recv, irecv, sendrecv, probe, iprobe, free, commGroup,
            abort, compare;
    // mpi.Intracomm
    final MethodHandle dup, split, create, barrier, bcast, allreduce;
    // mpi.Request, mpi.Status, mpi.Group
    final MethodHandle waitFor, test, cancel, statusSource, statusTag, statusIndex, getCount, testCancelled;
    // mpi.Request's static array calls
    final MethodHandle waitAny, testAny, waitAll, testAll;
    final MethodHandle groupIncl, groupSize, groupFree;
    // mpi.Datatype: derived types
    final MethodHandle typeVector, typeCommit, typeFree;
    // buffered sends: mpi.Comm's Bsend and Ibsend, mpi.MPI's static Buffer_attach and Buffer_detach
    final MethodHandle bsend, ibsend, bufferAttach, bufferDetach;
    // persistent requests: mpi.Comm's Send_init, Ssend_init and Recv_init, mpi.Prequest's Start and static Startall
    final MethodHandle sendInit, ssendInit, recvInit, start, startAll;

    MpjApi(ClassLoader loader) throws ReflectiveOperationException {
        mpi = Class.forName("mpi.MPI", true, loader);
        comm = Class.forName("mpi.Comm", false, loader);
        intracomm = Class.forName("mpi.Intracomm", false, loader);
        request = Class.forName("mpi.Request", false, loader);
        prequest = Class.forName("mpi.Prequest", false, loader);
        status = Class.forName("mpi.Status", false, loader);
        devStatus = Class.forName("mpjdev.Status", false, loader);
        group = Class.forName("mpi.Group", false, loader);
        datatype = Class.forName("mpi.Datatype", false, loader);
        op = Class.forName("mpi.Op", false, loader);

        init = LOOKUP.findStatic(mpi, "Init", MethodType.methodType(String[].class, String[].class));
        finalizeMpi = LOOKUP.findStatic(mpi, "Finalize", MethodType.methodType(void.class));
        wtime = LOOKUP.findStatic(mpi, "Wtime", MethodType.methodType(double.class));
        queryThread = LOOKUP.findStatic(mpi, "queryThread", MethodType.methodType(int.class));
        isMainThread = LOOKUP.findStatic(mpi, "isMainThread", MethodType.methodType(boolean.class));

        MethodType p2p = MethodType.methodType(void.class, Object.class, int.class, int.class, datatype, int.class, int.class);
        rank = LOOKUP.findVirtual(comm, "Rank", MethodType.methodType(int.class));
        size = LOOKUP.findVirtual(comm, "Size", MethodType.methodType(int.class));
        send = LOOKUP.findVirtual(comm, "Send", p2p);
        ssend = LOOKUP.findVirtual(comm, "Ssend", p2p);
        isend = LOOKUP.findVirtual(comm, "Isend", p2p.changeReturnType(request));
        issend = LOOKUP.findVirtual(comm, "Issend", p2p.changeReturnType(request));
        recv = LOOKUP.findVirtual(comm, "Recv", p2p.changeReturnType(status));
        irecv = LOOKUP.findVirtual(comm, "Irecv", p2p.changeReturnType(request));
        sendrecv = LOOKUP.findVirtual(comm, "Sendrecv", MethodType.methodType(status,
                Object.class, int.class, int.class, datatype, int.class, int.class,
                Object.class, int.class, int.class, datatype, int.class, int.class));
        probe = LOOKUP.findVirtual(comm, "Probe", MethodType.methodType(status, int.class, int.class));
        iprobe = LOOKUP.findVirtual(comm, "Iprobe", MethodType.methodType(status, int.class, int.class));
        free = LOOKUP.findVirtual(comm, "Free", MethodType.methodType(void.class));
        commGroup = LOOKUP.findVirtual(comm, "Group", MethodType.methodType(this.group));
        abort = LOOKUP.findVirtual(comm, "Abort", MethodType.methodType(void.class, int.class));
        compare = LOOKUP.findStatic(comm, "Compare", MethodType.methodType(int.class, comm, comm));

        bsend = LOOKUP.findVirtual(comm, "Bsend", p2p);
        ibsend = LOOKUP.findVirtual(comm, "Ibsend", p2p.changeReturnType(request));
        bufferAttach = LOOKUP.findStatic(mpi, "Buffer_attach", MethodType.methodType(void.class, java.nio.ByteBuffer.class));
        bufferDetach = LOOKUP.findStatic(mpi, "Buffer_detach", MethodType.methodType(void.class));   // void in MPJ
        sendInit = LOOKUP.findVirtual(comm, "Send_init", p2p.changeReturnType(prequest));
        ssendInit = LOOKUP.findVirtual(comm, "Ssend_init", p2p.changeReturnType(prequest));
        recvInit = LOOKUP.findVirtual(comm, "Recv_init", p2p.changeReturnType(prequest));
        start = LOOKUP.findVirtual(prequest, "Start", MethodType.methodType(void.class));
        startAll = LOOKUP.findStatic(prequest, "Startall", MethodType.methodType(void.class, prequest.arrayType()));

        typeVector = LOOKUP.findStatic(datatype, "Vector", MethodType.methodType(datatype, int.class, int.class, int.class,
                datatype));
        typeCommit = LOOKUP.findVirtual(datatype, "Commit", MethodType.methodType(void.class));
        typeFree = LOOKUP.findVirtual(datatype, "free", MethodType.methodType(void.class));   // lower case in MPJ
        dup = LOOKUP.findVirtual(intracomm, "clone", MethodType.methodType(Object.class));
        split = LOOKUP.findVirtual(intracomm, "Split", MethodType.methodType(intracomm, int.class, int.class));
        create = LOOKUP.findVirtual(intracomm, "Create", MethodType.methodType(intracomm, this.group));
        barrier = LOOKUP.findVirtual(intracomm, "Barrier", MethodType.methodType(void.class));
        bcast = LOOKUP.findVirtual(intracomm, "Bcast",
                MethodType.methodType(void.class, Object.class, int.class, int.class, datatype, int.class));
        allreduce = LOOKUP.findVirtual(intracomm, "Allreduce", MethodType.methodType(void.class,
                Object.class, int.class, Object.class, int.class, int.class, datatype, op));

        waitFor = LOOKUP.findVirtual(request, "Wait", MethodType.methodType(status));
        test = LOOKUP.findVirtual(request, "Test", MethodType.methodType(status));
        cancel = LOOKUP.findVirtual(request, "Cancel", MethodType.methodType(void.class));
        statusSource = LOOKUP.findGetter(devStatus, "source", int.class);
        statusTag = LOOKUP.findGetter(devStatus, "tag", int.class);
        statusIndex = LOOKUP.findGetter(devStatus, "index", int.class);
        Class<?> requests = request.arrayType();
        waitAny = LOOKUP.findStatic(request, "Waitany", MethodType.methodType(status, requests));
        testAny = LOOKUP.findStatic(request, "Testany", MethodType.methodType(status, requests));
        waitAll = LOOKUP.findStatic(request, "Waitall", MethodType.methodType(status.arrayType(), requests));
        testAll = LOOKUP.findStatic(request, "Testall", MethodType.methodType(status.arrayType(), requests));
        getCount = LOOKUP.findVirtual(status, "Get_count", MethodType.methodType(int.class, datatype));
        testCancelled = LOOKUP.findVirtual(status, "Test_cancelled", MethodType.methodType(boolean.class));

        groupIncl = LOOKUP.findVirtual(this.group, "Incl", MethodType.methodType(this.group, int[].class));
        groupSize = LOOKUP.findVirtual(this.group, "Size", MethodType.methodType(int.class));
        groupFree = LOOKUP.findVirtual(this.group, "free", MethodType.methodType(void.class));
    }

    /** The value of {@code mpi.MPI}'s public static field {@code name} (a constant, a datatype, an op, COMM_WORLD). */
    Object staticField(String name) throws ReflectiveOperationException {
        return mpi.getField(name).get(null);
    }

    /** Whether {@code cls} declares a public method {@code name}, whatever its parameters (to report what MPJ lacks). */
    static boolean hasMethod(Class<?> cls, String name) {
        for (var m : cls.getMethods()) if (m.getName().equals(name)) return true;
        return false;
    }
}
