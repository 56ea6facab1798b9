package org.mpiverify.mpi;

/**
 * Thread-safety classes of MPI functions (Gropp &amp; Thakur §3). Each public method of the core is
 * annotated with its class through {@link ThreadSafety}.
 */
public enum SafetyClass {
    /** No thread-safety issues, or none in correct programs and the call must be cheap (e.g. {@code wtime}). */
    NONE,
    /** Reads fixed data of an object (e.g. {@code Comm.size}); an erroneous program could race with a free. */
    ACCESS_ONLY,
    /** Updates an object's reference count to return a reference to it (e.g. {@code Comm.group}). */
    UPDATE_REF,
    /** Uses the communication system (e.g. {@code send}, {@code recv}). */
    COMM_IO,
    /** Collective; the user orders calls on one communicator (e.g. {@code bcast}, {@code dup}). */
    COLLECTIVE,
    /** Reads an element of a list (attributes, info). */
    READ_LIST,
    /** Updates a list that may also be read. */
    UPDATE_LIST,
    /** Allocates an object (e.g. {@code Group.incl}). */
    ALLOCATE,
    /** Has its own thread-safety management. */
    OWN,
    /** Special cases: {@code abort}, {@code finalize}, {@code initThread}. */
    OTHER
}
