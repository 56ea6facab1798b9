package org.mpiverify.bench.kernel;

/**
 * One rank's communicator as the benchmark kernels use it: the smallest interface that both the core
 * ({@link CoreKernelComm}, straight over {@code Comm}) and every library under audit
 * ({@link AuditKernelComm}, over {@code AuditMpi}) implement, so that the core's and a native library's
 * series of one figure run the same loop with the same payload checks. Buffers are {@code int[]}
 * ({@code MPI_INT}), counts in elements; what a receive got is written into a {@link Received} the
 * calling thread owns, so the adapters allocate nothing per message beyond what their MPI does.
 *
 * <p>Thread safety is the implementation's: at {@code THREAD_MULTIPLE} any thread may call, and the
 * adapters add no lock. Requests are the implementation's own handles, opaque here.
 */
public interface KernelComm {
    int rank();

    int size();

    /** The implementation's {@code MPI_PROC_NULL}. */
    int procNull();

    /** The implementation's {@code MPI_ANY_SOURCE}. */
    int anySource();

    /** The implementation's {@code MPI_ANY_TAG}. */
    int anyTag();

    void barrier();

    void send(int[] buf, int count, int dest, int tag);

    /**
     * Blocking receive; {@code got} receives the source, tag and count. A message longer than
     * {@code count} is consumed and raises {@link Truncated}.
     */
    void recv(int[] buf, int count, int source, int tag, Received got);

    /** {@code MPI_Probe}: waits for a matching message; {@code got} receives its envelope and count. */
    void probe(int source, int tag, Received got);

    /** {@code MPI_Iprobe}: false when no message matches now. */
    boolean iprobe(int source, int tag, Received got);

    /** {@code MPI_Mprobe}: takes a matching message out of matching; returns its handle for {@link #mrecv}. */
    Object mprobe(int source, int tag, Received got);

    /** {@code MPI_Mrecv} of a message {@link #mprobe} took. */
    void mrecv(Object message, int[] buf, int count, Received got);

    Object isend(int[] buf, int count, int dest, int tag);

    Object irecv(int[] buf, int count, int source, int tag);

    /** Waits for a request of {@link #isend} or {@link #irecv}; {@code got} receives its status. */
    void waitFor(Object request, Received got);

    /** Waits for every request (the implementation's {@code MPI_Waitall} where it has one). */
    void waitAll(Object[] requests);

    /** {@code MPI_Comm_dup}: a new communicator of the same group. */
    KernelComm dup();

    /** {@code MPI_Comm_free}. */
    void free();

    /**
     * {@code MPI_Comm_idup} and {@code MPI_Wait} on its request: the new communicator. Only where the
     * implementation has the call (the core, MPICH and Open MPI; not MPJ Express).
     */
    default KernelComm idupAndWait() {
        throw new UnsupportedOperationException("no MPI_Comm_idup in this binding");
    }

    /** {@code MPI_ERR_TRUNCATE}: a receive got a message longer than its buffer (the message is consumed). */
    final class Truncated extends RuntimeException {
        public Truncated(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
