package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An attribute key for communicators ({@code MPI_Comm_create_keyval}, MPI-3.1 §6.7.2), with the copy callback
 * that {@link Comm#dup()} runs on each attribute set with it and the delete callback that {@link Comm#free()},
 * {@link Comm#deleteAttr} and the overwrite of a value by {@link Comm#setAttr} run. Made by
 * {@link Mpi#createKeyval}; local to its process (rank): a key of another rank is {@code ERR_KEYVAL}.
 *
 * <p>Predefined keys ({@link #TAG_UB}, {@link #HOST}, {@link #IO}, {@link #WTIME_IS_GLOBAL},
 * {@link #UNIVERSE_SIZE}, {@link #APPNUM}) are shared by every rank; {@link Comm#getAttr} answers them on every
 * communicator (as MPICH does; MPI guarantees them on {@code COMM_WORLD}), and they cannot be set, deleted or
 * freed ({@code ERR_KEYVAL}).
 *
 * <p>Reference count (Gropp &amp; Thakur §4.1): the handle holds one reference and every attribute set with the
 * key one more. {@link #free()} drops the handle's: the key can no longer be named in a call, but attributes
 * already set with it keep working (dup still runs its copy callback, free its delete callback: MPI-3.1 §6.7.2,
 * "the actual free does not transpire until after all references ... to the key have been freed"). The count
 * changes only atomically.
 *
 * <p>Callbacks are user code run inside the MPI call that caused them, on the calling thread (under the
 * {@code GLOBAL} granularity with the rank mutex held), and may make MPI calls. One that throws an
 * {@link MpiException} fails that call with its error class; any other exception fails it with {@code ERR_OTHER}.
 */
public final class Keyval {
    /*
     * Implementation notes.
     *
     * rank, copy, delete, extraState and name are final, set before the handle is published (the return of
     * Mpi.createKeyval). freed goes false -> true once, by CAS in free().
     *
     * Reference count invariants (as Comm's): refs >= 0; refs is the handle's one reference until free (0
     * after) plus one per attribute that holds the key; a count that reached zero stays zero (retain never
     * starts from zero), so no attribute can be set with a key whose last reference was dropped.
     *
     * Linearization points: retain, its successful CAS; release, its getAndAdd; free, its CAS of freed.
     */

    /** {@code MPI_Comm_copy_attr_function}: what {@link Comm#dup()} does with one attribute. */
    @FunctionalInterface
    public interface CopyFunction {
        /**
         * Returns the value the new communicator gets for {@code keyval}, or null to leave the attribute out of
         * it ({@code flag = 0}). {@code oldComm} is the communicator being duplicated.
         */
        Object copy(Comm oldComm, Keyval keyval, Object extraState, Object value);
    }

    /** {@code MPI_Comm_delete_attr_function}: run when an attribute is deleted, overwritten, or its communicator freed. */
    @FunctionalInterface
    public interface DeleteFunction {
        void delete(Comm comm, Keyval keyval, Object value, Object extraState);
    }

    /** {@code MPI_COMM_NULL_COPY_FN}: the attribute is not copied. */
    public static final CopyFunction NULL_COPY_FN = (comm, keyval, extraState, value) -> null;
    /** {@code MPI_COMM_DUP_FN}: the new communicator gets the same value. */
    public static final CopyFunction DUP_FN = (comm, keyval, extraState, value) -> value;
    /** {@code MPI_COMM_NULL_DELETE_FN}: nothing to do. */
    public static final DeleteFunction NULL_DELETE_FN = (comm, keyval, value, extraState) -> { };

    /** {@code MPI_TAG_UB}: the largest tag ({@link Mpi#TAG_UB}), an {@code Integer}. */
    public static final Keyval TAG_UB = new Keyval("MPI_TAG_UB");
    /** {@code MPI_HOST}: {@link Mpi#PROC_NULL}: no rank is a host with a special meaning here. */
    public static final Keyval HOST = new Keyval("MPI_HOST");
    /** {@code MPI_IO}: {@link Mpi#ANY_SOURCE}: every rank can do I/O (they share one JVM). */
    public static final Keyval IO = new Keyval("MPI_IO");
    /** {@code MPI_WTIME_IS_GLOBAL}: 1: every rank reads the job's one clock ({@link Mpi#wtime()}). */
    public static final Keyval WTIME_IS_GLOBAL = new Keyval("MPI_WTIME_IS_GLOBAL");
    /** {@code MPI_UNIVERSE_SIZE}: the number of ranks of the job (nothing can be spawned). */
    public static final Keyval UNIVERSE_SIZE = new Keyval("MPI_UNIVERSE_SIZE");
    /** {@code MPI_APPNUM}: 0: a job runs one program ({@link RankMain}) on every rank. */
    public static final Keyval APPNUM = new Keyval("MPI_APPNUM");

    private static final VarHandle REFS;
    private static final VarHandle FREED;
    static {
        try {
            REFS = MethodHandles.lookup().findVarHandle(Keyval.class, "refs", int.class);
            FREED = MethodHandles.lookup().findVarHandle(Keyval.class, "freed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The rank the key belongs to; null for a predefined key. */
    final RankContext rank;
    final CopyFunction copy;
    final DeleteFunction delete;
    final Object extraState;
    private final String name;
    private volatile boolean freed;
    @SuppressWarnings("unused") // through REFS
    private volatile int refs = 1;

    private Keyval(String predefinedName) {
        this(null, NULL_COPY_FN, NULL_DELETE_FN, null, predefinedName);
    }

    Keyval(RankContext rank, CopyFunction copy, DeleteFunction delete, Object extraState, String name) {
        this.rank = rank;
        this.copy = copy;
        this.delete = delete;
        this.extraState = extraState;
        this.name = name;
    }

    /** {@code MPI_Comm_create_keyval}, the body of {@link Mpi#createKeyval}. */
    static Keyval create(RankContext rank, CopyFunction copy, DeleteFunction delete, Object extraState) {
        return rank.call(null, () -> {
            if (copy == null || delete == null) {
                throw new MpiException(ErrorClass.ERR_ARG, (copy == null ? "copy" : "delete")
                        + " function is null (use NULL_COPY_FN, DUP_FN or NULL_DELETE_FN)");
            }
            return new Keyval(rank, copy, delete, extraState, "keyval@" + rank.worldRank);
        });
    }

    /**
     * {@code MPI_Comm_free_keyval}: the key can no longer be named in a call ({@code ERR_KEYVAL}); attributes set
     * with it stay until they are deleted or their communicator is freed, and their callbacks still run.
     * A predefined key, or one freed already, is {@code ERR_KEYVAL}.
     */
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        if (rank == null) {
            throw new MpiException(ErrorClass.ERR_KEYVAL, name + " is predefined: it cannot be freed");
        }
        rank.run(null, () -> {
            if (!FREED.compareAndSet(this, false, true)) {
                throw new MpiException(ErrorClass.ERR_KEYVAL, "keyval was freed");
            }
            release();
        });
    }

    /** True once {@link #free()} was called on this handle. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isFreed() {
        return freed;
    }

    /** True for {@link #TAG_UB} and the other keys MPI defines. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isPredefined() {
        return rank == null;
    }

    /**
     * ERR_KEYVAL unless this is a live user key of {@code comm}'s rank (a call that names the key: set, delete;
     * and get, unless {@code predefinedOk}).
     */
    void check(Comm comm, boolean predefinedOk) {
        if (rank == null) {
            if (!predefinedOk) {
                throw new MpiException(ErrorClass.ERR_KEYVAL, name + " is predefined: it cannot be set or deleted");
            }
            return;
        }
        if (freed) {
            throw new MpiException(ErrorClass.ERR_KEYVAL, "keyval was freed");
        }
        if (rank != comm.rank) {
            throw new MpiException(ErrorClass.ERR_KEYVAL, "keyval belongs to rank " + rank.worldRank
                    + ", not to rank " + comm.rank.worldRank);
        }
    }

    /** Takes a reference for an attribute about to be set. Never from zero. The successful CAS is the linearization point. */
    void retain() {
        int r;
        do {
            r = refs;
            if (r <= 0) {
                throw new MpiException(ErrorClass.ERR_KEYVAL, "keyval was freed");
            }
        } while (!REFS.compareAndSet(this, r, r + 1));
    }

    /** Drops a reference (the handle's, or an attribute's that was deleted). */
    void release() {
        REFS.getAndAdd(this, -1);
    }

    /** The reference count now: the handle's one until freed, plus one per attribute set with the key (tests). */
    int references() {
        return refs;
    }

    @Override
    public String toString() {
        return "Keyval[" + name + (freed ? ", freed" : "") + "]";
    }
}
