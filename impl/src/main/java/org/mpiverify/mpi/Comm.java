package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.coll.CollectiveChannel;
import org.mpiverify.core.coll.CollectiveTags;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.core.coll.NonblockingCollectives;
import org.mpiverify.core.coll.PollingChannel;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.contextid.MaskAllreduce;
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
 * a blocking probe while it waits, a collective or communicator creation for the whole call.
 * {@link #free()} drops the handle's reference; the context id goes back to the rank's mask when the
 * count reaches zero, so operations pending at free time still complete (MPI-3.1 §6.4.3), and a call
 * still blocked on a freed handle (erroneous in MPI) keeps the id reserved until it returns: it can never
 * take a message of a communicator that reused the id. The count changes only atomically.
 *
 * <p>Calls: the hot point-to-point calls ({@code send}, {@code ssend}, {@code isend}, {@code issend},
 * {@code recv}, {@code irecv}, and {@link Request#waitFor}, {@link Request#test}) write out the call frame
 * ({@link RankContext#enter}, {@code fail}, {@code exit}) on purpose: the same frame around a lambda cost
 * about 8% more CPU on a loop of these calls (alternating JVMs). Every other call goes through
 * {@link RankContext#call}/{@link RankContext#run}.
 *
 * <p>Contexts: a communicator with context id {@code c} sends user messages on matching context
 * {@code 2c} and collective messages on {@code 2c+1}, so they never match each other.
 */
public final class Comm {
    /** {@code MPI_IDENT}, {@code MPI_CONGRUENT}, {@code MPI_SIMILAR}, {@code MPI_UNEQUAL}. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    /**
     * Collective tags of a createGroup channel: base + userTag * span + collective tag, with span the
     * collectives' whole tag range, so concurrent createGroup calls on one parent never share a tag.
     */
    private static final int CREATE_GROUP_TAG_BASE = 1 << 21;
    private static final int CREATE_GROUP_TAG_SPAN = CollectiveTags.LIMIT;
    /**
     * Nonblocking collectives and idups: the n-th one started on a communicator (every member starts them
     * in the same order, MPI-3.1 §5.12) uses slot {@code n mod NB_SLOTS}, the collective tags
     * {@code NB_TAG_BASE + slot * LIMIT + collective tag}, between the blocking collectives' and the
     * createGroup channels' ({@code [2^20, 2^21)}: every tag of the collective context stays below 2^22, the
     * hash matching engine's tag width), and an idup the context-id key tag {@code IDUP_KEY_TAG_BASE + slot},
     * above every createGroup tag. A start whose slot an earlier operation on this handle still holds (its
     * request not completed, or its schedule not finished) is refused, so two outstanding operations never
     * share a slot, and so never a tag or a key; at most NB_SLOTS are outstanding at once.
     */
    static final int NB_SLOTS = 2048;
    private static final int NB_TAG_BASE = 1 << 20;
    static {
        // the slots' tags must lie between the blocking collectives' [0, LIMIT) and the createGroup channels'
        if (NB_TAG_BASE < CollectiveTags.LIMIT || NB_TAG_BASE + NB_SLOTS * CollectiveTags.LIMIT > CREATE_GROUP_TAG_BASE) {
            throw new AssertionError("nonblocking collective tags overlap another range");
        }
    }
    private static final int IDUP_KEY_TAG_BASE = Mpi.CREATE_GROUP_TAG_UB + 1;
    /** Tag given to the context-id algorithm for collective creators (dup, split, create). */
    private static final int NO_TAG = -1;

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

    private final RankContext rank;
    private final int contextId;
    private final Group group;
    private final Endpoint p2p;
    private final EndpointChannel coll;
    /** Given to the requests of operations that hold a reference: drops it when they are recycled. */
    final RequestState.Attachment releaseOnRecycle = this::releaseRef;
    private final boolean predefined;
    private volatile ErrorHandler errorHandler;
    private volatile boolean freed;
    /**
     * The slots of this handle's nonblocking operations: the sequence number of the next one to start and the
     * slots held (bit {@code i}: slot {@code i} is held by an operation whose request has not completed and been
     * released). Guarded by its monitor, held for a few reads and writes only, never while anything waits: a
     * start checks its slot and takes it, and so its place in the sequence, in one step (a check of the count
     * before taking a place let 2049 and more start at once).
     */
    private final NbSlots nbSlots = new NbSlots();
    /** idups of this communicator whose allocation has not finished: free() refuses while there are any. */
    private final AtomicInteger idupsRunning = new AtomicInteger();
    @SuppressWarnings("unused") // through REFS
    private volatile int refs = 1;

    private Comm(RankContext rank, int contextId, Group group, ErrorHandler handler, boolean predefined) {
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

    // ---------------------------------------------------------------- point to point

    /** {@code MPI_Send}: standard mode; returns once the buffer may be reused (eager) or the message was matched (rendezvous). */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        CallDepth d = rank.enter(this);
        try {
            checkSend(buf, offset, count, type, dest, tag);
            if (dest != Mpi.PROC_NULL) {
                p2p.send(buf, offset, count, type, dest, tag, false);
            }
        } catch (RuntimeException e) {
            throw rank.fail(d, this, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Ssend}: returns only once a matching receive has started receiving the message. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void ssend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        CallDepth d = rank.enter(this);
        try {
            checkSend(buf, offset, count, type, dest, tag);
            if (dest != Mpi.PROC_NULL) {
                p2p.send(buf, offset, count, type, dest, tag, true);
            }
        } catch (RuntimeException e) {
            throw rank.fail(d, this, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Isend}. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return startSend(buf, offset, count, type, dest, tag, false);
    }

    /** {@code MPI_Issend}: completes only once matched. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request issend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return startSend(buf, offset, count, type, dest, tag, true);
    }

    private Request startSend(Object buf, int offset, int count, Datatype type, int dest, int tag, boolean sync) {
        CallDepth d = rank.enter(this);
        try {
            checkSend(buf, offset, count, type, dest, tag);
            if (dest == Mpi.PROC_NULL) {
                return Request.completed(this, Status.PROC_NULL);
            }
            return Request.forSend(this, p2p.startSend(buf, offset, count, type, dest, tag, sync, true));
        } catch (RuntimeException e) {
            throw rank.fail(d, this, e);
        } finally {
            rank.exit(d);
        }
    }

    /**
     * {@code MPI_Recv}: blocks until a matching message has arrived in {@code buf}. A longer message is
     * consumed, the buffer filled, and ERR_TRUNCATE raised.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        CallDepth d = rank.enter(this);
        try {
            checkRecv(buf, offset, count, type, source, tag);
            if (source == Mpi.PROC_NULL) {
                return Status.PROC_NULL;
            }
            Status s = p2p.recv(buf, offset, count, type, source, tag);
            if (s.error() == ErrorClass.ERR_TRUNCATE) {
                throw new MpiException(ErrorClass.ERR_TRUNCATE,
                        "message longer than the receive buffer of " + count + " " + type + ": " + s);
            }
            return s;
        } catch (RuntimeException e) {
            throw rank.fail(d, this, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Irecv}. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        CallDepth d = rank.enter(this);
        try {
            checkRecv(buf, offset, count, type, source, tag);
            if (source == Mpi.PROC_NULL) {
                return Request.completed(this, Status.PROC_NULL);
            }
            return Request.forRecv(this, p2p.startRecv(buf, offset, count, type, source, tag, 2));
        } catch (RuntimeException e) {
            throw rank.fail(d, this, e);
        } finally {
            rank.exit(d);
        }
    }

    /**
     * {@code MPI_Sendrecv}: sends and receives at once (no deadlock when two ranks exchange). Every argument
     * of both halves is checked first, so a bad one changes nothing (no receive is posted, no message
     * taken). Built from nested nonblocking calls, so an error in one of them reaches this communicator's
     * error handler once, at this level (Gropp &amp; Thakur §4.2).
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status sendrecv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType, int dest, int sendTag,
                           Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int source, int recvTag) {
        return rank.call(this, () -> {
            checkSend(sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
            checkRecv(recvBuf, recvOffset, recvCount, recvType, source, recvTag);
            Request r = irecv(recvBuf, recvOffset, recvCount, recvType, source, recvTag);
            Request s;
            try {
                s = isend(sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
            } catch (MpiException e) {
                r.cancel();
                r.free();
                throw e;
            }
            s.waitFor();
            return r.waitFor();
        });
    }

    /** {@code MPI_Probe}: waits for a matching message and returns its status without receiving it. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status probe(int source, int tag) {
        return rank.call(this, () -> {
            checkSourceTag(source, tag);
            return source == Mpi.PROC_NULL ? Status.PROC_NULL : p2p.probe(source, tag);
        });
    }

    /**
     * {@code MPI_Iprobe}: the status of a matching message if one has arrived, else null. Like a test, it
     * moves this rank's outstanding nonblocking collectives and idups on (MPI's progress rule), so a loop of
     * iprobes makes progress as MPICH's and Open MPI's do.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status iprobe(int source, int tag) {
        return rank.call(this, () -> {
            checkSourceTag(source, tag);
            rank.progress.test();
            return source == Mpi.PROC_NULL ? Status.PROC_NULL : p2p.iprobe(source, tag);
        });
    }

    /**
     * {@code MPI_Mprobe} (Hoefler et al. §3): waits for a matching message and takes it out of matching;
     * receive it with {@link Message#mrecv}. The status is in {@code status[0]} if given.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Message mprobe(int source, int tag, Status[] status) {
        return rank.call(this, () -> {
            checkSourceTag(source, tag);
            if (source == Mpi.PROC_NULL) {
                setStatus(status, Status.PROC_NULL);
                return Message.noProc(this);
            }
            SendEnvelope e = p2p.mprobe(source, tag);
            setStatus(status, Endpoint.probeStatus(e));
            return new Message(this, e);
        });
    }

    /**
     * {@code MPI_Improbe}: takes a matching message out of matching if one has arrived, else returns null;
     * moves the outstanding nonblocking operations on, as {@link #iprobe}.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Message improbe(int source, int tag, Status[] status) {
        return rank.call(this, () -> {
            checkSourceTag(source, tag);
            rank.progress.test();
            if (source == Mpi.PROC_NULL) {
                setStatus(status, Status.PROC_NULL);
                return Message.noProc(this);
            }
            SendEnvelope e = p2p.improbe(source, tag);
            if (e == null) {
                return null;
            }
            setStatus(status, Endpoint.probeStatus(e));
            return new Message(this, e);
        });
    }

    Status receiveMessage(Message m, Object buf, int offset, int count, Datatype type) {
        return rank.call(this, () -> {
            Status s = receiveMessageNoRaise(m, buf, offset, count, type);
            if (s.error() == ErrorClass.ERR_TRUNCATE) {
                throw new MpiException(ErrorClass.ERR_TRUNCATE, "matched message longer than the buffer: " + s);
            }
            return s;
        });
    }

    Request receiveMessageNonblocking(Message m, Object buf, int offset, int count, Datatype type) {
        return rank.call(this, () -> Request.completed(this, receiveMessageNoRaise(m, buf, offset, count, type)));
    }

    private Status receiveMessageNoRaise(Message m, Object buf, int offset, int count, Datatype type) {
        Buffers.checkWritable(buf, offset, count, type);
        if (m.isNoProc()) {
            return Status.PROC_NULL;
        }
        if (!m.claim()) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "message was already received");
        }
        return p2p.receiveMatched(m.envelope(), buf, offset, count, type);
    }

    // ---------------------------------------------------------------- collectives

    /** {@code MPI_Barrier}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void barrier() {
        collective(() -> Collectives.barrier(coll));
    }

    /** {@code MPI_Bcast}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        collective(() -> Collectives.bcast(coll, buf, offset, count, type, root));
    }

    /** {@code MPI_Reduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Datatype type,
                       Op op, int root) {
        collective(() -> Collectives.reduce(coll, sendBuf, sendOffset, recvBuf, recvOffset, count, type, op, root));
    }

    /** {@code MPI_Allreduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void allreduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Datatype type,
                          Op op) {
        collective(() -> Collectives.allreduce(coll, sendBuf, sendOffset, recvBuf, recvOffset, count, type, op));
    }

    /** {@code MPI_Gather}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void gather(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                       Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int root) {
        collective(() -> Collectives.gather(coll, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                recvCount, recvType, root));
    }

    /** {@code MPI_Gatherv}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void gatherv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                        Object recvBuf, int recvOffset, int[] recvCounts, int[] displs, Datatype recvType, int root) {
        collective(() -> Collectives.gatherv(coll, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                recvCounts, displs, recvType, root));
    }

    /** {@code MPI_Scatter}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void scatter(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                        Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int root) {
        collective(() -> Collectives.scatter(coll, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                recvCount, recvType, root));
    }

    /** {@code MPI_Scatterv}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void scatterv(Object sendBuf, int sendOffset, int[] sendCounts, int[] displs, Datatype sendType,
                         Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int root) {
        collective(() -> Collectives.scatterv(coll, sendBuf, sendOffset, sendCounts, displs, sendType, recvBuf,
                recvOffset, recvCount, recvType, root));
    }

    /** {@code MPI_Allgather}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void allgather(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                          Object recvBuf, int recvOffset, int recvCount, Datatype recvType) {
        collective(() -> Collectives.allgather(coll, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                recvCount, recvType));
    }

    /** {@code MPI_Alltoall}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void alltoall(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                         Object recvBuf, int recvOffset, int recvCount, Datatype recvType) {
        collective(() -> Collectives.alltoall(coll, sendBuf, sendOffset, sendCount, sendType, recvBuf, recvOffset,
                recvCount, recvType));
    }

    // ---------------------------------------------------------------- nonblocking collectives

    /**
     * {@code MPI_Ibarrier}: completes once every member has started it. Like every nonblocking collective
     * here it moves only while a thread of this rank polls: waits or tests on a request (any), or is
     * blocked in another MPI call; there is no progress thread.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ibarrier() {
        return startNonblocking(ch -> NonblockingCollectives.barrier(ch), false);
    }

    /** {@code MPI_Ibcast}; {@code buf} may not be touched until the request completes. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ibcast(Object buf, int offset, int count, Datatype type, int root) {
        return startNonblocking(ch -> NonblockingCollectives.bcast(ch, buf, offset, count, type, root), false);
    }

    /** {@code MPI_Ireduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ireduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Datatype type,
                           Op op, int root) {
        return startNonblocking(ch -> NonblockingCollectives.reduce(ch, sendBuf, sendOffset, recvBuf, recvOffset, count,
                type, op, root), false);
    }

    /** {@code MPI_Iallreduce}; {@code sendBuf} may be {@link Collectives#IN_PLACE}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iallreduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Datatype type,
                              Op op) {
        return startNonblocking(ch -> NonblockingCollectives.allreduce(ch, sendBuf, sendOffset, recvBuf, recvOffset,
                count, type, op), false);
    }

    /** {@code MPI_Igather}; {@code sendBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request igather(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                           Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int root) {
        return startNonblocking(ch -> NonblockingCollectives.gather(ch, sendBuf, sendOffset, sendCount, sendType,
                recvBuf, recvOffset, recvCount, recvType, root), false);
    }

    /** {@code MPI_Igatherv}; the count and displacement arrays are copied: the caller may reuse them at once. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request igatherv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                            Object recvBuf, int recvOffset, int[] recvCounts, int[] displs, Datatype recvType, int root) {
        return startNonblocking(ch -> NonblockingCollectives.gatherv(ch, sendBuf, sendOffset, sendCount, sendType,
                recvBuf, recvOffset, recvCounts, displs, recvType, root), false);
    }

    /** {@code MPI_Iscatter}; {@code recvBuf} may be {@link Collectives#IN_PLACE} at the root. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iscatter(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                            Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int root) {
        return startNonblocking(ch -> NonblockingCollectives.scatter(ch, sendBuf, sendOffset, sendCount, sendType,
                recvBuf, recvOffset, recvCount, recvType, root), false);
    }

    /** {@code MPI_Iscatterv}; the count and displacement arrays are copied: the caller may reuse them at once. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iscatterv(Object sendBuf, int sendOffset, int[] sendCounts, int[] displs, Datatype sendType,
                             Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int root) {
        return startNonblocking(ch -> NonblockingCollectives.scatterv(ch, sendBuf, sendOffset, sendCounts, displs,
                sendType, recvBuf, recvOffset, recvCount, recvType, root), false);
    }

    /** {@code MPI_Iallgather}; {@code sendBuf} may be {@link Collectives#IN_PLACE}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request iallgather(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                              Object recvBuf, int recvOffset, int recvCount, Datatype recvType) {
        return startNonblocking(ch -> NonblockingCollectives.allgather(ch, sendBuf, sendOffset, sendCount, sendType,
                recvBuf, recvOffset, recvCount, recvType), false);
    }

    /** {@code MPI_Ialltoall}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request ialltoall(Object sendBuf, int sendOffset, int sendCount, Datatype sendType,
                             Object recvBuf, int recvOffset, int recvCount, Datatype recvType) {
        return startNonblocking(ch -> NonblockingCollectives.alltoall(ch, sendBuf, sendOffset, sendCount, sendType,
                recvBuf, recvOffset, recvCount, recvType), false);
    }

    /**
     * {@code MPI_Comm_idup}: a request that completes with a new communicator of the same group (get it from
     * {@link Request#communicator()}), whose context id is agreed as by {@link #dup()} but by a state machine
     * that the polling threads of each member move (see {@code NonblockingContextIdAllocation}). Blocking
     * dups, splits, createGroups and other idups on this or other communicators may be outstanding at once
     * from other threads. Freeing this communicator while one of its idups is outstanding is ERR_COMM;
     * running out of context ids fails the request on every member with ERR_OTHER.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Request idup() {
        return startNonblocking(ch -> {
            Schedule s = rank.contextIds.allocateNonblocking(contextId, IDUP_KEY_TAG_BASE + ch.slot(),
                    words -> NonblockingCollectives.allreduce(ch, Collectives.IN_PLACE, 0, words, 0, words.length,
                            Datatype.LONG, Op.BAND),
                    id -> new Comm(rank, id, group, errorHandler, false));
            return s;
        }, true);
    }

    /** Builds a nonblocking operation's schedule on its channel: checks the arguments, starts nothing. */
    @FunctionalInterface
    private interface ScheduleBuilder {
        Schedule build(SlotChannel ch);
    }

    /**
     * A nonblocking operation's channel on this communicator's collective context, in the tag range of its
     * slot. A collective's schedule is built (its arguments checked) before it takes its slot, so that a bad
     * call takes none; it posts nothing before {@link #take} has given it one.
     */
    private final class SlotChannel implements PollingChannel {
        private EndpointChannel ch;
        private int slot = -1;
        /** Gives this operation slot {@code slot}; before the schedule starts. */
        SlotChannel take(int slot) {
            this.slot = slot;
            ch = new EndpointChannel(new Endpoint(rank, 2 * contextId + 1, group.rank(), p2p.peers, null),
                    NB_TAG_BASE + slot * CollectiveTags.LIMIT);
            return this;
        }

        /**
         * Makes {@code s} the schedule on this channel: its transfers tell the rank's progress engine about
         * its completion when they complete. Before it starts, so before any of its transfers can.
         */
        void own(Schedule s) {
            ch.polledBy(rank.progress, s.state());
        }

        int slot() {
            return slot;
        }

        @Override
        public int rank() {
            return group.rank();
        }

        @Override
        public int size() {
            return group.size();
        }

        @Override
        public Transfer startSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
            return ch.startSend(buf, offset, count, type, dest, tag);
        }

        @Override
        public Transfer startRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
            return ch.startRecv(buf, offset, count, type, source, tag);
        }
    }

    /**
     * The frame of every nonblocking collective and idup: a call on a live handle. A collective's arguments
     * are checked before it takes its place in this communicator's sequence, so a bad call changes nothing;
     * an idup (no arguments) takes its place first, since its key needs its slot. The operation holds a
     * reference until its request is completed and released, and makes its first step before the call
     * returns. Threads that start operations on one communicator at once each get a slot of their own; the
     * order must still be the same on every member (MPI's rule: only on COMM_SELF is any order one order).
     */
    private Request startNonblocking(ScheduleBuilder builder, boolean idup) {
        return rank.call(this, () -> {
            checkLive();
            SlotChannel ch = new SlotChannel();
            Schedule s = idup ? null : builder.build(ch);
            retainRef();
            int slot;
            try {
                slot = nbSlots.take(this);   // ERR_OTHER if an earlier operation holds it: nothing changed
            } catch (RuntimeException e) {
                releaseRef();
                throw e;
            }
            try {
                ch.take(slot);
                if (idup) s = builder.build(ch);   // ERR_OTHER on every member if the algorithm has no idup
            } catch (RuntimeException e) {
                nbSlots.give(slot);
                releaseRef();
                throw e;
            }
            if (idup) {
                idupsRunning.incrementAndGet();
                s.whenFinished(idupsRunning::decrementAndGet);
            }
            s.state().attach(() -> {
                nbSlots.give(slot);
                releaseRef();
            });
            ch.own(s);
            rank.progress.start(s);
            return Request.forSchedule(this, s, idup);
        });
    }

    /**
     * The slots of a handle's nonblocking operations (see {@link #NB_SLOTS}): the sequence and the slots held,
     * under this object's monitor. A take checks the slot of the next sequence number and takes both, or
     * neither (a refused start does not move the sequence, so the members still agree on it).
     */
    private static final class NbSlots {
        private final long[] held = new long[NB_SLOTS / 64];
        private int next;

        synchronized int take(Comm c) {
            int slot = Math.floorMod(next, NB_SLOTS);
            long bit = 1L << slot;
            if ((held[slot >>> 6] & bit) != 0) {
                throw new MpiException(ErrorClass.ERR_OTHER, "nonblocking operation " + next + " on " + c
                        + " needs slot " + slot + ", still held by operation " + (next - NB_SLOTS)
                        + " or earlier (at most " + NB_SLOTS + " outstanding): complete it first");
            }
            held[slot >>> 6] |= bit;
            next++;
            return slot;
        }

        synchronized void give(int slot) {
            held[slot >>> 6] &= ~(1L << slot);
        }
    }

    // ---------------------------------------------------------------- communicator creation

    /** {@code MPI_Comm_dup}: same group, new context id (Gropp &amp; Thakur Fig. 3), same error handler. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm dup() {
        return collective(() -> {
            int id = rank.contextIds.allocate(contextId, NO_TAG, viaPublicAllreduce());
            return new Comm(rank, id, group, errorHandler, false);
        });
    }

    /**
     * {@code MPI_Comm_split}: one new communicator per colour, members ordered by (key, old rank). Returns
     * null ({@code MPI_COMM_NULL}) for colour {@link Mpi#UNDEFINED}.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm split(int color, int key) {
        return collective(() -> {
            if (color < 0 && color != Mpi.UNDEFINED) {
                throw new MpiException(ErrorClass.ERR_ARG, "colour " + color + " must be >= 0 or UNDEFINED");
            }
            int n = size();
            int[] all = new int[2 * n];
            // A nested call (its failure reaches the handler once, at split): the handle's liveness was
            // checked when split began, and split holds its reference meanwhile.
            rank.run(this, () -> Collectives.allgather(coll, new int[] {color, key}, 0, 2, Datatype.INT, all, 0, 2,
                    Datatype.INT));
            // One id for all the new communicators: they are disjoint, so sharing it is safe (MPICH does the same).
            int id = rank.contextIds.allocate(contextId, NO_TAG, viaPublicAllreduce());
            if (color == Mpi.UNDEFINED) {
                rank.contextIds.release(id);
                return null;
            }
            int[] world = IntStream.range(0, n).filter(i -> all[2 * i] == color).boxed()
                    .sorted(Comparator.<Integer>comparingInt(i -> all[2 * i + 1]).thenComparingInt(i -> i))
                    .mapToInt(group::worldRank).toArray();
            return new Comm(rank, id, new Group(world, rank.worldRank), errorHandler, false);
        });
    }

    /** {@code MPI_Comm_create}: collective over this communicator; null on processes not in {@code g}. */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm create(Group g) {
        return collective(() -> {
            checkSubgroup(g);
            int id = rank.contextIds.allocate(contextId, NO_TAG, viaPublicAllreduce());
            if (g.rank() == Mpi.UNDEFINED) {
                rank.contextIds.release(id);
                return null;
            }
            return new Comm(rank, id, g, errorHandler, false);
        });
    }

    /**
     * {@code MPI_Comm_create_group} (MPI-3): collective over the members of {@code g} only, so several
     * threads may create communicators from this one at once, each with its own {@code tag} (0 to
     * {@link Mpi#CREATE_GROUP_TAG_UB}). The caller must be in {@code g}.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public Comm createGroup(Group g, int tag) {
        return collective(() -> {
            checkSubgroup(g);
            if (tag < 0 || tag > Mpi.CREATE_GROUP_TAG_UB) {
                throw new MpiException(ErrorClass.ERR_TAG, "createGroup tag " + tag + " outside [0, "
                        + Mpi.CREATE_GROUP_TAG_UB + "]");
            }
            if (g.rank() == Mpi.UNDEFINED) {
                throw new MpiException(ErrorClass.ERR_GROUP, "the calling process is not in the group " + g);
            }
            int[] members = IntStream.range(0, g.size()).toArray();
            // On the parent's collective context, addressed by parent rank (see EndpointChannel).
            CollectiveChannel ch = new EndpointChannel(
                    new Endpoint(rank, 2 * contextId + 1, group.rank(), p2p.peers, null),
                    CREATE_GROUP_TAG_BASE + tag * CREATE_GROUP_TAG_SPAN, Group.translateRanks(g, members, group),
                    g.rank());
            int id = rank.contextIds.allocate(contextId, tag, maskAllreduce(words -> Collectives.allreduce(ch,
                    Collectives.IN_PLACE, 0, words, 0, words.length, Datatype.LONG, Op.BAND), g.worldRanks()));
            return new Comm(rank, id, g, errorHandler, false);
        });
    }

    /**
     * {@code MPI_Comm_free}: the handle may no longer be used; operations already started on it still
     * complete, and its context id is reused only after they have. COMM_WORLD and COMM_SELF cannot be freed.
     */
    @ThreadSafety(SafetyClass.COLLECTIVE)
    public void free() {
        rank.run(this, () -> {
            if (predefined) {
                throw new MpiException(ErrorClass.ERR_COMM, "COMM_WORLD and COMM_SELF cannot be freed");
            }
            if (idupsRunning.get() > 0) {
                throw new MpiException(ErrorClass.ERR_COMM, "communicator has " + idupsRunning.get()
                        + " idup(s) outstanding: complete them before freeing it");
            }
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
     * Finalize's part, as one MPI call on COMM_WORLD: first completes this rank's outstanding nonblocking
     * collectives and idups (a correct program has none; MPI requires a process to complete what it started,
     * and the core completes what a program left rather than abandon operations other ranks wait on), then
     * the barrier.
     */
    void finalizeCollective() {
        rank.run(this, () -> {
            rank.progress.drain(this);
            Collectives.barrier(coll);
        });
    }

    /**
     * The frame of every collective and communicator-creation call: a call on a live handle that holds a
     * reference for its whole length, so a free by another thread (erroneous) cannot release the context
     * id while the collective's messages may still match.
     */
    private <T> T collective(RankContext.Call<T> body) {
        return rank.call(this, () -> {
            checkLive();
            retainRef();
            try {
                return body.run();
            } finally {
                releaseRef();
            }
        });
    }

    private void collective(RankContext.Action body) {
        collective(() -> {
            body.run();
            return null;
        });
    }

    /**
     * The allreduce of dup, split and create: a nested MPI call, whose failure is handled once, by the
     * outermost call (Gropp &amp; Thakur §4.2). Its handle's liveness was checked when that call began and
     * the call holds a reference meanwhile, so a free by another thread (erroneous) does not break a
     * creation half-way through (the other members would wait for this process's next round forever).
     */
    private MaskAllreduce viaPublicAllreduce() {
        return maskAllreduce(words -> rank.run(this, () -> Collectives.allreduce(coll, Collectives.IN_PLACE, 0, words, 0,
                words.length, Datatype.LONG, Op.BAND)), group.worldRanks());
    }

    /** The collective step of context-id allocation, whose backoff pauses release the rank mutex (GLOBAL). */
    private MaskAllreduce maskAllreduce(MaskAllreduce allreduce, int[] members) {
        return new MaskAllreduce() {
            @Override
            public void allreduceBand(long[] words) {
                allreduce.allreduceBand(words);
            }

            @Override
            public int[] members() {
                return members;
            }

            @Override
            public void pause(long nanos) {
                rank.pauseInCall(this, nanos);
            }
        };
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

    private void checkLive() {
        if (freed) {
            throw new MpiException(ErrorClass.ERR_COMM, "communicator was freed");
        }
    }

    private void checkSubgroup(Group g) {
        if (g == null) {
            throw new MpiException(ErrorClass.ERR_GROUP, "group is null");
        }
        Set<Integer> mine = new HashSet<>();
        for (int w : group.worldRanks()) {
            mine.add(w);
        }
        for (int w : g.worldRanks()) {
            if (!mine.contains(w)) {
                throw new MpiException(ErrorClass.ERR_GROUP, "group " + g + " is not a subgroup of " + group);
            }
        }
    }

    private void checkSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        checkLive();
        if (dest != Mpi.PROC_NULL && (dest < 0 || dest >= size())) {
            throw new MpiException(ErrorClass.ERR_RANK, "destination " + dest + " is not a rank of a communicator of size " + size());
        }
        if (tag < 0 || tag > Mpi.TAG_UB) {
            throw new MpiException(ErrorClass.ERR_TAG, "send tag " + tag + " outside [0, " + Mpi.TAG_UB + "]");
        }
        Buffers.check(buf, offset, count, type);
    }

    private void checkRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        checkSourceTag(source, tag);
        Buffers.checkWritable(buf, offset, count, type);
    }

    private void checkSourceTag(int source, int tag) {
        checkLive();
        if (source != Mpi.PROC_NULL && source != Mpi.ANY_SOURCE && (source < 0 || source >= size())) {
            throw new MpiException(ErrorClass.ERR_RANK, "source " + source + " is not a rank of a communicator of size " + size());
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

    @Override
    public String toString() {
        return "Comm[context=" + contextId + ", rank " + rank() + " of " + size() + ", world rank " + rank.worldRank + "]";
    }
}
