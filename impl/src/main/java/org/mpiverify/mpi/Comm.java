package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.core.coll.NonblockingCollectives;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.request.RequestState;

/**
 * A communicator ({@code MPI_Comm}) as seen by one rank: a group, a context id agreed by all members, an
 * error handler, and a reference count.
 *
 * <p>Every call is bound to this communicator's rank, whichever thread makes it. Blocking calls block
 * only their thread and hold no lock while they wait. Each method carries its Gropp &amp; Thakur §3
 * thread-safety class ({@link ThreadSafety}).
 *
 * <p>Reference count: the user's handle holds one reference; every operation that may wait or outlive
 * its call holds one more: a nonblocking or rendezvous send and a receive until its request is recycled,
 * a blocking probe while it waits, a collective or communicator creation for the whole call, a nonblocking
 * collective or idup until its request is completed and released. {@link #free()} drops the handle's
 * reference; the context id goes back to the rank's mask when the count reaches zero, so operations pending
 * at free time still complete (MPI-3.1 §6.4.3), and a call still blocked on a freed handle (erroneous in
 * MPI) keeps the id reserved until it returns: it can never take a message of a communicator that reused
 * the id. The count changes only atomically.
 *
 * <p>Contexts: a communicator with context id {@code c} sends user messages on matching context
 * {@code 2c} and collective messages on {@code 2c+1}, so they never match each other. The collective
 * context's tags are split so that operations that may run at once never share one: the blocking
 * collectives use {@code [0, CollectiveTags.LIMIT)}; each outstanding nonblocking collective or idup a range
 * of its own in {@code [2^20, 2^21)} ({@link NonblockingStarts}); each createGroup tag a range from
 * {@code 2^21} up, and each idup's context-id key a tag above those ({@link CommunicatorCreation}); every
 * tag stays below {@code 2^22}, the hash matching engine's tag width.
 *
 * <p>This class is the front door: it holds the handle's state and its reference count, and hands each
 * call to the class that implements its family: {@link PointToPointCalls} (send, receive, probe, matched
 * probe), {@link CollectiveCalls} (the frame of the blocking collectives, and finalize's barrier),
 * {@link NonblockingStarts} (nonblocking collectives and idup: their slots and sequence) and
 * {@link CommunicatorCreation} (dup, split, create, createGroup, idup's allocation). Every buffer argument takes a
 * predefined {@link Datatype} or a committed {@link DerivedDatatype}; a call with a derived one goes to
 * {@link DerivedCalls} (send and receive) or {@link DerivedCollectives} (the collectives), which pack and unpack
 * around the predefined path, so a call on predefined types pays one type test.
 */
public final class Comm {
    /*
     * Implementation notes.
     *
     * State: rank, contextId, group, p2p and coll are final and set before the handle is published (by
     * Mpi.initThread for COMM_WORLD and COMM_SELF, by the return of the creating call or the completion of
     * an idup's request otherwise). errorHandler is volatile: setErrorHandler is an ACCESS_ONLY write that
     * any later call of any thread sees. freed goes false -> true once, by CAS in free().
     *
     * Reference count invariants:
     * - refs >= 0. refs is the handle's reference (1 until free, 0 after) plus one per operation that holds
     *   one (see the class comment).
     * - A count that reached zero stays zero: retainRef never starts from zero. So the context id, released
     *   when the count reaches zero, is released once, and no traffic is posted on it afterwards from this
     *   handle.
     * - The handle is in its rank's liveComms from construction until its count reaches zero (quiescence
     *   checks read them).
     *
     * Linearization points:
     * - retainRef: its successful CAS; a failed one (a count of zero) throws ERR_COMM.
     * - releaseRef: its getAndAdd; the one that takes the count to zero then releases the id.
     * - free: its CAS of freed; a second free throws ERR_COMM and drops no second reference.
     */

