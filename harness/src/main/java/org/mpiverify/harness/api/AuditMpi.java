package org.mpiverify.harness.api;

/**
 * One rank's view of an MPI implementation under audit: the one small interface every target
 * (our core, MPICH and Open MPI through FFM, MPJ Express) implements, and the only thing a
 * scenario calls.
 *
 * <p>Conventions, so that one scenario runs unchanged on every target:
 * <ul>
 *   <li>Handles (communicators, groups, requests, messages) are opaque {@code long}s owned by the
 *       binding. {@link #COMM_NULL}, {@link #REQUEST_NULL} and {@link #MESSAGE_NO_PROC} are the
 *       audit's own values; bindings translate them.</li>
 *   <li>Wildcards and special ranks are the audit's constants ({@link #ANY_SOURCE},
 *       {@link #ANY_TAG}, {@link #PROC_NULL}); a binding translates them to its library's values
 *       (MPICH's {@code MPI_ANY_SOURCE} is -2, Open MPI's -1).</li>
 *   <li>Buffers are {@code int[]} (MPI_INT); counts are in elements. A nonblocking call keeps
 *       whatever native memory it needs alive until the request completes, and copies received
 *       data into the Java array no later than the wait or test that completes it.</li>
 *   <li>Errors: an MPI error surfaces as {@link AuditException} with the library's error class
 *       (bindings set {@code MPI_ERRORS_RETURN} on every communicator they create). An operation
 *       the library does not have (for example {@code MPI_Isendrecv} before MPI-4) throws
 *       {@link UnsupportedOperationException}; the audit reports it as UNSUPPORTED.</li>
 *   <li>Thread safety is exactly the library's: the binding adds no locks. That is the point.</li>
 * </ul>
 */
public interface AuditMpi {
    int THREAD_SINGLE = 0, THREAD_FUNNELED = 1, THREAD_SERIALIZED = 2, THREAD_MULTIPLE = 3;
    int ANY_SOURCE = -2, ANY_TAG = -1, PROC_NULL = -3;
    long COMM_NULL = 0, GROUP_NULL = 0, REQUEST_NULL = 0, MESSAGE_NULL = 0;
    /** The message handle {@code mprobe} returns for a probe of {@code PROC_NULL}. */
    long MESSAGE_NO_PROC = -1;
    int IDENT = 0, CONGRUENT = 1, SIMILAR = 2, UNEQUAL = 3;
    int UNDEFINED = -32766;

    enum ReduceOp { SUM, MAX, MIN, BAND, BOR }

    /** Library name and version, for example {@code "MPICH 4.0.2"} or {@code "core PER_OBJECT/HASH_TABLE"}. */
    String implementation();

    /** {@code MPI_Init_thread}: returns the level provided. Called once per rank, before anything else. */
    int initThread(int required);
    int queryThread();
    boolean isThreadMain();
    void finalizeMpi();
    /** {@code MPI_Abort} on {@code MPI_COMM_WORLD}; does not return normally. */
    void abort(int errorCode);
    double wtime();

    long commWorld();
    /** {@code MPI_COMM_SELF}. */
    long commSelf();
    int commRank(long comm);
    int commSize(long comm);

