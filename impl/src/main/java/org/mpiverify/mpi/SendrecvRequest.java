package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.lang.invoke.VarHandle;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.buffer.TypeLayout;
import org.mpiverify.core.request.RequestState;

/**
 * The body of an {@code MPI_Isendrecv} or {@code MPI_Isendrecv_replace} request (MPI-4.0 §3.10): a receive and a
 * send started together, completed together; the status is the receive's. {@code replace} receives into a
 * buffer of its own and copies it into the user's buffer when the handle completes, after the send has read the
 * user's buffer (the send is complete by then).
 *
 * <p>Thread safety: as an ordinary request's; the two requests are private to this body, completed only by the
 * thread whose CAS of {@code state} completed the handle. Memory effects: the completion of both operations
 * happens-before the return of the wait or test that completes the handle.
 */
final class SendrecvRequest implements RequestBody {
    private static final int ACTIVE = 0;
    private static final int INACTIVE = 1;
    private static final int FREED = 2;
    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SendrecvRequest.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Request send;
    private final Request recv;
    /** For a replace: where the received message is copied to, and from. Null otherwise. */
    private final Replace replace;
    private volatile int state;
    private volatile Status status;

    /**
     * Where a replace's received message goes: copied from {@code temp} into the user's buffer, or for a derived
     * type unpacked from the packet {@code temp} with the type's map; the replace holds a use of a derived type from
     * its start until {@link #done} (its completion or its free, whichever wins the request's state).
     */
    private record Replace(Object userBuf, int userOffset, Object temp, int count, Datatype type,
                           DerivedDatatype derived, TypeLayout layout) {
        void copyBack(Status got) {
            if (layout == null) {
                Buffers.copy(type, temp, 0, userBuf, userOffset, count);
            } else {
                byte[] packet = (byte[]) temp;
                layout.unpack(packet, Math.min(got.bytes(), packet.length), userBuf, userOffset, count);
            }
        }

        void done() {
            if (derived != null) {
                derived.endUse();
            }
        }
    }

    private SendrecvRequest(Request send, Request recv, Replace replace) {
        this.send = send;
        this.recv = recv;
        this.replace = replace;
    }

    /**
     * {@code MPI_Isendrecv}: both halves checked first (a bad one posts nothing), then the receive and the send as
     * nested calls, so an error reaches the error handler once.
     */
    static Request start(Comm c, Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType, int dest,
                         int sendTag, Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int source,
                         int recvTag) {
        return c.rank.call(c, () -> {
            PointToPointCalls.checkSend(c, sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
            PointToPointCalls.checkRecv(c, recvBuf, recvOffset, recvCount, recvType, source, recvTag);
            return post(c, sendBuf, sendOffset, sendCount, sendType, dest, sendTag, recvBuf, recvOffset, recvCount,
                    recvType, source, recvTag, null);
        });
    }

    /**
     * {@code MPI_Isendrecv_replace}: sends {@code count} elements of {@code buf} and receives as many into it; the
     * message received lands in {@code buf} when the handle completes.
     */
    static Request startReplace(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int sendTag,
                                int source, int recvTag) {
        if (type instanceof DerivedDatatype d) {
            return c.rank.call(c, () -> startDerivedReplace(c, buf, offset, count, d, dest, sendTag, source, recvTag));
        }
        return c.rank.call(c, () -> {
            Datatype t = DerivedCalls.predefined(type);
            PointToPointCalls.checkSend(c, buf, offset, count, t, dest, sendTag);
            PointToPointCalls.checkRecv(c, buf, offset, count, t, source, recvTag);
            Object temp = buf instanceof ByteBuffer || buf == null ? ByteBuffer.allocate(count * type.size())
                    : Array.newInstance(buf.getClass().getComponentType(), count);
            return post(c, buf, offset, count, t, dest, sendTag, temp, 0, count, t, source, recvTag,
                    new Replace(buf, offset, temp, count, t, null, null));
        });
    }

    /**
     * A replace of a derived type: the message is received into a packet of the type's packed size (as bytes, so it
     * matches any send of the same signature) and unpacked into {@code buf} when the handle completes; the send packs
     * {@code buf} when it starts, so it has read it by then.
     */
    private static Request startDerivedReplace(Comm c, Object buf, int offset, int count, DerivedDatatype type,
                                               int dest, int sendTag, int source, int recvTag) {
        PointToPointCalls.checkSend(c, buf, offset, count, type, dest, sendTag);
        PointToPointCalls.checkRecv(c, buf, offset, count, type, source, recvTag);
        TypeLayout layout = type.beginUse();
        try {
            byte[] packet = new byte[DerivedCalls.packedBytes(layout, count)];
            return post(c, buf, offset, count, type, dest, sendTag, packet, 0, packet.length, Datatype.BYTE, source,
                    recvTag, new Replace(buf, offset, packet, count, Datatype.BYTE, type, layout));
        } catch (RuntimeException e) {
            type.endUse();
            throw e;
        }
    }

    private static Request post(Comm c, Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType, int dest,
                                int sendTag, Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType,
                                int source, int recvTag, Replace replace) {
        Request r = c.irecv(recvBuf, recvOffset, recvCount, recvType, source, recvTag);
        Request s;
        try {
            s = c.isend(sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
        } catch (MpiException e) {
            r.cancel();
            r.free();
            throw e;
        }
        return Request.withBody(c, new SendrecvRequest(s, r, replace));
    }

    @Override
    public boolean isActive() {
        return state == ACTIVE;
    }

    @Override
    public boolean isFreed() {
        return state == FREED;
    }

    @Override
    public boolean isDoneOrInactive() {
        return state != ACTIVE || (send.isDoneOrMovedOn() && recv.isDoneOrMovedOn());
    }

    @Override
    public int addPending(RequestState[] states, int[] generations, int n) {
        if (state != ACTIVE) {
            return n;
        }
        if (!send.isDoneOrMovedOn()) {
            n = send.addPending(states, generations, n);
        }
        if (!recv.isDoneOrMovedOn()) {
            n = recv.addPending(states, generations, n);
        }
        return n;
    }

    @Override
    public void awaitDone() {
        send.awaitDone();
        recv.awaitDone();
    }

    @Override
    public Status claimIfDone() {
        if (!isDoneOrInactive() || !STATE.compareAndSet(this, ACTIVE, INACTIVE)) {
            return null;
        }
        Status sent = send.claimIfDone();
        Status got = recv.claimIfDone();
        if (replace != null) {
            try {
                if (got.error() == ErrorClass.SUCCESS && !got.isCancelled()) {
                    replace.copyBack(got);
                }
            } finally {
                replace.done();
            }
        }
        Status s = sent.error() != ErrorClass.SUCCESS && got.error() == ErrorClass.SUCCESS ? sent : got;
        status = s;
        return s;
    }

    @Override
    public Status status() {
        return state == ACTIVE ? null : status;
    }

    @Override
    public void cancel() {
        if (state == FREED) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "request was freed");
        }
        if (state == ACTIVE) {
            recv.cancel();   // a send is not cancelled (the core's sends cannot be)
        }
    }

    @Override
    public void free() {
        int was = (int) STATE.compareAndExchange(this, ACTIVE, FREED);
        if (was == ACTIVE) {
            send.free();     // both still complete; a replace's message is then not copied back
            recv.free();
            if (replace != null) {
                replace.done();
            }
        } else if (was == FREED || !STATE.compareAndSet(this, INACTIVE, FREED)) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "request was freed");
        }
    }
}
