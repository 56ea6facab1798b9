package org.mpiverify.mpi;

import org.mpiverify.core.buffer.TypeLayout;
import org.mpiverify.core.request.PersistentSlot;
import org.mpiverify.core.request.RequestState;

/**
 * A persistent request's body ({@code MPI_Send_init}, {@code MPI_Ssend_init}, {@code MPI_Recv_init}, MPI-3.1
 * §3.9): the arguments it was made with, checked then, and the operation it started last. {@link #start} posts
 * a new nonblocking operation of the communicator with those arguments; the wait or test that completes the
 * handle leaves it inactive, ready to start again, and never frees it; {@link #free} frees it, active or not
 * (an active operation still completes, as for any freed request).
 *
 * <p>Threads: the MPI Forum has argued whether threads may start and wait on one persistent request at once
 * (MPI-4.0 makes a request's use by two threads at once erroneous, as for any request). The core's choice: a
 * start is one atomic step ({@link PersistentSlot}): of two threads that start one inactive request at once
 * exactly one starts it and the other gets ERR_REQUEST, with the started operation intact; a wait by one
 * thread on a request another thread starts sees the request either before the start (inactive: an empty
 * status at once) or after it (it waits for that operation), never half-started. Two threads completing one
 * started operation get what they get on an ordinary request: one completes it, the other ERR_REQUEST.
 *
 * <p>Derived datatypes (Gropp &amp; Thakur §4.1): a request made with a {@link DerivedDatatype} holds a use of it
 * from its init (which refuses a freed or uncommitted type, ERR_TYPE) until {@link #free}, so the user may free the
 * type at once and keep starting the request. Each start of a send packs the items with the type map the request
 * holds and sends the packet; each start of a receive takes a use of its own ({@link DerivedDatatype#addUse}), ended
 * when that receive's request is recycled, so an operation still active at the request's free keeps the map it
 * unpacks with.
 *
 * <p>Thread safety: every method may be called by any thread at once. Memory effects: the posting of a start
 * happens-before a wait that finds the request active; the operation's completion happens-before the return
 * of the wait or test that completes the handle.
 */
final class PersistentRequest implements RequestBody {
    /** What a start posts: a nonblocking send or receive of the communicator. */
    @FunctionalInterface
    interface Poster {
        Request post();
    }

    private final Poster poster;
    private final DerivedDatatype held;   // the derived type the request holds a use of until freed, or null
    private final PersistentSlot<Request> slot = new PersistentSlot<>();
    private volatile Status last = Status.EMPTY;

    private PersistentRequest(Poster poster, DerivedDatatype held) {
        this.poster = poster;
        this.held = held;
    }

    /** {@code MPI_Send_init} ({@code sync}: {@code MPI_Ssend_init}): every argument checked now, as a send's. */
    static Request sendInit(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag,
                            boolean sync) {
        return c.rank.call(c, () -> {
            PointToPointCalls.checkSend(c, buf, offset, count, type, dest, tag);
            if (!(type instanceof DerivedDatatype d)) {
                Datatype t = (Datatype) type;
                return Request.withBody(c, new PersistentRequest(sync ? () -> c.issend(buf, offset, count, t, dest, tag)
                        : () -> c.isend(buf, offset, count, t, dest, tag), null));
            }
            TypeLayout layout = d.beginUse();   // the request's use, until its free
            try {
                DerivedCalls.packedBytes(layout, count);   // ERR_COUNT past a packet
                return Request.withBody(c, new PersistentRequest(() -> {
                    byte[] packet = DerivedCalls.packHeld(d, buf, offset, count);
                    return sync ? c.issend(packet, 0, packet.length, Datatype.BYTE, dest, tag)
                            : c.isend(packet, 0, packet.length, Datatype.BYTE, dest, tag);
                }, d));
            } catch (RuntimeException e) {
                d.endUse();
                throw e;
            }
        });
    }

    /** {@code MPI_Recv_init}: every argument checked now, as a receive's. */
    static Request recvInit(Comm c, Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        return c.rank.call(c, () -> {
            PointToPointCalls.checkRecv(c, buf, offset, count, type, source, tag);
            if (!(type instanceof DerivedDatatype d)) {
                Datatype t = (Datatype) type;
                return Request.withBody(c, new PersistentRequest(() -> c.irecv(buf, offset, count, t, source, tag), null));
            }
            TypeLayout layout = d.beginUse();
            try {
                DerivedCalls.packedBytes(layout, count);
                return Request.withBody(c, new PersistentRequest(
                        () -> DerivedCalls.irecvHeld(c, buf, offset, count, d, source, tag), d));
            } catch (RuntimeException e) {
                d.endUse();
                throw e;
            }
        });
    }

    @Override
    public void start() {
        switch (slot.start(poster::post)) {   // the post is a nested call: ERR_COMM on a freed communicator
            case STARTED -> { }
            case ACTIVE -> throw new MpiException(ErrorClass.ERR_REQUEST,
                    "persistent request is active: complete it with a wait or test before starting it again");
            case FREED -> throw new MpiException(ErrorClass.ERR_REQUEST, "request was freed");
        }
    }

    @Override
    public String startRefusal() {
        return slot.isFreed() ? "was freed" : slot.current() != null ? "is active" : null;
    }

    @Override
    public boolean isActive() {
        return !slot.isFreed() && slot.current() != null;
    }

    @Override
    public boolean isFreed() {
        return slot.isFreed();
    }

    @Override
    public boolean isDoneOrInactive() {
        Request op = slot.current();
        return op == null || slot.isFreed() || op.isDoneOrMovedOn();
    }

    @Override
    public int addPending(RequestState[] states, int[] generations, int n) {
        Request op = slot.current();
        return op == null || slot.isFreed() ? n : op.addPending(states, generations, n);
    }

    @Override
    public void awaitDone() {
        Request op = slot.current();
        if (op != null && !slot.isFreed()) {
            op.awaitDone();
        }
    }

    @Override
    public Status claimIfDone() {
        Request op = slot.current();
        if (op == null || slot.isFreed()) {
            return null;
        }
        Status s = op.claimIfDone();
        if (s == null) {
            return null;
        }
        last = s;
        slot.finish(op);   // inactive again: the operation's handle is complete, so only this thread gets here
        return s;
    }

    @Override
    public Status status() {
        return isActive() ? null : last;
    }

    @Override
    public void cancel() {
        if (slot.isFreed()) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "request was freed");
        }
        Request op = slot.current();
        if (op == null) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "persistent request is inactive: nothing to cancel");
        }
        op.cancel();
    }

    @Override
    public void free() {
        Request op;
        try {
            op = slot.free();
        } catch (IllegalStateException e) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "request was freed");
        }
        if (held != null) {
            held.endUse();   // an active receive holds a use of its own; an active send holds its packet
        }
        if (op != null && op.isActiveHandle()) {
            op.free();   // the operation still completes, as a freed request's does
        }
    }
}
