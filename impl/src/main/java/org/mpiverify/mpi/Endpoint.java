package org.mpiverify.mpi;

import java.util.concurrent.locks.Lock;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.buffer.UnexpectedBudget;
import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.request.Completion.SignalListener;
import org.mpiverify.core.request.RequestState;

/**
 * The point-to-point protocol on one context of one communicator, as seen from one rank: its rank in the
 * communicator and the rank objects of its peers. A communicator has two endpoints, one for user
 * traffic and one for its collectives (Gropp &amp; Thakur §5.1: separate contexts never match each other).
 *
 * <p>There is no communication thread: the sending thread runs the receive side of Dang, Snir &amp;
 * Gropp's Algorithm 2 on the destination's engine itself, and the receiving thread runs Algorithm 1.
 * Whichever finds the other in the engine copies the data and completes the requests. No lock is held
 * while anything waits: engines lock only inside their own operations.
 *
 * <p>The endpoint of a communicator's user traffic has the communicator as its {@code holder}: every
 * operation that may outlive its call's first step, or wait inside it (a nonblocking or rendezvous
 * send, a receive, a blocking probe), takes a reference on it first, so the context id cannot be
 * reused by another communicator while the operation could still match (MPI-3.1 §6.4.3: operations
 * pending at free time complete normally). The collective endpoints have none: a collective call holds
 * its reference for the whole call.
 *
 * <p>Eager messages that wait as unexpected are charged to the destination's {@link UnexpectedBudget};
 * past its bound a sender uses rendezvous (back-pressure).
 *
 * <p>Arguments are validated by the caller ({@link Comm}); this class assumes they are valid.
 */
final class Endpoint {
    final RankContext rank;
    final int context;
    final int myRank;
    final RankContext[] peers;
    /** The communicator whose reference count keeps {@code context} reserved, or null (collective contexts). */
    private final Comm holder;

    Endpoint(RankContext rank, int context, int myRank, RankContext[] peers, Comm holder) {
        this.rank = rank;
        this.context = context;
        this.myRank = myRank;
        this.peers = peers;
        this.holder = holder;
    }

    /**
     * Starts a send. For a rendezvous send returns the send's request state holding two references: the
     * caller's and the operation's. {@code sync} forces rendezvous, so the send completes only once
     * matched ({@code MPI_Ssend}); so does a destination whose unexpected-message budget is spent. An
     * eager send has completed when this returns: it returns null, or, if {@code request} (a nonblocking
     * send needs a request, as in MPICH), a completed state from the request pool holding the caller's
     * reference only. A returned state holds a reference on the holder until it is recycled.
     */
    RequestState startSend(Object buf, int offset, int count, Datatype type, int dest, int tag, boolean sync,
                           boolean request) {
        return startSend(buf, offset, count, type, dest, tag, sync, request, null, null);
    }

    /** As above; a returned rendezvous state tells {@code onSignal} about {@code about} when it completes (null: nothing). */
    RequestState startSend(Object buf, int offset, int count, Datatype type, int dest, int tag, boolean sync,
                           boolean request, SignalListener onSignal, Object about) {
        RankContext target = peers[dest];
        long bytes = (long) count * type.size();
        boolean eager = !sync && bytes <= rank.eagerLimit && target.unexpected.admitsEager();
        if ((request || !eager) && holder != null) {
            holder.retainRef();                                // before any state changes: may be ERR_COMM
        }
        SendEnvelope e;
        RequestState st = null;
        if (eager) {
            byte[] p = rank.packets.acquire((int) bytes);
            Buffers.pack(buf, offset, type, p, bytes);
            e = SendEnvelope.eager(context, myRank, tag, bytes, p, rank.packets);
            if (request) {
                st = rank.sendStates.acquire();
                st.begin(1);
                st.setStatus(myRank, tag, bytes, 0, false);
                st.signal();
            }
        } else {
            st = rank.sendStates.acquire();
            st.begin(2);
            st.onSignal(onSignal, about);
            e = SendEnvelope.rendezvous(context, myRank, tag, bytes, buf, offset, type, st);
        }
        if (st != null && holder != null) {
            st.attach(holder.releaseOnRecycle);
        }
        PostedReceive r = enqueue(target, e);                  // Alg. 2 line 4: H.insert
        if (r != null) {
            e.deliverTo((RecvRequest) r);
        } else {
            if (eager) {
                target.unexpected.queued(e.packet.length);    // waits as unexpected: charged until copied out
            }
            target.arrivals.signalIfWatched();                 // wake blocked probes at the target, if any
        }
        return st;
    }