    /** {@code MPI_IDENT}, {@code MPI_CONGRUENT}, {@code MPI_SIMILAR}, {@code MPI_UNEQUAL}. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    private static final VarHandle REFS;
    private static final VarHandle FREED;
    static {
        try {
            REFS = MethodHandles.lookup().findVarHandle(Comm.class, "refs", int.class);
            FREED = MethodHandles.lookup().findVarHandle(Comm.class, "freed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final RankContext rank;
    final int contextId;
    final Group group;
    /** Point-to-point traffic, on matching context {@code 2 * contextId}. */
    final Endpoint p2p;
    /** The blocking collectives' channel, on matching context {@code 2 * contextId + 1}. */
    final EndpointChannel coll;
    /** Given to the requests of operations that hold a reference: drops it when they are recycled. */
    final RequestState.Attachment releaseOnRecycle = this::releaseRef;
    /** The slots and sequence of this handle's nonblocking collectives and idups. */
    final NonblockingStarts nonblocking = new NonblockingStarts(this);
    /** The attributes and info hints cached on this handle. */
    final CommAttributes attributes = new CommAttributes();
    private final boolean predefined;
    volatile ErrorHandler errorHandler;
    private volatile boolean freed;
    @SuppressWarnings("unused") // through REFS
    private volatile int refs = 1;

    Comm(RankContext rank, int contextId, Group group, ErrorHandler handler, boolean predefined) {
        this.rank = rank;
        this.contextId = contextId;
        this.group = group;
        this.errorHandler = handler;
        this.predefined = predefined;
        RankContext[] peers = new RankContext[group.size()];
        for (int i = 0; i < peers.length; i++) {
            peers[i] = rank.job.rank(group.worldRank(i));
        }
        this.p2p = new Endpoint(rank, 2 * contextId, group.rank(), peers, this);
        this.coll = new EndpointChannel(new Endpoint(rank, 2 * contextId + 1, group.rank(), peers, null), 0);
        rank.liveComms.add(this);   // until its last reference is dropped: quiescence checks read them
    }

    static Comm world(RankContext rank) {
        int[] all = new int[rank.job.size()];
        Arrays.setAll(all, i -> i);
        return new Comm(rank, 0, new Group(all, rank.worldRank), rank.job.config().errorHandler(), true);
    }

    static Comm self(RankContext rank) {
        return new Comm(rank, 1, new Group(new int[] {rank.worldRank}, rank.worldRank),
                rank.job.config().errorHandler(), true);
    }

    // ---------------------------------------------------------------- access only

    /** {@code MPI_Comm_rank}. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int rank() {
        return p2p.myRank;
    }

    /** {@code MPI_Comm_size}. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int size() {
        return group.size();
    }

    /** {@code MPI_Comm_group}. Groups are immutable here, so no reference count is needed. */
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public Group group() {
        return group;
    }

    /** The context id all members agreed on (for tests and reports). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int contextId() {
        return contextId;
    }

    /**
     * Messages and receives of this communicator's point-to-point traffic still held in this rank's
     * matching engine (unexpected messages plus posted receives), for leak checks; collective traffic is
     * not counted.
     */
    @ThreadSafety(SafetyClass.NONE)
    public int pendingMatches() {
        return rank.engine.size(p2p.context);
    }

    /** True once {@link #free()} was called on this handle. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isFreed() {
        return freed;
    }

    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public ErrorHandler errorHandler() {
        return errorHandler;
    }

    /** {@code MPI_Comm_set_errhandler}. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public void setErrorHandler(ErrorHandler handler) {
        if (handler == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "error handler is null");
        }
        this.errorHandler = handler;
    }

    /** {@code MPI_Comm_compare}. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public static int compare(Comm a, Comm b) {
        if (a == null || b == null) {
            throw new MpiException(ErrorClass.ERR_COMM, "communicator is null");
        }
        if (a == b || (a.rank == b.rank && a.contextId == b.contextId)) {
            return IDENT;
        }
        int g = Group.compare(a.group, b.group);
        return g == Group.IDENT ? CONGRUENT : g == Group.SIMILAR ? SIMILAR : UNEQUAL;
    }

    // ---------------------------------------------------------------- attributes and info

    /**
     * {@code MPI_Comm_set_attr} (MPI-3.1 §6.7.2): caches {@code value} under {@code keyval} on this handle. A value
     * it replaces gets its delete callback first; if that fails, the call fails and the old value stays. A null,
     * freed, predefined or other rank's key is {@code ERR_KEYVAL}; a null value {@code ERR_ARG}. Lock-free
     * ({@link CommAttributes}).
     */
    @ThreadSafety(SafetyClass.UPDATE_LIST)
    public void setAttr(Keyval keyval, Object value) {
        CommAttributes.set(this, keyval, value);
    }

