package org.mpiverify.bench.kernel;

import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;

/**
 * The core's communicator as a {@link KernelComm}: one call of {@code Comm} per call, {@code MPI_INT}
 * payloads. It and {@link AuditKernelComm} repeat one shape on purpose: each maps the same calls onto its
 * own API, and the core's must add nothing but that call to the figures it measures.
 */
public final class CoreKernelComm implements KernelComm {
    private final Comm comm;

    public CoreKernelComm(Comm comm) {
        this.comm = comm;
    }

    @Override
    public int rank() {
        return comm.rank();
    }

    @Override
    public int size() {
        return comm.size();
    }

    @Override
    public int procNull() {
        return Mpi.PROC_NULL;
    }

    @Override
    public int anySource() {
        return Mpi.ANY_SOURCE;
    }

    @Override
    public int anyTag() {
        return Mpi.ANY_TAG;
    }

    @Override
    public void barrier() {
        comm.barrier();
    }

    @Override
    public void send(int[] buf, int count, int dest, int tag) {
        comm.send(buf, 0, count, Datatype.INT, dest, tag);
    }

    @Override
    public void recv(int[] buf, int count, int source, int tag, Received got) {
        try {
            set(got, comm.recv(buf, 0, count, Datatype.INT, source, tag));
        } catch (MpiException e) {
            throw truncatedOr(e);
        }
    }

    @Override
    public void probe(int source, int tag, Received got) {
        set(got, comm.probe(source, tag));
    }

    @Override
    public boolean iprobe(int source, int tag, Received got) {
        Status s = comm.iprobe(source, tag);
        if (s != null) {
            set(got, s);
        }
        return s != null;
    }

    @Override
    public Object mprobe(int source, int tag, Received got) {
        Status[] s = new Status[1];
        Message m = comm.mprobe(source, tag, s);
        set(got, s[0]);
        return m;
    }

    @Override
    public void mrecv(Object message, int[] buf, int count, Received got) {
        try {
            set(got, ((Message) message).mrecv(buf, 0, count, Datatype.INT));
        } catch (MpiException e) {
            throw truncatedOr(e);
        }
    }

    @Override
    public Object isend(int[] buf, int count, int dest, int tag) {
        return comm.isend(buf, 0, count, Datatype.INT, dest, tag);
    }

    @Override
    public Object irecv(int[] buf, int count, int source, int tag) {
        return comm.irecv(buf, 0, count, Datatype.INT, source, tag);
    }

    @Override
    public void waitFor(Object request, Received got) {
        try {
            set(got, ((Request) request).waitFor());
        } catch (MpiException e) {
            throw truncatedOr(e);
        }
    }

    @Override
    public void waitAll(Object[] requests) {
        Request[] rs = new Request[requests.length];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = (Request) requests[i];
        }
        Request.waitAll(rs);
    }

    @Override
    public KernelComm dup() {
        return new CoreKernelComm(comm.dup());
    }

    @Override
    public void free() {
        comm.free();
    }

    @Override
    public KernelComm idupAndWait() {
        Request r = comm.idup();
        r.waitFor();
        return new CoreKernelComm(r.communicator());
    }

    private static void set(Received got, Status s) {
        got.set(s.source(), s.tag(), s.count(Datatype.INT));
    }

    private static RuntimeException truncatedOr(MpiException e) {
        return e.errorClass() == ErrorClass.ERR_TRUNCATE ? new Truncated(e.getMessage(), e) : e;
    }
}
