package org.mpiverify.mpi;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.buffer.TypeLayout;

/**
 * The point-to-point calls of a {@link Comm}: send, receive, sendrecv, probe and matched probe, and the
 * receive of a matched message ({@link Message#mrecv}, {@link Message#imrecv}). Each checks its arguments
 * (in the order {@code docs/errors.md} gives), answers {@code PROC_NULL} itself, and hands the rest to the
 * communicator's {@link Endpoint}, which holds the communicator's reference for every operation that may wait
 * or outlive the call.
 *
 * <p>Thread safety: stateless; a call is as thread-safe as its communicator's endpoint and rank, and every
 * call is bound to the communicator's rank, whichever thread makes it. Memory effects are the endpoint's:
 * a completed receive happens-after the send it matched.
 *
 * <p>Call frames: the hot calls ({@code send}, {@code ssend}, {@code isend}, {@code issend}, {@code recv},
 * {@code irecv}, and {@link Request#waitFor}, {@link Request#test}) write out the call frame
 * ({@link RankContext#enter}, {@code fail}, {@code exit}) on purpose: the same frame around a lambda cost
 * about 8% more CPU on a loop of these calls. Every other call goes through
 * {@link RankContext#call}/{@link RankContext#run}.
 */
final class PointToPointCalls {
    private PointToPointCalls() {}