    /**
     * {@code MPI_Comm_get_attr}: the value cached under {@code keyval}, or null ({@code flag = false}); for a
     * predefined key ({@link Keyval#TAG_UB}, ...) its value. Takes no lock and never waits.
     */
    @ThreadSafety(SafetyClass.READ_LIST)
    public Object getAttr(Keyval keyval) {
        return CommAttributes.get(this, keyval);
    }

    /**
     * {@code MPI_Comm_delete_attr}: runs the delete callback of the value cached under {@code keyval}, then
     * removes it; nothing if none is cached. If the callback fails, the call fails and the value stays.
     */
    @ThreadSafety(SafetyClass.UPDATE_LIST)
    public void deleteAttr(Keyval keyval) {
        CommAttributes.delete(this, keyval);
    }

    /**
     * {@code MPI_Comm_set_info}: every pair of {@code info} becomes a hint of this communicator (hints it does
     * not name stay); {@code info} is copied, so it may be freed at once. The core acts on no hint. Collective in
     * MPI; it needs no communication here. A null, freed or other rank's info is {@code ERR_INFO}.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void setInfo(Info info) {
        CommAttributes.setInfo(this, info);
    }

    /** {@code MPI_Comm_get_info}: a new info object with this communicator's hints (copied by {@link #dup()}). */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Info getInfo() {
        return CommAttributes.getInfo(this);
    }

    // ---------------------------------------------------------------- point to point

    /** {@code MPI_Send}: standard mode; returns once the buffer may be reused (eager) or the message was matched (rendezvous). */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void send(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        if (type instanceof Datatype t) {
            PointToPointCalls.send(this, buf, offset, count, t, dest, tag, false);
        } else {
            DerivedCalls.send(this, buf, offset, count, type, dest, tag, false);   // a derived type, or an error
        }
    }

    /** {@code MPI_Ssend}: returns only once a matching receive has started receiving the message. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void ssend(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        if (type instanceof Datatype t) {
            PointToPointCalls.send(this, buf, offset, count, t, dest, tag, true);
        } else {
            DerivedCalls.send(this, buf, offset, count, type, dest, tag, true);   // a derived type, or an error
        }
    }

    /** {@code MPI_Isend}. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request isend(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        return type instanceof Datatype t
                ? PointToPointCalls.startSend(this, buf, offset, count, t, dest, tag, false)
                : DerivedCalls.startSend(this, buf, offset, count, type, dest, tag, false);
    }

    /** {@code MPI_Issend}: completes only once matched. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request issend(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        return type instanceof Datatype t
                ? PointToPointCalls.startSend(this, buf, offset, count, t, dest, tag, true)
                : DerivedCalls.startSend(this, buf, offset, count, type, dest, tag, true);
    }

    /**
     * {@code MPI_Bsend} (MPI-3.1 §3.4): copies the message into the rank's attached buffer
     * ({@link Mpi#bufferAttach(java.nio.ByteBuffer)}) and returns, whatever the receiver does; the copy occupies
     * its packed size plus {@link Mpi#BSEND_OVERHEAD} bytes until it has left the buffer. ERR_BUFFER, and nothing
     * is sent, if no buffer is attached or the message does not fit in what is free; other arguments as
     * {@link #send}. Any thread may bsend at once: they share the attached buffer. A derived type's items are
     * packed into the buffer (their packed size, {@code count * type.size()}, is what they occupy), so the
     * buffered message holds no use of the type: it may be freed as soon as this returns.
     */
    @ThreadSafety(SafetyClass.OWN)
    public void bsend(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        BufferedSends.bsend(this, buf, offset, count, type, dest, tag);
    }

    /** {@code MPI_Ibsend}: as {@link #bsend}; the message is buffered when it returns, so the request is complete. */
    @ThreadSafety(SafetyClass.OWN)
    public Request ibsend(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        return BufferedSends.ibsend(this, buf, offset, count, type, dest, tag);
    }

