package org.mpiverify.bench.kernel;

import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;

/**
 * A communicator of any implementation under audit (MPICH and Open MPI through FFM, MPJ Express, the
 * core through its audit binding) as a {@link KernelComm}: the benchmarks' scenarios run their kernels
 * through it in each rank process. Shaped like {@link CoreKernelComm} on purpose (see there).
 */
public final class AuditKernelComm implements KernelComm {
    private final AuditMpi mpi;
    private final long comm;

    public AuditKernelComm(AuditMpi mpi, long comm) {
        this.mpi = mpi;
        this.comm = comm;
    }

    @Override
    public int rank() {
        return mpi.commRank(comm);
    }

    @Override
    public int size() {
        return mpi.commSize(comm);
    }

    @Override
    public int procNull() {
        return AuditMpi.PROC_NULL;
    }

    @Override
    public int anySource() {
        return AuditMpi.ANY_SOURCE;
    }

    @Override
    public int anyTag() {
        return AuditMpi.ANY_TAG;
    }

    @Override
    public void barrier() {
        mpi.barrier(comm);
    }

    @Override
    public void send(int[] buf, int count, int dest, int tag) {
        mpi.send(comm, buf, count, dest, tag);
    }

    @Override
    public void recv(int[] buf, int count, int source, int tag, Received got) {
        try {
            set(got, mpi.recv(comm, buf, count, source, tag));
        } catch (AuditException e) {
            throw truncatedOr(e);
        }
    }

    @Override
    public void probe(int source, int tag, Received got) {
        set(got, mpi.probe(comm, source, tag));
    }

    @Override
    public boolean iprobe(int source, int tag, Received got) {
        AuditStatus s = mpi.iprobe(comm, source, tag);
        if (s != null) {
            set(got, s);
        }
        return s != null;
    }

    @Override
    public Object mprobe(int source, int tag, Received got) {
        AuditStatus[] s = new AuditStatus[1];
        long m = mpi.mprobe(comm, source, tag, s);
        set(got, s[0]);
        return m;
    }

    @Override
    public void mrecv(Object message, int[] buf, int count, Received got) {
        try {
            set(got, mpi.mrecv((Long) message, buf, count));
        } catch (AuditException e) {
            throw truncatedOr(e);
        }
    }

    @Override
    public Object isend(int[] buf, int count, int dest, int tag) {
        return mpi.isend(comm, buf, count, dest, tag);
    }

    @Override
    public Object irecv(int[] buf, int count, int source, int tag) {
        return mpi.irecv(comm, buf, count, source, tag);
    }

    @Override
    public void waitFor(Object request, Received got) {
        try {
            set(got, mpi.waitFor((Long) request));
        } catch (AuditException e) {
            throw truncatedOr(e);
        }
    }

    /** One wait per request: {@code AuditMpi} has no {@code MPI_Waitall}. */
    @Override
    public void waitAll(Object[] requests) {
        for (Object r : requests) {
            mpi.waitFor((Long) r);
        }
    }

    @Override
    public KernelComm dup() {
        return new AuditKernelComm(mpi, mpi.commDup(comm));
    }

    /** {@code MPI_Comm_idup}, then {@code MPI_Wait} on its request: the new communicator. */
    @Override
    public KernelComm idupAndWait() {
        long[] made = new long[1];
        mpi.waitFor(mpi.commIdup(comm, made));
        return new AuditKernelComm(mpi, made[0]);
    }

    @Override
    public void free() {
        mpi.commFree(comm);
    }

    private static void set(Received got, AuditStatus s) {
        got.set(s.source(), s.tag(), s.count());
    }

    private static RuntimeException truncatedOr(AuditException e) {
        return e.errorName().contains("TRUNCATE") ? new Truncated(e.getMessage(), e) : e;
    }
}