    /** {@code MPI_Send} ({@code sync}: {@code MPI_Ssend}). */
    static void send(Comm c, Object buf, int offset, int count, Datatype type, int dest, int tag, boolean sync) {
        RankContext rank = c.rank;
        CallDepth d = rank.enter(c);
        try {
            checkSend(c, buf, offset, count, type, dest, tag);
            if (dest != Mpi.PROC_NULL) {
                c.p2p.send(buf, offset, count, type, dest, tag, sync);
            }
        } catch (RuntimeException e) {
            throw rank.fail(d, c, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Isend} ({@code sync}: {@code MPI_Issend}). */
    static Request startSend(Comm c, Object buf, int offset, int count, Datatype type, int dest, int tag, boolean sync) {
        RankContext rank = c.rank;
        CallDepth d = rank.enter(c);
        try {
            checkSend(c, buf, offset, count, type, dest, tag);
            if (dest == Mpi.PROC_NULL) {
                return Request.completed(c, Status.PROC_NULL);
            }
            return Request.forSend(c, c.p2p.startSend(buf, offset, count, type, dest, tag, sync, true));
        } catch (RuntimeException e) {
            throw rank.fail(d, c, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Recv}: a longer message is consumed, the buffer filled, and ERR_TRUNCATE raised. */
    static Status recv(Comm c, Object buf, int offset, int count, Datatype type, int source, int tag) {
        RankContext rank = c.rank;
        CallDepth d = rank.enter(c);
        try {
            checkRecv(c, buf, offset, count, type, source, tag);
            if (source == Mpi.PROC_NULL) {
                return Status.PROC_NULL;
            }
            HeapGuard.admitReceive("MPI_Recv");
            Status s = c.p2p.recv(buf, offset, count, type, source, tag);
            if (s.error() == ErrorClass.ERR_TRUNCATE) {
                throw new MpiException(ErrorClass.ERR_TRUNCATE,
                        "message longer than the receive buffer of " + count + " " + type + ": " + s);
            }
            return s;
        } catch (RuntimeException e) {
            throw rank.fail(d, c, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Irecv}. */
    static Request irecv(Comm c, Object buf, int offset, int count, Datatype type, int source, int tag) {
        RankContext rank = c.rank;
        CallDepth d = rank.enter(c);
        try {
            checkRecv(c, buf, offset, count, type, source, tag);
            if (source == Mpi.PROC_NULL) {
                return Request.completed(c, Status.PROC_NULL);
            }
            HeapGuard.admitReceive("MPI_Irecv");
            return Request.forRecv(c, c.p2p.startRecv(buf, offset, count, type, source, tag, 2));
        } catch (RuntimeException e) {
            throw rank.fail(d, c, e);
        } finally {
            rank.exit(d);
        }
    }

    /**
     * {@code MPI_Sendrecv}: every argument of both halves checked first, then the communicator's own
     * {@code irecv} and {@code isend} as nested calls, so an error in one of them reaches the error handler
     * once, at this level (Gropp &amp; Thakur §4.2).
     */
    static Status sendrecv(Comm c, Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType, int dest,
                           int sendTag, Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int source,
                           int recvTag) {
        return c.rank.call(c, () -> {
            checkSend(c, sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
            checkRecv(c, recvBuf, recvOffset, recvCount, recvType, source, recvTag);
            Request r = c.irecv(recvBuf, recvOffset, recvCount, recvType, source, recvTag);
            Request s;
            try {
                s = c.isend(sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
            } catch (MpiException e) {
                r.cancel();
                r.free();
                throw e;
            }
            s.waitFor();
            return r.waitFor();
        });
    }

    /** {@code MPI_Probe}. */
    static Status probe(Comm c, int source, int tag) {
        return c.rank.call(c, () -> {
            checkSourceTag(c, source, tag);
            return source == Mpi.PROC_NULL ? Status.PROC_NULL : c.p2p.probe(source, tag);
        });
    }

    /** {@code MPI_Iprobe}: moves the rank's outstanding nonblocking operations on first (MPI's progress rule). */
    static Status iprobe(Comm c, int source, int tag) {
        return c.rank.call(c, () -> {
            checkSourceTag(c, source, tag);
            c.rank.progress.test();
            return source == Mpi.PROC_NULL ? Status.PROC_NULL : c.p2p.iprobe(source, tag);
        });
    }

    /** {@code MPI_Mprobe}: the status in {@code status[0]} if given. */
    static Message mprobe(Comm c, int source, int tag, Status[] status) {
        return c.rank.call(c, () -> {
            checkSourceTag(c, source, tag);
            if (source == Mpi.PROC_NULL) {
                setStatus(status, Status.PROC_NULL);
                return Message.noProc(c);
            }
            SendEnvelope e = c.p2p.mprobe(source, tag);
            setStatus(status, Endpoint.probeStatus(e));
            return new Message(c, e);
        });
    }

    /** {@code MPI_Improbe}: moves the outstanding nonblocking operations on, as {@link #iprobe}. */
    static Message improbe(Comm c, int source, int tag, Status[] status) {
        return c.rank.call(c, () -> {
            checkSourceTag(c, source, tag);
            c.rank.progress.test();
            if (source == Mpi.PROC_NULL) {
                setStatus(status, Status.PROC_NULL);
                return Message.noProc(c);
            }
            SendEnvelope e = c.p2p.improbe(source, tag);
            if (e == null) {
                return null;
            }
            setStatus(status, Endpoint.probeStatus(e));
            return new Message(c, e);
        });
    }

    /** {@code MPI_Mrecv} of {@code m}, a message of {@code c}; ERR_TRUNCATE (message consumed) if longer. */
    static Status mrecv(Comm c, Message m, Object buf, int offset, int count, MpiDatatype type) {
        return c.rank.call(c, () -> {
            Status s = receiveMatched(c, m, buf, offset, count, type);
            if (s.error() == ErrorClass.ERR_TRUNCATE) {
                throw new MpiException(ErrorClass.ERR_TRUNCATE, "matched message longer than the buffer: " + s);
            }
            return s;
        });
    }

    /** {@code MPI_Imrecv}: the message is already here, so the request is complete at once. */
    static Request imrecv(Comm c, Message m, Object buf, int offset, int count, MpiDatatype type) {
        return c.rank.call(c, () -> Request.completed(c, receiveMatched(c, m, buf, offset, count, type)));
    }

    /**
     * Receives a matched message. Into a derived type, the message lands in a packet of the type's packed size and
     * is unpacked from it; the call holds a use of the type throughout (the message is here: nothing waits).
     */
    private static Status receiveMatched(Comm c, Message m, Object buf, int offset, int count, MpiDatatype type) {
        if (!(type instanceof DerivedDatatype d)) {
            Datatype t = DerivedCalls.predefined(type);
            Buffers.checkWritable(buf, offset, count, t);
            if (m.isNoProc()) {
                return Status.PROC_NULL;
            }
            if (!m.claim()) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "message was already received");
            }
            return c.p2p.receiveMatched(m.envelope(), buf, offset, count, t);
        }
        TypeLayout layout = d.beginUse();
        try {
            layout.checkRegion("receive buffer", buf, offset, count, true);
            if (m.isNoProc()) {
                return Status.PROC_NULL;
            }
            byte[] packet = new byte[DerivedCalls.packedBytes(layout, count)];
            if (!m.claim()) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "message was already received");
            }
            Status s = c.p2p.receiveMatched(m.envelope(), packet, 0, packet.length, Datatype.BYTE);
            layout.unpack(packet, Math.min(s.bytes(), packet.length), buf, offset, count);
            return s;
        } finally {
            d.endUse();
        }
    }

    static void checkSend(Comm c, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        c.checkLive();
        if (dest != Mpi.PROC_NULL && (dest < 0 || dest >= c.size())) {
            throw new MpiException(ErrorClass.ERR_RANK, "destination " + dest + " is not a rank of a communicator of size " + c.size());
        }
        if (tag < 0 || tag > Mpi.TAG_UB) {
            throw new MpiException(ErrorClass.ERR_TAG, "send tag " + tag + " outside [0, " + Mpi.TAG_UB + "]");
        }
        Buffers.check(buf, offset, count, type);
    }

    static void checkRecv(Comm c, Object buf, int offset, int count, Datatype type, int source, int tag) {
        checkSourceTag(c, source, tag);
        Buffers.checkWritable(buf, offset, count, type);
    }

    /** {@link #checkSend} for a type of either kind: a derived one is checked (ERR_TYPE) and its region with its map. */
    static void checkSend(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        if (!(type instanceof DerivedDatatype d)) {
            checkSend(c, buf, offset, count, DerivedCalls.predefined(type), dest, tag);
            return;
        }
        checkSend(c, null, 0, 0, Datatype.BYTE, dest, tag);
        checkRegion(d, "buffer", buf, offset, count, false);
    }

    /** {@link #checkRecv} for a type of either kind, as {@link #checkSend(Comm, Object, int, int, MpiDatatype, int, int)}. */
    static void checkRecv(Comm c, Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        if (!(type instanceof DerivedDatatype d)) {
            checkRecv(c, buf, offset, count, DerivedCalls.predefined(type), source, tag);
            return;
        }
        checkSourceTag(c, source, tag);
        checkRegion(d, "receive buffer", buf, offset, count, true);
    }

    /** ERR_TYPE if {@code d} is freed or not committed, else its region checked under a use held for the check. */
    private static void checkRegion(DerivedDatatype d, String what, Object buf, int offset, int count, boolean writable) {
        TypeLayout layout = d.beginUse();
        try {
            layout.checkRegion(what, buf, offset, count, writable);
        } finally {
            d.endUse();
        }
    }

    private static void checkSourceTag(Comm c, int source, int tag) {
        c.checkLive();
        if (source != Mpi.PROC_NULL && source != Mpi.ANY_SOURCE && (source < 0 || source >= c.size())) {
            throw new MpiException(ErrorClass.ERR_RANK, "source " + source + " is not a rank of a communicator of size " + c.size());
        }
        if (tag != Mpi.ANY_TAG && (tag < 0 || tag > Mpi.TAG_UB)) {
            throw new MpiException(ErrorClass.ERR_TAG, "receive tag " + tag + " outside [0, " + Mpi.TAG_UB + "] and not ANY_TAG");
        }
    }

    private static void setStatus(Status[] out, Status s) {
        if (out != null && out.length > 0) {
            out[0] = s;
        }
    }
}