    /**
     * {@code MPI_Recv}: blocks until a matching message has arrived in {@code buf}. A longer message is
     * consumed, the buffer filled, and ERR_TRUNCATE raised.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status recv(Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        return type instanceof Datatype t
                ? PointToPointCalls.recv(this, buf, offset, count, t, source, tag)
                : DerivedCalls.recv(this, buf, offset, count, type, source, tag);
    }

    /** {@code MPI_Irecv}. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request irecv(Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        return type instanceof Datatype t
                ? PointToPointCalls.irecv(this, buf, offset, count, t, source, tag)
                : DerivedCalls.irecv(this, buf, offset, count, type, source, tag);
    }

    /**
     * {@code MPI_Sendrecv}: sends and receives at once (no deadlock when two ranks exchange). Every argument
     * of both halves is checked first, so a bad one changes nothing (no receive is posted, no message
     * taken). Built from nested nonblocking calls, so an error in one of them reaches this communicator's
     * error handler once, at this level (Gropp &amp; Thakur §4.2).
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status sendrecv(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType, int dest, int sendTag,
                           Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int source, int recvTag) {
        return PointToPointCalls.sendrecv(this, sendBuf, sendOffset, sendCount, sendType, dest, sendTag,
                recvBuf, recvOffset, recvCount, recvType, source, recvTag);
    }

    /** {@code MPI_Probe}: waits for a matching message and returns its status without receiving it. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status probe(int source, int tag) {
        return PointToPointCalls.probe(this, source, tag);
    }

    /**
     * {@code MPI_Iprobe}: the status of a matching message if one has arrived, else null. Like a test, it
     * moves this rank's outstanding nonblocking collectives and idups on (MPI's progress rule), so a loop of
     * iprobes makes progress as MPICH's and Open MPI's do.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status iprobe(int source, int tag) {
        return PointToPointCalls.iprobe(this, source, tag);
    }

    /**
     * {@code MPI_Mprobe} (Hoefler et al. §3): waits for a matching message and takes it out of matching;
     * receive it with {@link Message#mrecv}. The status is in {@code status[0]} if given.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Message mprobe(int source, int tag, Status[] status) {
        return PointToPointCalls.mprobe(this, source, tag, status);
    }

    /**
     * {@code MPI_Improbe}: takes a matching message out of matching if one has arrived, else returns null;
     * moves the outstanding nonblocking operations on, as {@link #iprobe}.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Message improbe(int source, int tag, Status[] status) {
        return PointToPointCalls.improbe(this, source, tag, status);
    }

    /**
     * {@code MPI_Isendrecv} (MPI-4.0 §3.10): starts a receive and a send, and returns one request that completes
     * when both have; its status is the receive's. Both halves are checked first, so a bad argument posts
     * nothing.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request isendrecv(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType, int dest,
                             int sendTag, Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType,
                             int source, int recvTag) {
        return SendrecvRequest.start(this, sendBuf, sendOffset, sendCount, sendType, dest, sendTag, recvBuf,
                recvOffset, recvCount, recvType, source, recvTag);
    }

    /**
     * {@code MPI_Isendrecv_replace} (MPI-4.0 §3.10): sends {@code count} elements of {@code buf} and receives a
     * message of at most as many into it; {@code buf} holds the received message once the request completes.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request isendrecvReplace(Object buf, int offset, int count, MpiDatatype type, int dest, int sendTag,
                                    int source, int recvTag) {
        return SendrecvRequest.startReplace(this, buf, offset, count, type, dest, sendTag, source, recvTag);
    }

    /** {@code MPI_Sendrecv_replace}: {@link #isendrecvReplace} and a wait on it, as one call. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status sendrecvReplace(Object buf, int offset, int count, MpiDatatype type, int dest, int sendTag,
                                  int source, int recvTag) {
        return rank.call(this, () -> isendrecvReplace(buf, offset, count, type, dest, sendTag, source, recvTag)
                .waitFor());
    }

    /**
     * {@code MPI_Send_init}: an inactive persistent request for a standard send with these arguments (checked
     * now, as {@link #isend}'s); {@link Request#start} starts it, a wait or test completes it and leaves it
     * inactive, {@link Request#free} frees it. A derived type is held (a use) until the request is freed: the
     * user may free the type at once and keep starting the request.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Request sendInit(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        return PersistentRequest.sendInit(this, buf, offset, count, type, dest, tag, false);
    }

    /** {@code MPI_Ssend_init}: as {@link #sendInit}, for a synchronous send. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Request ssendInit(Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        return PersistentRequest.sendInit(this, buf, offset, count, type, dest, tag, true);
    }

    /** {@code MPI_Recv_init}: as {@link #sendInit}, for a receive (arguments checked as {@link #irecv}'s). */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Request recvInit(Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        return PersistentRequest.recvInit(this, buf, offset, count, type, source, tag);
    }