    /** Blocking send: starts it and waits for it (rendezvous and synchronous sends wait to be matched). */
    void send(Object buf, int offset, int count, Datatype type, int dest, int tag, boolean sync) {
        RequestState st = startSend(buf, offset, count, type, dest, tag, sync, false);
        if (st != null) {
            try {
                rank.await(st);
            } finally {
                st.release();
            }
        }
    }

    /**
     * Starts a receive: matches an unexpected message now or posts the receive (Alg. 1 line 12: H.insert).
     * The receive holds a reference on the holder from before it is posted until it is recycled.
     */
    RecvRequest startRecv(Object buf, int offset, int count, Datatype type, int source, int tag, int references) {
        return startRecv(buf, offset, count, type, source, tag, references, null, null);
    }

    /** As above; the receive tells {@code onSignal} about {@code about} when it completes (null: nothing). */
    RecvRequest startRecv(Object buf, int offset, int count, Datatype type, int source, int tag, int references,
                          SignalListener onSignal, Object about) {
        return startRecv(buf, offset, count, type, source, tag, references, onSignal, about, false);
    }

    /** As above; {@code inline}: a sender that matches it completes it inline ({@link RecvRequest#inline}). */
    private RecvRequest startRecv(Object buf, int offset, int count, Datatype type, int source, int tag, int references,
                                  SignalListener onSignal, Object about, boolean inline) {
        if (holder != null) {
            holder.retainRef();                                // before posting: may be ERR_COMM
        }
        RecvRequest r = rank.recvPool.acquire().prepare(context, source, tag, buf, offset, count, type, references);
        r.st.onSignal(onSignal, about);
        if (holder != null) {
            r.st.attach(holder.releaseOnRecycle);
        }
        r.inline = inline;                                     // before posting: the engine publishes it
        Envelope e = post(r);
        if (e != null) {
            r.inline = false;                                  // never posted: this thread delivers into the buffer
            deliverUnexpected((SendEnvelope) e, r);
        }
        return r;
    }

    /**
     * Starts a receive into a derived datatype: the data lands in {@code u.stage} as bytes and is unpacked by
     * {@code u} on delivery. The caller holds a use of the type, which the receive takes over (its recycle
     * ends it); a start that fails (ERR_COMM) ends it at once.
     */
    RecvRequest startRecv(DerivedReceive u, int source, int tag, int references) {
        if (holder != null) {
            try {
                holder.retainRef();                            // before posting: may be ERR_COMM
            } catch (RuntimeException e) {
                u.endUse();
                throw e;
            }
        }
        RecvRequest r = rank.recvPool.acquire().prepare(context, source, tag, u.stage, 0, u.stage.length,
                Datatype.BYTE, references);
        r.unpack = u;
        if (holder != null) {
            r.st.attach(holder.releaseOnRecycle);
        }
        Envelope e = post(r);
        if (e != null) {
            deliverUnexpected((SendEnvelope) e, r);
        }
        return r;
    }

    /** Blocking receive into a derived datatype, as {@link #recv} with {@link #startRecv(DerivedReceive, int, int, int)}. */
    Status recv(DerivedReceive u, int source, int tag) {
        RecvRequest r = startRecv(u, source, tag, 2);
        try {
            rank.await(r.st);
            return statusOf(r.st);
        } finally {
            r.st.release();
        }
    }

