package org.mpiverify.harness.api;

/**
 * The three callbacks of a generalized request ({@code MPI_Grequest_start}, MPI-3.1 §12.2), in the audit's
 * terms; the extra state is the implementing object. MPI calls {@link #query} in the wait or test that completes
 * the request, {@link #free} after it (or, for a freed handle, in the later of the free and the completion), and
 * {@link #cancel} in {@code MPI_Cancel}. Each runs in the thread of the MPI call that runs it.
 */
public interface GrequestCallbacks {
    /** The status the completed request reports: its source, tag and {@code MPI_INT} count. */
    AuditStatus query();

    void free();

    void cancel(boolean complete);
}