    // ---------------------------------------------------------------- collectives

    /** {@code MPI_Barrier}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void barrier() {
        CollectiveCalls.run(this, () -> Collectives.barrier(coll));
    }

    /** {@code MPI_Bcast}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void bcast(Object buf, int offset, int count, MpiDatatype type, int root) {
        if (!DerivedCollectives.predefined(type)) {
            DerivedCollectives.bcast(this, buf, offset, count, type, root);
            return;
        }
        Datatype t = (Datatype) type;
        CollectiveCalls.run(this, () -> Collectives.bcast(coll, buf, offset, count, t, root));
    }

    /** {@code MPI_Reduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, MpiDatatype type,
                       MpiOp op, int root) {
        if (!DerivedCollectives.predefined(type)) {
            DerivedCollectives.reduce(this, sendBuf, sendOffset, recvBuf, recvOffset, count, type, op, root);
            return;
        }
        Datatype t = (Datatype) type;
        if (op instanceof UserOp u) {
            CollectiveCalls.run(this, () -> OpUses.during(u, () -> Collectives.reduce(coll, sendBuf, sendOffset, recvBuf,
                    recvOffset, count, t, u, root)));
            return;
        }
        CollectiveCalls.run(this, () -> Collectives.reduce(coll, sendBuf, sendOffset, recvBuf, recvOffset, count, t,
                op, root));
    }

    /** {@code MPI_Allreduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void allreduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, MpiDatatype type,
                          MpiOp op) {
        if (!DerivedCollectives.predefined(type)) {
            DerivedCollectives.allreduce(this, sendBuf, sendOffset, recvBuf, recvOffset, count, type, op);
            return;
        }
        Datatype t = (Datatype) type;
        if (op instanceof UserOp u) {
            CollectiveCalls.run(this, () -> OpUses.during(u, () -> Collectives.allreduce(coll, sendBuf, sendOffset, recvBuf,
                    recvOffset, count, t, u)));
            return;
        }
        CollectiveCalls.run(this, () -> Collectives.allreduce(coll, sendBuf, sendOffset, recvBuf, recvOffset, count,
                t, op));
    }

    /** {@code MPI_Gather}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void gather(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                       Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            DerivedCollectives.gather(this, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                    recvCount, recvType, root);
            return;
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        CollectiveCalls.run(this, () -> Collectives.gather(coll, sendBuf, sendOffset, sendCount, st, recvBuf,
                recvOffset, recvCount, rt, root));
    }

    /** {@code MPI_Gatherv}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void gatherv(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                        Object recvBuf, int recvOffset, int[] recvCounts, int[] displs, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            DerivedCollectives.gatherv(this, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                    recvCounts, displs, recvType, root);
            return;
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        CollectiveCalls.run(this, () -> Collectives.gatherv(coll, sendBuf, sendOffset, sendCount, st, recvBuf,
                recvOffset, recvCounts, displs, rt, root));
    }

    /** {@code MPI_Scatter}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void scatter(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                        Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            DerivedCollectives.scatter(this, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                    recvCount, recvType, root);
            return;
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        CollectiveCalls.run(this, () -> Collectives.scatter(coll, sendBuf, sendOffset, sendCount, st, recvBuf,
                recvOffset, recvCount, rt, root));
    }

    /** {@code MPI_Scatterv}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void scatterv(Object sendBuf, int sendOffset, int[] sendCounts, int[] displs, MpiDatatype sendType,
                         Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            DerivedCollectives.scatterv(this, sendBuf, sendOffset, sendCounts, displs, sendType, recvBuf,
                    recvOffset, recvCount, recvType, root);
            return;
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        CollectiveCalls.run(this, () -> Collectives.scatterv(coll, sendBuf, sendOffset, sendCounts, displs, st,
                recvBuf, recvOffset, recvCount, rt, root));
    }

    /** {@code MPI_Allgather}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void allgather(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                          Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            DerivedCollectives.allgather(this, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                    recvCount, recvType);
            return;
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        CollectiveCalls.run(this, () -> Collectives.allgather(coll, sendBuf, sendOffset, sendCount, st, recvBuf,
                recvOffset, recvCount, rt));
    }

    /** {@code MPI_Alltoall}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void alltoall(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                         Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            DerivedCollectives.alltoall(this, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                    recvCount, recvType);
            return;
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        CollectiveCalls.run(this, () -> Collectives.alltoall(coll, sendBuf, sendOffset, sendCount, st, recvBuf,
                recvOffset, recvCount, rt));
    }

    // ---------------------------------------------------------------- nonblocking collectives

    /**
     * {@code MPI_Ibarrier}: completes once every member has started it. Like every nonblocking collective
     * here it moves only while a thread of this rank polls: waits or tests on a request (any), or is
     * blocked in another MPI call; there is no progress thread.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ibarrier() {
        return nonblocking.start(ch -> NonblockingCollectives.barrier(ch));
    }

    /** {@code MPI_Ibcast}; {@code buf} may not be touched until the request completes. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ibcast(Object buf, int offset, int count, MpiDatatype type, int root) {
        if (!DerivedCollectives.predefined(type)) {
            return DerivedCollectives.ibcast(this, buf, offset, count, type, root);
        }
        Datatype t = (Datatype) type;
        return nonblocking.start(ch -> NonblockingCollectives.bcast(ch, buf, offset, count, t, root));
    }

    /** {@code MPI_Ireduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ireduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, MpiDatatype type,
                           MpiOp op, int root) {
        if (!DerivedCollectives.predefined(type)) {
            return DerivedCollectives.ireduce(this, sendBuf, sendOffset, recvBuf, recvOffset, count, type, op, root);
        }
        Datatype t = (Datatype) type;
        if (!(op instanceof UserOp u)) {
            return nonblocking.start(ch -> NonblockingCollectives.reduce(ch, sendBuf, sendOffset, recvBuf, recvOffset,
                    count, t, op, root));
        }
        OpUses.NonblockingUse use = new OpUses.NonblockingUse(u);   // held until the schedule finishes
        try {
            return nonblocking.start(ch -> use.build(() -> NonblockingCollectives.reduce(ch, sendBuf, sendOffset,
                    recvBuf, recvOffset, count, t, op, root)));
        } catch (RuntimeException e) {
            use.abandon();
            throw e;
        }
    }

    /** {@code MPI_Iallreduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iallreduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, MpiDatatype type,
                              MpiOp op) {
        if (!DerivedCollectives.predefined(type)) {
            return DerivedCollectives.iallreduce(this, sendBuf, sendOffset, recvBuf, recvOffset, count, type, op);
        }
        Datatype t = (Datatype) type;
        if (!(op instanceof UserOp u)) {
            return nonblocking.start(ch -> NonblockingCollectives.allreduce(ch, sendBuf, sendOffset, recvBuf, recvOffset,
                    count, t, op));
        }
        OpUses.NonblockingUse use = new OpUses.NonblockingUse(u);   // held until the schedule finishes
        try {
            return nonblocking.start(ch -> use.build(() -> NonblockingCollectives.allreduce(ch, sendBuf, sendOffset,
                    recvBuf, recvOffset, count, t, op)));
        } catch (RuntimeException e) {
            use.abandon();
            throw e;
        }
    }

    /** {@code MPI_Igather}; {@code sendBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request igather(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                           Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            return DerivedCollectives.igather(this, sendBuf, sendOffset, sendCount, sendType, recvBuf,
                    recvOffset, recvCount, recvType, root);
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        return nonblocking.start(ch -> NonblockingCollectives.gather(ch, sendBuf, sendOffset, sendCount, st,
                recvBuf, recvOffset, recvCount, rt, root));
    }

    /** {@code MPI_Igatherv}; the count and displacement arrays are copied: the caller may reuse them at once. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request igatherv(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                            Object recvBuf, int recvOffset, int[] recvCounts, int[] displs, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            return DerivedCollectives.igatherv(this, sendBuf, sendOffset, sendCount, sendType, recvBuf,
                    recvOffset, recvCounts, displs, recvType, root);
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        return nonblocking.start(ch -> NonblockingCollectives.gatherv(ch, sendBuf, sendOffset, sendCount, st,
                recvBuf, recvOffset, recvCounts, displs, rt, root));
    }

    /** {@code MPI_Iscatter}; {@code recvBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iscatter(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                            Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            return DerivedCollectives.iscatter(this, sendBuf, sendOffset, sendCount, sendType, recvBuf,
                    recvOffset, recvCount, recvType, root);
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        return nonblocking.start(ch -> NonblockingCollectives.scatter(ch, sendBuf, sendOffset, sendCount, st,
                recvBuf, recvOffset, recvCount, rt, root));
    }

    /** {@code MPI_Iscatterv}; the count and displacement arrays are copied: the caller may reuse them at once. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iscatterv(Object sendBuf, int sendOffset, int[] sendCounts, int[] displs, MpiDatatype sendType,
                             Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType, int root) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            return DerivedCollectives.iscatterv(this, sendBuf, sendOffset, sendCounts, displs, sendType,
                    recvBuf, recvOffset, recvCount, recvType, root);
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        return nonblocking.start(ch -> NonblockingCollectives.scatterv(ch, sendBuf, sendOffset, sendCounts, displs,
                st, recvBuf, recvOffset, recvCount, rt, root));
    }

    /** {@code MPI_Iallgather}; {@code sendBuf} may be {@link Collectives#IN_PLACE}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iallgather(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                              Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            return DerivedCollectives.iallgather(this, sendBuf, sendOffset, sendCount, sendType, recvBuf,
                    recvOffset, recvCount, recvType);
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        return nonblocking.start(ch -> NonblockingCollectives.allgather(ch, sendBuf, sendOffset, sendCount, st,
                recvBuf, recvOffset, recvCount, rt));
    }

    /** {@code MPI_Ialltoall}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ialltoall(Object sendBuf, int sendOffset, int sendCount, MpiDatatype sendType,
                             Object recvBuf, int recvOffset, int recvCount, MpiDatatype recvType) {
        if (!DerivedCollectives.predefined(sendType) || !DerivedCollectives.predefined(recvType)) {
            return DerivedCollectives.ialltoall(this, sendBuf, sendOffset, sendCount, sendType, recvBuf,
                    recvOffset, recvCount, recvType);
        }
        Datatype st = (Datatype) sendType;
        Datatype rt = (Datatype) recvType;
        return nonblocking.start(ch -> NonblockingCollectives.alltoall(ch, sendBuf, sendOffset, sendCount, st,
                recvBuf, recvOffset, recvCount, rt));
    }

    /**
     * {@code MPI_Comm_idup}: a request that completes with a new communicator of the same group (get it from
     * {@link Request#communicator()}), whose context id is agreed as by {@link #dup()} but by a state machine
     * that the polling threads of each member move (see {@code NonblockingContextIdAllocation}). Blocking
     * dups, splits, createGroups and other idups on this or other communicators may be outstanding at once
     * from other threads. Freeing this communicator while one of its idups is outstanding is ERR_COMM;
     * running out of context ids fails the request on every member with ERR_OTHER. The attributes' copy callbacks
     * run in this call, on this thread (a failing one fails it, nothing started); the new communicator gets what
     * they copied, and the info hints, when the request completes.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request idup() {
        return CommunicatorCreation.idup(this);
    }

    // ---------------------------------------------------------------- communicator creation

    /**
     * {@code MPI_Comm_dup}: same group, new context id (Gropp &amp; Thakur Fig. 3), same error handler, the same
     * info hints, and each attribute whose key's copy callback keeps it (MPI-3.1 §6.7.2). A failing copy callback
     * fails the call on its rank (the new communicator is dropped there).
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm dup() {
        return CommunicatorCreation.dup(this);
    }

    /**
     * {@code MPI_Comm_split}: one new communicator per colour, members ordered by (key, old rank). Returns
     * null ({@code MPI_COMM_NULL}) for colour {@link Mpi#UNDEFINED}.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm split(int color, int key) {
        return CommunicatorCreation.split(this, color, key);
    }

    /** {@code MPI_Comm_create}: collective over this communicator; null on processes not in {@code g}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm create(Group g) {
        return CommunicatorCreation.create(this, g);
    }

    /**
     * {@code MPI_Comm_create_group} (MPI-3): collective over the members of {@code g} only, so several
     * threads may create communicators from this one at once, each with its own {@code tag} (0 to
     * {@link Mpi#CREATE_GROUP_TAG_UB}). The caller must be in {@code g}.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm createGroup(Group g, int tag) {
        return CommunicatorCreation.createGroup(this, g, tag);
    }

    /**
     * {@code MPI_Comm_free}: the handle may no longer be used; operations already started on it still
     * complete, and its context id is reused only after they have. COMM_WORLD and COMM_SELF cannot be freed.
     * The delete callback of every cached attribute runs first; if one fails, the call fails with its error and
     * the handle stays usable, without the attributes deleted before it (as MPICH).
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void free() {
        rank.run(this, () -> {
            if (predefined) {
                throw new MpiException(ErrorClass.ERR_COMM, "COMM_WORLD and COMM_SELF cannot be freed");
            }
            int idups = nonblocking.idupsRunning();
            if (idups > 0) {
                throw new MpiException(ErrorClass.ERR_COMM, "communicator has " + idups
                        + " idup(s) outstanding: complete them before freeing it");
            }
            CommAttributes.deleteAll(this, true);
            if (!FREED.compareAndSet(this, false, true)) {   // a second free drops no second reference
                throw new MpiException(ErrorClass.ERR_COMM, "communicator was freed");
            }
            releaseRef();
        });
    }

    // ---------------------------------------------------------------- internals

    RankContext rankContext() {
        return rank;
    }

    Endpoint p2p() {
        return p2p;
    }

    void abortFromHandler(MpiException e) {
        rank.job.abort(e.errorClass().code(), "ERRORS_ARE_FATAL on rank " + rank.worldRank + ": " + e.getMessage());
    }

    /**
     * Takes a reference for an operation about to start. Never from zero: a count that reached zero has
     * returned the context id to the mask, and reviving it would post traffic on an id another
     * communicator may already have. A program that frees a handle while another thread still calls on it
     * (erroneous in MPI) gets ERR_COMM here instead. The successful CAS is the linearization point.
     */
    void retainRef() {
        int r;
        do {
            r = refs;
            if (r <= 0) {
                throw new MpiException(ErrorClass.ERR_COMM, "communicator was freed");
            }
        } while (!REFS.compareAndSet(this, r, r + 1));
    }

    /** Drops a reference; the last one returns the context id to the rank's mask. */
    void releaseRef() {
        int r = (int) REFS.getAndAdd(this, -1) - 1;
        if (r == 0) {
            rank.liveComms.remove(this);
            if (contextId >= ContextIdAllocator.FIRST_DYNAMIC_ID) {
                rank.contextIds.release(contextId);
            }
        }
    }

    /** The reference count now (for quiescence checks: the handle's one reference, or none once freed). */
    int refs() {
        return refs;
    }

    /** ERR_COMM if {@link #free()} was called on this handle: the first check of every call that uses it. */
    void checkLive() {
        if (freed) {
            throw new MpiException(ErrorClass.ERR_COMM, "communicator was freed");
        }
    }

    @Override
    public String toString() {
        return "Comm[context=" + contextId + ", rank " + rank() + " of " + size() + ", world rank " + rank.worldRank + "]";
    }
}
