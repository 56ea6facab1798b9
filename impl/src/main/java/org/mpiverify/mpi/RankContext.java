package org.mpiverify.mpi;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.mpiverify.core.bsend.AttachedBuffer;
import org.mpiverify.core.buffer.PacketPool;
import org.mpiverify.core.buffer.UnexpectedBudget;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.request.ObjectPool;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.CriticalSections;
import org.mpiverify.core.sync.EventCount;
import org.mpiverify.core.sync.SerializedCallDetector;
import org.mpiverify.core.sync.WaitPoint;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * Everything one rank (MPI process) owns: its matching engine, pools, context-id allocator, critical
 * sections, thread level and call bookkeeping. One object per rank; nothing in it is static.
 *
 * <p>Every MPI call runs between {@link #enter} and {@link #exit} (Gropp &amp; Thakur §4.2: the nesting
 * depth is per thread; the outermost call checks the phase and thread level, enters the ALLFUNC section
 * and runs the error handler once). Hot point-to-point calls write that frame out; every other call
 * uses {@link #call} or {@link #run}, which are the same frame around a lambda.
 *
 * <p>Interrupts: MPI has no notion of them, and a blocked MPI call cannot be undone half-way (a posted
 * receive, a collective other ranks take part in), so an interrupt does not end a call: a blocked call
 * keeps waiting, parked without using CPU, and returns with the thread's interrupt flag set again (the
 * JDK's convention for uninterruptible waits, as {@code Lock.lock()}). Waits that clear the flag to park
 * note it in the thread's {@link CallDepth}, and the outermost call sets it again on return.
 *
 * <p>Invariants: {@code phase} goes NEW → RUNNING (in initThread) → FINALIZED, never back; {@code cs} and
 * {@code level} are written once, in initThread, before {@code phase} becomes RUNNING (volatile), so a
 * thread that sees RUNNING sees them.
 */
final class RankContext {
    static final int NEW = 0;
    static final int RUNNING = 1;
    static final int FINALIZED = 2;

    final Job job;
    final int worldRank;
    final MatchingEngine engine;
    /** The engine's probe recorder (the same object as {@code engine}) if the job records probes, else null. */
    final ProbeTracingEngine probeTrace;
    /** Advanced whenever a message is queued as unexpected here: blocking probes wait on it. */
    final EventCount arrivals = new EventCount();
    // The request pools depend on the thread level and granularity, so initThread creates them
    // (configure), before phase becomes RUNNING: a thread that sees RUNNING sees them.
    ObjectPool<RecvRequest> recvPool;
    ObjectPool<RequestState> sendStates;
    final PacketPool packets;
    final ContextIdAllocator contextIds;
    /**
     * MPI's progress rule: the one place through which this rank's calls that wait or test move its outstanding
     * nonblocking collectives and idups (the {@link ProgressEngine}; a known-bad twin in tests).
     */
    final ProgressRule progress;
    /**
     * The rank's threads parked in blocking calls: an abort wakes them all (it wakes every rank's), thread dumps
     * list them, and the first schedule to be outstanding wakes them so that the point-to-point waits among them
     * poll from then on ({@link ProgressEngine#start}).
     */
    final BlockedThreads blocked;
    final WaitPolicy waitPolicy;
    final BooleanSupplier aborted;
    final boolean checked;
    final int eagerLimit;
    /** The memory this rank's unexpected eager messages may hold; senders to it check it. */
    final UnexpectedBudget unexpected;
    /** This rank's communicators that hold a reference (added when made, removed at their last release): read by quiescence checks. */
    final Set<Comm> liveComms = ConcurrentHashMap.newKeySet();
    /** The buffer of this rank's buffered sends ({@link BufferedSends}), which all its threads share. */
    final AttachedBuffer bsendBuffer = new AttachedBuffer();
    private final SerializedCallDetector serialized = new SerializedCallDetector();

    volatile CriticalSections cs = CriticalSections.unlocked();
    volatile ThreadLevel level = ThreadLevel.SINGLE;
    volatile Thread mainThread;
    volatile int phase = NEW;
    Comm world;
    Comm self;

    RankContext(Job job, int worldRank, Function<RankContext, ? extends ProgressRule> progress) {
        JobConfig c = job.config();
        this.job = job;
        this.worldRank = worldRank;
        this.waitPolicy = c.waitPolicy();
        this.aborted = job::isAborted;
        this.blocked = job.waitPoint == null ? new BlockedThreads()
                : new BlockedThreads(4 * Runtime.getRuntime().availableProcessors(), job.waitPoint);
        this.progress = progress.apply(this);
        CoreOverrides o = c.overrides();
        MatchingEngine own = o != null && o.matching() != null ? o.matching().get() : c.matching().create();
        TraceRecorder probes = TraceRecorder.of(c.trace(), TraceRecorder.Algorithm.PROBE);
        this.probeTrace = probes == null ? null : new ProbeTracingEngine(own, probes, worldRank);
        this.engine = probeTrace == null ? own : probeTrace;
        this.packets = new PacketPool(c.eagerLimit());
        ContextIdAllocator ids = o != null && o.contextIds() != null
                ? o.contextIds().apply(c.contextIdCapacity()) : c.contextIds().create(c.contextIdCapacity(), false);
        ids.recordTo(c.trace(), worldRank);
        engine.recordTo(c.trace(), worldRank);
        this.progress.recordTo(c.trace(), worldRank);
        this.contextIds = ids;
        ids.onRoundEnd(this.progress::signal);   // an idup that lost a round on COMM_SELF waits for this
        this.checked = c.checked();
        this.eagerLimit = c.eagerLimit();
        this.unexpected = new UnexpectedBudget(c.unexpectedBytesPerRank());
    }

    /**
     * Sets the critical sections chosen by initThread and builds the request pools whose common part
     * and reference counts they protect (Balaji et al. §5.3). Called once, before phase becomes RUNNING.
     */
    void configure(CriticalSections sections) {
        JobConfig c = job.config();
        int cache = c.requestCacheSize();
        boolean atomic = c.atomicRefCounts();
        Lock pool = sections.requestPool();
        TraceRecorder trace = c.trace();   // requests record their completions and waits if it records them
        this.recvPool = new ObjectPool<>(() -> {
            RecvRequest r = new RecvRequest(this, sections.newRefCountLock(atomic));
            r.st.recordTo(trace);
            return r;
        }, cache, pool);
        this.sendStates = new ObjectPool<>(() -> {
            RequestState st = new RequestState(this::recycleSendState, sections.newRefCountLock(atomic));
            st.recordTo(trace);
            return st;
        }, cache, pool);
        this.cs = sections;
    }

    private void recycleSendState(RequestState st) {
        sendStates.release(st);
    }

    /** The body of a call that returns a value, run inside {@link #call}. */
    @FunctionalInterface
    interface Call<T> {
        T run();
    }

    /** The body of a call that returns nothing, run inside {@link #run}. */
    @FunctionalInterface
    interface Action {
        void run();
    }

    /** Runs {@code body} as an MPI call made on {@code comm}: {@link #enter}, {@link #fail} and {@link #exit} around it. */
    <T> T call(Comm comm, Call<T> body) {
        CallDepth d = enter(comm);
        try {
            return body.run();
        } catch (RuntimeException e) {
            throw fail(d, comm, e);
        } finally {
            exit(d);
        }
    }

    /** As {@link #call}, for a body that returns nothing. */
    void run(Comm comm, Action body) {
        CallDepth d = enter(comm);
        try {
            body.run();
        } catch (RuntimeException e) {
            throw fail(d, comm, e);
        } finally {
            exit(d);
        }
    }

    /**
     * Enters an MPI call made on {@code comm}: counts the nesting depth (thread-private, Gropp &amp; Thakur
     * §4.2), and at the outermost level checks the rank's phase and thread level and enters the ALLFUNC
     * section. Returns the depth to pass to {@link #exit} and {@link #fail}.
     */
    CallDepth enter(Comm comm) {
        CallDepth depth = job.callDepth();
        if (!depth.enter()) {
            return depth;
        }
        try {
            if (phase != RUNNING) {
                throw new MpiException(ErrorClass.ERR_OTHER, phase == NEW
                        ? "MPI is not initialized on rank " + worldRank + ": call initThread first"
                        : "MPI is finalized on rank " + worldRank);
            }
            if (job.isAborted()) {
                throw new MpiException(ErrorClass.ERR_ABORTED, "the job was aborted");
            }
            if (checked && level != ThreadLevel.MULTIPLE) {
                checkThreadLevel();
            }
            cs.enterCall(aborted);
        } catch (MpiException e) {
            depth.exit();
            serialized.exit();
            throw handle(comm, e);
        }
        return depth;
    }

    /** Leaves a call entered with {@link #enter}; the outermost call re-asserts an interrupt its waits cleared. */
    void exit(CallDepth depth) {
        if (depth.exit()) {
            cs.exitCall();
            if (checked && level == ThreadLevel.SERIALIZED) {
                serialized.exit();
            }
            if (depth.takeInterrupt()) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * A call failed with {@code e}: at the outermost level run {@code comm}'s error handler (once), then
     * return the exception for the caller to throw. Non-MPI runtime exceptions become ERR_INTERN.
     */
    MpiException fail(CallDepth depth, Comm comm, RuntimeException e) {
        MpiException m = e instanceof MpiException me ? me
                : new MpiException(ErrorClass.ERR_INTERN, "internal error: " + e, e);
        return depth.isOutermost() ? handle(comm, m) : m;
    }

    private MpiException handle(Comm comm, MpiException e) {
        Comm c = comm != null ? comm : world;
        if (c != null && e.errorClass() != ErrorClass.ERR_ABORTED) {
            c.errorHandler().handle(c, e);
        }
        return e;
    }

    private void checkThreadLevel() {
        Thread me = Thread.currentThread();
        ThreadLevel l = level;
        if (l == ThreadLevel.SERIALIZED) {
            Thread owner = serialized.enter();
            if (owner != null) {
                throw new MpiException(ErrorClass.ERR_OTHER, "THREAD_SERIALIZED violated on rank " + worldRank
                        + ": thread '" + me.getName() + "' called MPI while thread '" + owner.getName()
                        + "' was inside a call");
            }
        } else if (me != mainThread) {
            throw new MpiException(ErrorClass.ERR_OTHER, "THREAD_" + l + " violated on rank " + worldRank
                    + ": thread '" + me.getName() + "' is not the thread that initialized MPI ('"
                    + mainThread.getName() + "')");
        }
    }

    /**
     * Waits for {@code st}, the calling call's own request, through MPI's progress rule
     * ({@link ProgressRule#awaitOwn}), without holding the rank mutex while it parks (GLOBAL releases it). A
     * wait that parks registers in {@link #blocked} and parks without a timeout: an abort wakes it there, and
     * thread dumps find it there.
     */
    void await(RequestState st) {
        progress.awaitOwn(st, st);
    }

    /** Waits for the next unexpected arrival after {@code ticket}, through the progress rule ({@code probe}). */
    void awaitArrival(long ticket) {
        progress.awaitArrival(arrivals, ticket, arrivals);
    }

    /**
     * Parks the calling thread, inside a call, without holding the rank mutex, until it is unparked (by a
     * completion it registered with) or the job is aborted; it may also return spuriously, so callers
     * re-check their condition. The thread registers in the rank's {@link BlockedThreads} before it looks
     * at the abort flag, so an abort cannot be missed. An unpark that arrived after the caller's last check
     * is not lost on the way: the registry's stripe lock gives back a permit its queue may have used
     * ({@code SpinThenParkLock}), so the park below returns at once. An interrupt does not cut the park short: the flag
     * is cleared to park and noted for {@link #exit}.
     */
    void parkInCall(Object blocker) {
        parkInCall(blocker, aborted);
    }

    /**
     * As {@link #parkInCall(Object)}, but parks only if {@code stop} (read after the registration: the job's
     * abort flag, and whatever else a waker sets before it wakes this rank's {@link #blocked} threads) is false.
     */
    void parkInCall(Object blocker, BooleanSupplier stop) {
        CallDepth depth = job.callDepth();
        if (Thread.interrupted()) {
            depth.noteInterrupt();
        }
        cs.beforeBlocking();
        blocked.reached(WaitPoint.Wait.REGISTRY, WaitPoint.Phase.BEFORE_REGISTRATION);
        BlockedThreads.Entry registered = blocked.add(Thread.currentThread());
        try {
            if (!stop.getAsBoolean()) {
                blocked.reached(WaitPoint.Wait.REGISTRY, WaitPoint.Phase.LOOKED);
                LockSupport.park(blocker);
                blocked.reached(WaitPoint.Wait.REGISTRY, WaitPoint.Phase.WOKEN);
            }
            if (Thread.interrupted()) {
                depth.noteInterrupt();
            }
        } finally {
            blocked.remove(registered);
            cs.afterBlocking(aborted);
        }
    }

    /**
     * Pauses the calling thread, inside a call, for at most {@code nanos} (a backoff: microseconds)
     * without holding the rank mutex. An interrupt does not cut it short: the flag is cleared and noted
     * for {@link #exit}.
     */
    void pauseInCall(Object blocker, long nanos) {
        CallDepth depth = job.callDepth();
        if (Thread.interrupted()) {
            depth.noteInterrupt();
        }
        cs.beforeBlocking();
        try {
            LockSupport.parkNanos(blocker, nanos);
            if (Thread.interrupted()) {
                depth.noteInterrupt();
            }
        } finally {
            cs.afterBlocking(aborted);
        }
    }
}
