package org.mpiverify.mpi;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A message taken out of matching by {@link Comm#mprobe}/{@link Comm#improbe} ({@code MPI_Message},
 * Hoefler et al. §3): no other receive or probe can match it any more, so the thread that probed it is
 * the one that receives it — no false matching. Receive it exactly once with {@link #mrecv} or
 * {@link #imrecv}.
 */
public final class Message {
    private final Comm comm;
    private final SendEnvelope envelope;
    private final AtomicBoolean received = new AtomicBoolean();

    Message(Comm comm, SendEnvelope envelope) {
        this.comm = comm;
        this.envelope = envelope;
    }

    /** The message from {@code PROC_NULL} ({@code MPI_MESSAGE_NO_PROC}). */
    static Message noProc(Comm comm) {
        return new Message(comm, null);
    }

    /** True for the message of a matched probe on {@code PROC_NULL}. */
    @ThreadSafety(SafetyClass.NONE)
    public boolean isNoProc() {
        return envelope == null;
    }

    /**
     * {@code MPI_Mrecv}: receives this message into the buffer, of a predefined or a committed derived type (unpacked
     * with its map); ERR_TRUNCATE (message consumed) if longer.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status mrecv(Object buf, int offset, int count, MpiDatatype type) {
        return PointToPointCalls.mrecv(comm, this, buf, offset, count, type);
    }

    /** {@code MPI_Imrecv}: as {@link #mrecv}; the message is already here, so the request is complete at once. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request imrecv(Object buf, int offset, int count, MpiDatatype type) {
        return PointToPointCalls.imrecv(comm, this, buf, offset, count, type);
    }

    /** Claims the message for receiving; false if it was received already. */
    boolean claim() {
        return received.compareAndSet(false, true);
    }

    SendEnvelope envelope() {
        return envelope;
    }
}