    // Point-to-point. Status is never ignored, so scenarios can check source, tag and count.
    void send(long comm, int[] buf, int count, int dest, int tag);
    void ssend(long comm, int[] buf, int count, int dest, int tag);
    long isend(long comm, int[] buf, int count, int dest, int tag);
    long issend(long comm, int[] buf, int count, int dest, int tag);
    AuditStatus recv(long comm, int[] buf, int count, int source, int tag);
    long irecv(long comm, int[] buf, int count, int source, int tag);
    AuditStatus sendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                         int[] recvBuf, int recvCount, int source, int recvTag);
    /** MPI-4 {@code MPI_Isendrecv}; throws {@link UnsupportedOperationException} where absent. */
    long isendrecv(long comm, int[] sendBuf, int sendCount, int dest, int sendTag,
                   int[] recvBuf, int recvCount, int source, int recvTag);
    /**
     * {@code MPI_Buffer_attach} of a buffer of {@code bytes} bytes that the binding allocates and keeps until
     * {@link #bufferDetach()}; throws {@link UnsupportedOperationException} where the binding has no buffered sends.
     */
    default void bufferAttach(int bytes) {
        throw new UnsupportedOperationException("MPI_Buffer_attach is not bound for " + implementation());
    }
    /** {@code MPI_Buffer_detach}: waits until the buffered messages have left the buffer; its size in bytes (0: none). */
    default int bufferDetach() {
        throw new UnsupportedOperationException("MPI_Buffer_detach is not bound for " + implementation());
    }
    /** {@code MPI_Bsend} of {@code count} ints through the attached buffer. */
    default void bsend(long comm, int[] buf, int count, int dest, int tag) {
        throw new UnsupportedOperationException("MPI_Bsend is not bound for " + implementation());
    }
    /** {@code MPI_Ibsend} of {@code count} ints through the attached buffer. */
    default long ibsend(long comm, int[] buf, int count, int dest, int tag) {
        throw new UnsupportedOperationException("MPI_Ibsend is not bound for " + implementation());
    }

    AuditStatus probe(long comm, int source, int tag);
    /** Returns {@code null} when no message matches. */
    AuditStatus iprobe(long comm, int source, int tag);
    /** Returns the message handle; {@code status[0]} receives the status. */
    long mprobe(long comm, int source, int tag, AuditStatus[] status);
    /** Returns {@link #MESSAGE_NULL} when no message matches. */
    long improbe(long comm, int source, int tag, AuditStatus[] status);
    AuditStatus mrecv(long message, int[] buf, int count);
    long imrecv(long message, int[] buf, int count);

    // Requests.
    AuditStatus waitFor(long request);
    /** Returns {@code null} while the request is incomplete; the completed request is freed. */
    AuditStatus test(long request);
    void cancel(long request);
    void requestFree(long request);

    // Persistent and generalized requests, and waitSome (MPI-3.1 §3.9, §12.2, §3.7.5). A binding without them
    // throws UnsupportedOperationException naming the MPI call (the default), so a scenario that makes one of them
    // its first call is UNSUPPORTED there. A persistent request's handle stays valid when a wait completes it
    // (inactive, not REQUEST_NULL) until requestFree.

    /** {@code MPI_Send_init}, or {@code MPI_Ssend_init} if {@code sync}: an inactive persistent request. */
    default long sendInit(long comm, int[] buf, int count, int dest, int tag, boolean sync) {
        throw new UnsupportedOperationException((sync ? "MPI_Ssend_init" : "MPI_Send_init") + ": not in the "
                + implementation() + " binding");
    }

    /** {@code MPI_Recv_init}: an inactive persistent request; the received message lands in {@code buf} at each completion. */
    default long recvInit(long comm, int[] buf, int count, int source, int tag) {
        throw new UnsupportedOperationException("MPI_Recv_init: not in the " + implementation() + " binding");
    }

    /** {@code MPI_Start}. */
    default void start(long request) {
        throw new UnsupportedOperationException("MPI_Start: not in the " + implementation() + " binding");
    }

    /** {@code MPI_Startall}. */
    default void startAll(long[] requests) {
        throw new UnsupportedOperationException("MPI_Startall: not in the " + implementation() + " binding");
    }

    /**
     * {@code MPI_Waitsome}: the number completed ({@link #UNDEFINED} if no entry is active), their indices in
     * {@code indices} and statuses in {@code statuses}; completed non-persistent entries become REQUEST_NULL.
     */
    default int waitSome(long[] requests, int[] indices, AuditStatus[] statuses) {
        throw new UnsupportedOperationException("MPI_Waitsome: not in the " + implementation() + " binding");
    }

    /** {@code MPI_Grequest_start} with these callbacks. */
    default long grequestStart(GrequestCallbacks callbacks) {
        throw new UnsupportedOperationException("MPI_Grequest_start: not in the " + implementation() + " binding");
    }

    /** {@code MPI_Grequest_complete}. */
    default void grequestComplete(long request) {
        throw new UnsupportedOperationException("MPI_Grequest_complete: not in the " + implementation() + " binding");
    }

    // Requests, several at once (MPI-3.1 §3.7.5). An entry that is REQUEST_NULL is ignored; an entry the call
    // completes becomes REQUEST_NULL in the caller's array, as MPI sets it. A request that completes with an error
    // (a truncated receive) does not make the call throw, so that the caller still learns which one it was: its
    // status carries the error class and name (MPI_Waitall and MPI_Testall return MPI_ERR_IN_STATUS and set them in
    // each status; MPI_Waitany and MPI_Testany return the request's error code, which the binding moves into the
    // status). Errors of the call itself (an invalid handle) still throw AuditException.

    /** {@code MPI_Waitany}: waits until one active entry completes; {@link IndexedStatus#NONE} if none is active. */
    IndexedStatus waitAny(long[] requests);
    /**
     * {@code MPI_Testany}: completes one done entry, or returns {@code null} while none is done; {@link
     * IndexedStatus#NONE} if no entry is active.
     */
    IndexedStatus testAny(long[] requests);
    /**
     * {@code MPI_Waitall}: every entry's status ({@link AuditStatus#EMPTY} for REQUEST_NULL entries). When a request
     * fails, MPI lets the call leave others uncompleted: their status says {@code MPI_ERR_PENDING} and they stay in
     * the array, to be completed by another call (MPICH 4.0 does so for every entry after the first failed one).
     */
    AuditStatus[] waitAll(long[] requests);
    /**
     * {@code MPI_Testall}: every entry's status if all are done (then all complete), else {@code null} (none
     * completes) — unless one of the done entries failed: then, as for {@link #waitAll}, the done ones complete and the
     * others say {@code MPI_ERR_PENDING} and stay (MPICH 4.0 completes the done ones then).
     */
    AuditStatus[] testAll(long[] requests);

    // Communicators and groups.
    long commDup(long comm);
    long commSplit(long comm, int color, int key);
    long commCreate(long comm, long group);
    /** MPI-3 {@code MPI_Comm_create_group}: collective only over {@code group}. */
    long commCreateGroup(long comm, long group, int tag);
    /**
     * MPI-3 {@code MPI_Comm_idup}: returns the request; {@code newComm[0]} receives the new communicator
     * no later than the wait or test that completes the request (as MPI writes {@code newcomm}).
     */
    long commIdup(long comm, long[] newComm);
    void commFree(long comm);
    int commCompare(long a, long b);
    long commGroup(long comm);
    long groupIncl(long group, int[] ranks);
    int groupSize(long group);
    void groupFree(long group);

    // Collectives.
    void barrier(long comm);
    void bcast(long comm, int[] buf, int count, int root);
    void allreduce(long comm, int[] in, int[] out, int count, ReduceOp op);

    // Nonblocking collectives (MPI-3): results reach the Java arrays no later than the completing wait or test.
    long ibarrier(long comm);
    long ibcast(long comm, int[] buf, int count, int root);
    long iallreduce(long comm, int[] in, int[] out, int count, ReduceOp op);
    /** MPI_Ireduce of {@code count} ints to {@code root}'s {@code out} ({@code out} is not touched elsewhere). */
    long ireduce(long comm, int[] in, int[] out, int count, ReduceOp op, int root);
    /** MPI_Igather of {@code count} ints a rank to {@code root}'s {@code recv} (size times count; ignored elsewhere). */
    long igather(long comm, int[] send, int count, int[] recv, int root);
    /**
     * MPI_Igatherv: {@code sendCount} ints from each rank to {@code root}'s {@code recv}, rank r's at {@code displs[r]}
     * ({@code recvCounts[r]} of them); {@code recv}, {@code recvCounts} and {@code displs} are significant at the root
     * only, and the root's ints between the blocks are left as they were.
     */
    long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root);
    /**
     * MPI_Iscatterv: {@code sendCounts[r]} ints from {@code root}'s {@code send} at {@code displs[r]} to rank r's
     * {@code recv} ({@code recvCount} of them); {@code send}, {@code sendCounts} and {@code displs} are significant at the
     * root only.
     */
    long iscatterv(long comm, int[] send, int[] sendCounts, int[] displs, int[] recv, int recvCount, int root);
    /** MPI_Iscatter of {@code count} ints a rank from {@code root}'s {@code send} (size times count; ignored elsewhere). */
    long iscatter(long comm, int[] send, int[] recv, int count, int root);
    /** MPI_Iallgather of {@code count} ints a rank into every rank's {@code recv} (size times count). */
    long iallgather(long comm, int[] send, int count, int[] recv);
    /** MPI_Ialltoall of {@code count} ints to and from each rank ({@code send} and {@code recv}: size times count). */
    long ialltoall(long comm, int[] send, int[] recv, int count);

    // Attributes and info objects (MPI-3.1 §6.7, §9; Gropp & Thakur §3 Read List, Update List, Allocate). A binding
    // that does not have them keeps these defaults, and the audit reports the scenarios that use them as UNSUPPORTED.

    /**
     * {@code MPI_Comm_create_keyval} with {@code MPI_COMM_DUP_FN} ({@code copyOnDup}) or {@code MPI_COMM_NULL_COPY_FN}
     * as the copy callback and {@code MPI_COMM_NULL_DELETE_FN}: returns the key.
     */
    default long keyvalCreate(boolean copyOnDup) {
        throw new UnsupportedOperationException("MPI_Comm_create_keyval: not in this binding");
    }

    /** {@code MPI_Comm_free_keyval}. */
    default void keyvalFree(long keyval) {
        throw new UnsupportedOperationException("MPI_Comm_free_keyval: not in this binding");
    }

    /** {@code MPI_Comm_set_attr} of an integer value (stored as the attribute itself, as C stores a pointer). */
    default void commSetAttr(long comm, long keyval, long value) {
        throw new UnsupportedOperationException("MPI_Comm_set_attr: not in this binding");
    }

    /** {@code MPI_Comm_get_attr} of a key {@link #keyvalCreate} made: the value, or null when {@code flag} is false. */
    default Long commGetAttr(long comm, long keyval) {
        throw new UnsupportedOperationException("MPI_Comm_get_attr: not in this binding");
    }

    /** {@code MPI_Comm_delete_attr}. */
    default void commDeleteAttr(long comm, long keyval) {
        throw new UnsupportedOperationException("MPI_Comm_delete_attr: not in this binding");
    }

    /** {@code MPI_Comm_get_attr(comm, MPI_TAG_UB)}: the predefined attribute's value, or null when {@code flag} is false. */
    default Integer commTagUb(long comm) {
        throw new UnsupportedOperationException("MPI_Comm_get_attr(MPI_TAG_UB): not in this binding");
    }

    /** {@code MPI_Info_create}. */
    default long infoCreate() {
        throw new UnsupportedOperationException("MPI_Info_create: not in this binding");
    }

    /** {@code MPI_Info_set}. */
    default void infoSet(long info, String key, String value) {
        throw new UnsupportedOperationException("MPI_Info_set: not in this binding");
    }

    /** {@code MPI_Info_get}: the value, or null when {@code flag} is false. */
    default String infoGet(long info, String key) {
        throw new UnsupportedOperationException("MPI_Info_get: not in this binding");
    }

    /** {@code MPI_Info_delete}. */
    default void infoDelete(long info, String key) {
        throw new UnsupportedOperationException("MPI_Info_delete: not in this binding");
    }

    /** {@code MPI_Info_get_nkeys}. */
    default int infoNKeys(long info) {
        throw new UnsupportedOperationException("MPI_Info_get_nkeys: not in this binding");
    }

    /** {@code MPI_Info_get_nthkey}. */
    default String infoNthKey(long info, int n) {
        throw new UnsupportedOperationException("MPI_Info_get_nthkey: not in this binding");
    }

    /** {@code MPI_Info_free}. */
    default void infoFree(long info) {
        throw new UnsupportedOperationException("MPI_Info_free: not in this binding");
    }

    // Derived datatypes of MPI_INT (MPI-3.1 §4.1), bound for every target (the core, MPICH and Open MPI, MPJ Express);
    // a binding without them throws UnsupportedOperationException (UNSUPPORTED). Buffers stay int[], counts are in
    // items of the type, the type's map in ints; a status counts ints (MPI_Get_count with MPI_INT).

    /** {@code MPI_Type_vector} of {@code MPI_INT}: the new, uncommitted type's handle. */
    default long typeVector(int count, int blocklength, int stride) {
        throw new UnsupportedOperationException("MPI_Type_vector: not bound for " + implementation());
    }

    /** {@code MPI_Type_commit}. */
    default void typeCommit(long type) {
        throw new UnsupportedOperationException("MPI_Type_commit: not bound for " + implementation());
    }

    /** {@code MPI_Type_free}: operations already using the type complete normally (MPI-3.1 §4.1.9). */
    default void typeFree(long type) {
        throw new UnsupportedOperationException("MPI_Type_free: not bound for " + implementation());
    }

    /** {@code MPI_Send} of {@code count} items of a derived type from {@code buf}. */
    default void sendTyped(long comm, int[] buf, int count, long type, int dest, int tag) {
        throw new UnsupportedOperationException("MPI_Send with a derived datatype: not bound for " + implementation());
    }

    /** {@code MPI_Irecv} of {@code count} items of a derived type into {@code buf} (the ints its map addresses). */
    default long irecvTyped(long comm, int[] buf, int count, long type, int source, int tag) {
        throw new UnsupportedOperationException("MPI_Irecv with a derived datatype: not bound for " + implementation());
    }
}
