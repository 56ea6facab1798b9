package org.mpiverify.mpi;

import java.nio.ByteBuffer;
import org.mpiverify.core.coll.CollectiveTags;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.sync.CriticalSections;

/**
 * One rank's entry point to MPI, and MPI's constants. A rank's main receives its {@code Mpi}; every
 * other call is made on a handle ({@link Comm}, {@link Request}, {@link Message}) and is bound to its
 * rank by that handle, never by the calling thread, so at {@code THREAD_MULTIPLE} any thread — platform
 * or virtual, started by the rank or not — may call for the rank.
 */
public final class Mpi {
    /** Wildcard source for receives and probes. */
    public static final int ANY_SOURCE = MatchingEngine.ANY_SOURCE;
    /** Wildcard tag for receives and probes. */
    public static final int ANY_TAG = MatchingEngine.ANY_TAG;
    /** The null process: sends to it and receives from it complete at once and move no data. */
    public static final int PROC_NULL = -1;
    /** {@code MPI_UNDEFINED}. */
    public static final int UNDEFINED = -32766;
    /** Largest tag a user may use ({@code MPI_TAG_UB}). */
    public static final int TAG_UB = (1 << 21) - 1;
    /**
     * Largest tag of {@link Comm#createGroup}: its tag also selects the internal channel of the group's
     * collectives, a range of {@code CollectiveTags.LIMIT} tags above {@code 2^21}, and the matching engines
     * take tags below {@code 2^22}.
     */
    public static final int CREATE_GROUP_TAG_UB = (1 << 21) / CollectiveTags.LIMIT - 1;

    /**
     * {@code MPI_BSEND_OVERHEAD}: the bytes a buffered message occupies in the attached buffer besides its packed
     * size ({@link #bufferAttach(ByteBuffer)}). MPICH's value.
     */
    public static final int BSEND_OVERHEAD = 96;

    private final RankContext rank;

    Mpi(RankContext rank) {
        this.rank = rank;
    }