    /**
     * Blocking receive; returns its status (the caller raises ERR_TRUNCATE from it). Its request is its
     * caller's alone (no handle: no other thread waits on it or tests it), so a message of at most 8 bytes
     * that a sender matches is completed inline ({@link RecvRequest#inline}) and copied into the buffer here.
     */
    Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = startRecv(buf, offset, count, type, source, tag, 2, null, null,
                (long) count * type.size() <= RecvRequest.INLINE_BYTES);
        try {
            rank.await(r.st);
            if (r.st.inline()) {
                r.copyInline();    // after the wait: done's acquire orders the payload's read after its write
            }
            return statusOf(r.st);
        } finally {
            r.st.release();
        }
    }

    /** Receives the message a matched probe took out of the engine; completes at once. */
    Status receiveMatched(SendEnvelope e, Object buf, int offset, int count, Datatype type) {
        RecvRequest r = rank.recvPool.acquire().prepare(context, e.source(), e.tag(), buf, offset, count, type, 2);
        ProbeTracingEngine probes = rank.probeTrace;
        if (probes != null) probes.mrecv(e);
        deliverUnexpected(e, r);
        Status s = statusOf(r.st);
        r.st.release();
        return s;
    }

    /** Delivers a message that waited as unexpected here, refunding its eager charge. */
    private void deliverUnexpected(SendEnvelope e, RecvRequest r) {
        byte[] p = e.packet;
        e.deliverTo(r);
        if (p != null) {
            rank.unexpected.delivered(p.length);
        }
    }

    /** Cancels a posted receive: true if it was still unmatched and is now complete as cancelled. */
    boolean cancel(RecvRequest r) {
        if (!remove(r)) {
            return false;
        }
        r.st.setStatus(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, 0, true);
        r.st.signal();
        r.st.release();       // the operation's reference, which the engine held
        return true;
    }

    /** Non-blocking probe: the status of the earliest matching unexpected message, or null. */
    Status iprobe(int source, int tag) {
        Envelope e = peek(source, tag);
        return e == null ? null : probeStatus((SendEnvelope) e);
    }

    /**
     * Blocking probe: waits (no lock held) for a matching message and returns its status. While it waits
     * it holds a reference on the holder (taken after a first look, so a probe that finds its message at
     * once touches no shared count; a free in between makes the reference ERR_COMM, never a reuse).
     */
    Status probe(int source, int tag) {
        Status s = iprobe(source, tag);
        if (s != null) {
            return s;
        }
        retainHolder();
        rank.arrivals.watch();                      // before the first ticket: senders now advance the count
        try {
            while (true) {
                long ticket = rank.arrivals.ticket();   // read before looking: an arrival after it moves the count
                s = iprobe(source, tag);
                if (s != null) {
                    return s;
                }
                rank.awaitArrival(ticket);
            }
        } finally {
            rank.arrivals.unwatch();
            releaseHolder();
        }
    }

    /** Non-blocking matched probe: removes the earliest matching message, or returns null. */
    SendEnvelope improbe(int source, int tag) {
        return (SendEnvelope) take(source, tag);
    }

    // The engine operations, each inside the COMM section of its path (Balaji et al. §4): a sender's
    // insertion on the path to the destination, the rank's own operations on the path to itself. The
    // section holds for the engine step only; copying, completion and reference counts happen outside
    // it, so a thread never holds one rank's mutex while taking another's.

    private PostedReceive enqueue(RankContext target, SendEnvelope e) {
        Lock vc = rank.cs.comm(target.worldRank);
        if (vc == null) {
            return target.engine.matchOrEnqueue(e);
        }
        vc.lock();
        try {
            return target.engine.matchOrEnqueue(e);
        } finally {
            vc.unlock();
        }
    }

    private Envelope post(RecvRequest r) {
        Lock vc = rank.cs.comm(rank.worldRank);
        if (vc == null) {
            return rank.engine.matchOrPost(r);
        }
        vc.lock();
        try {
            return rank.engine.matchOrPost(r);
        } finally {
            vc.unlock();
        }
    }

    private boolean remove(RecvRequest r) {
        Lock vc = rank.cs.comm(rank.worldRank);
        if (vc == null) {
            return rank.engine.remove(r);
        }
        vc.lock();
        try {
            return rank.engine.remove(r);
        } finally {
            vc.unlock();
        }
    }

    private Envelope peek(int source, int tag) {
        Lock vc = rank.cs.comm(rank.worldRank);
        if (vc == null) {
            return rank.engine.peek(context, source, tag);
        }
        vc.lock();
        try {
            return rank.engine.peek(context, source, tag);
        } finally {
            vc.unlock();
        }
    }

    private Envelope take(int source, int tag) {
        Lock vc = rank.cs.comm(rank.worldRank);
        if (vc == null) {
            return rank.engine.take(context, source, tag);
        }
        vc.lock();
        try {
            return rank.engine.take(context, source, tag);
        } finally {
            vc.unlock();
        }
    }

    /** Blocking matched probe; holds a reference on the holder while it waits, as {@link #probe}. */
    SendEnvelope mprobe(int source, int tag) {
        SendEnvelope e = improbe(source, tag);
        if (e != null) {
            return e;
        }
        retainHolder();
        rank.arrivals.watch();
        try {
            while (true) {
                long ticket = rank.arrivals.ticket();
                e = improbe(source, tag);
                if (e != null) {
                    return e;
                }
                rank.awaitArrival(ticket);
            }
        } finally {
            rank.arrivals.unwatch();
            releaseHolder();
        }
    }

    private void retainHolder() {
        if (holder != null) {
            holder.retainRef();
        }
    }

    private void releaseHolder() {
        if (holder != null) {
            holder.releaseRef();
        }
    }

    static Status probeStatus(SendEnvelope e) {
        return new Status(e.source(), e.tag(), e.bytes, ErrorClass.SUCCESS, false);
    }

    static Status statusOf(RequestState st) {
        ErrorClass err = st.errorCode() == 0 ? ErrorClass.SUCCESS : ErrorClass.ERR_TRUNCATE;
        return new Status(st.source(), st.tag(), st.bytes(), err, st.cancelled());
    }
}