    /**
     * {@code MPI_Init_thread}: initializes MPI on this rank and returns the level provided: the level
     * required, capped at what the job's configuration provides ({@link JobConfig#maxThreadLevel()}). The
     * calling thread becomes the rank's main thread. Not collective: a message sent to a rank that has not
     * initialized yet waits in its matching engine.
     */
    @ThreadSafety(SafetyClass.OTHER)
    public ThreadLevel initThread(ThreadLevel required) {
        if (required == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "required thread level is null");
        }
        synchronized (this) { // once per rank, at start-up; no MPI call can be in progress yet
            if (rank.phase != RankContext.NEW) {
                throw new MpiException(ErrorClass.ERR_OTHER, "MPI is already initialized on rank " + rank.worldRank);
            }
            JobConfig c = rank.job.config();
            ThreadLevel provided = required.compareTo(c.maxThreadLevel()) <= 0 ? required : c.maxThreadLevel();
            rank.level = provided;
            rank.mainThread = Thread.currentThread();
            rank.configure(provided == ThreadLevel.MULTIPLE
                    ? CriticalSections.forMultiple(c.granularity(), c.countLocks(), c.ranks())
                    : CriticalSections.unlocked());
            rank.world = Comm.world(rank);
            rank.self = Comm.self(rank);
            rank.phase = RankContext.RUNNING;
            return provided;
        }
    }

    /** {@code MPI_Init}: {@code initThread(SINGLE)}. */
    @ThreadSafety(SafetyClass.OTHER)
    public ThreadLevel init() {
        return initThread(ThreadLevel.SINGLE);
    }

    /** {@code MPI_Query_thread}: the level provided. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public ThreadLevel queryThread() {
        return rank.level;
    }

    /** {@code MPI_Is_thread_main}: true on the thread that called initThread. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isThreadMain() {
        return Thread.currentThread() == rank.mainThread;
    }

    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isInitialized() {
        return rank.phase != RankContext.NEW;
    }

    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isFinalized() {
        return rank.phase == RankContext.FINALIZED;
    }

    /**
     * {@code MPI_Finalize} (named so because {@code Object.finalize} is taken): collective over
     * COMM_WORLD; returns once every rank has reached it, then no further MPI call is allowed here. A
     * nonblocking collective or idup of this rank still outstanding (erroneous: MPI requires a process to
     * complete what it started) is completed first, polling, as the other ranks' finalize completes theirs;
     * its request's handle can no longer be used afterwards, but its buffers hold its result.
     * First, COMM_SELF's attributes are deleted in the reverse order they were set (MPI-3.1 §8.7.1), every
     * delete callback run; the first that failed is thrown once finalization is over, so no rank hangs for it.
     */
    @ThreadSafety(SafetyClass.OTHER)
    public void finalizeMpi() {
        requireInit();
        MpiException selfDelete = CommAttributes.deleteOnFinalize(rank.self);
        CollectiveCalls.finalizeCollective(rank.world);
        rank.phase = RankContext.FINALIZED;
        if (selfDelete != null) {
            throw selfDelete;
        }
    }

    /** {@code MPI_Abort}: ends the whole job; every rank's blocked call fails with ERR_ABORTED. */
    @ThreadSafety(SafetyClass.OTHER)
    public void abort(int errorCode) {
        rank.job.abort(errorCode, "MPI_Abort(" + errorCode + ") called on rank " + rank.worldRank);
    }

    /**
     * {@code MPI_Buffer_attach} (MPI-3.1 §3.6): makes {@code buffer}'s bytes from index 0 to its limit the space
     * of this rank's buffered sends ({@link Comm#bsend}, {@link Comm#ibsend}), which every thread of the rank
     * shares: each message occupies its packed size plus {@link #BSEND_OVERHEAD} bytes until it has left the
     * buffer. The buffer must not be touched until {@link #bufferDetach()} returns it. ERR_BUFFER if a buffer is
     * attached already (or being detached), if {@code buffer} is null or read-only, or if it is smaller than
     * {@code BSEND_OVERHEAD}.
     */
    @ThreadSafety(SafetyClass.OWN)
    public void bufferAttach(ByteBuffer buffer) {
        BufferedSends.attach(rank, buffer);
    }

    /** {@code MPI_Buffer_attach} of a new buffer of {@code size} bytes; ERR_ARG if negative, else as above. */
    @ThreadSafety(SafetyClass.OWN)
    public void bufferAttach(int size) {
        BufferedSends.attach(rank, size);
    }

    /**
     * {@code MPI_Buffer_detach} (MPI-3.1 §3.6): blocks until every message in the attached buffer has been
     * transmitted (copied out of it), holding no lock while it waits, then returns the buffer, which is attached
     * no more. Buffered sends that start while it waits fail with ERR_BUFFER. Null if no buffer is attached (the
     * standard is silent there; MPICH returns no buffer and no error). ERR_BUFFER if another thread's detach is
     * under way.
     */
    @ThreadSafety(SafetyClass.OWN)
    public ByteBuffer bufferDetach() {
        return BufferedSends.detach(rank);
    }

    /**
     * {@code MPI_Comm_create_keyval}: a new attribute key of this rank, with the callbacks {@link Comm#dup()}
     * ({@code copy}) and attribute deletion ({@code delete}) run, and {@code extraState} passed to both. Null
     * callbacks are {@code ERR_ARG}: pass {@link Keyval#NULL_COPY_FN}, {@link Keyval#DUP_FN},
     * {@link Keyval#NULL_DELETE_FN}.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Keyval createKeyval(Keyval.CopyFunction copy, Keyval.DeleteFunction delete, Object extraState) {
        return Keyval.create(rank, copy, delete, extraState);
    }

    /** {@code MPI_Info_create}: a new, empty info object of this rank. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Info createInfo() {
        return Info.create(rank);
    }

    /** {@code MPI_Wtime}: seconds since the job started. */
    @ThreadSafety(SafetyClass.NONE)
    public double wtime() {
        return rank.job.wtime();
    }

    /** {@code MPI_Wtick}: resolution of {@link #wtime()}. */
    @ThreadSafety(SafetyClass.NONE)
    public double wtick() {
        return 1e-9;
    }

    /** {@code MPI_COMM_WORLD} of this rank. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public Comm commWorld() {
        requireInit();
        return rank.world;
    }

    /** {@code MPI_COMM_SELF} of this rank. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public Comm commSelf() {
        requireInit();
        return rank.self;
    }

    /**
     * {@code MPI_Grequest_start} (MPI-3.1 §12.2): an active request whose operation the user carries out and
     * completes with {@link Request#grequestComplete}; {@link Grequest} says when each callback runs. The
     * request belongs to this rank (its errors go to {@code MPI_COMM_WORLD}'s handler). Null callbacks are
     * ERR_ARG.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Request grequestStart(Grequest.QueryFunction query, Grequest.FreeFunction free,
                                 Grequest.CancelFunction cancel, Object extraState) {
        return GeneralizedRequest.start(commWorld(), query, free, cancel, extraState);
    }

    /** Mutex acquisitions counted on this rank (when the job counts locks; Balaji et al. Table 1). */
    @ThreadSafety(SafetyClass.NONE)
    public long lockAcquisitions() {
        return rank.cs.acquisitions();
    }

    /** Nanoseconds this rank's threads waited for contended mutexes (when the job counts locks). */
    @ThreadSafety(SafetyClass.NONE)
    public long lockWaitNanos() {
        return rank.cs.waitNanos();
    }

    /** Number of messages and receives held in this rank's matching engine (for leak checks). */
    @ThreadSafety(SafetyClass.NONE)
    public int pendingMatches() {
        return rank.engine.size();
    }

    /** The number of context ids this rank has free. */
    @ThreadSafety(SafetyClass.NONE)
    public int freeContextIds() {
        return rank.contextIds.freeCount();
    }

    private void requireInit() {
        if (rank.phase == RankContext.NEW) {
            throw new MpiException(ErrorClass.ERR_OTHER, "MPI is not initialized on rank " + rank.worldRank);
        }
    }
}
