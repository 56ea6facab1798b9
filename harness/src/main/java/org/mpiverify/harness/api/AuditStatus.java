package org.mpiverify.harness.api;

/**
 * What a completed receive, probe or request reports, in the audit's own constants.
 *
 * @param source    the sender's rank in the communicator, or {@link AuditMpi#PROC_NULL}
 * @param tag       the message tag, or {@link AuditMpi#ANY_TAG} for {@code PROC_NULL}
 * @param count     number of {@code MPI_INT} elements received
 * @param cancelled whether the request was cancelled
 * @param error     the library's error class for this request, 0 for success
 * @param errorName the error class's symbolic name ({@code "MPI_ERR_TRUNCATE"}), or null when {@code error} is 0;
 *                  scenarios compare names, since the numbers differ between libraries
 */
public record AuditStatus(int source, int tag, int count, boolean cancelled, int error, String errorName) {
    /** The empty status MPI gives for {@code MPI_REQUEST_NULL}: any source, any tag, no data, no error. */
    public static final AuditStatus EMPTY = new AuditStatus(AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG, 0, false, 0, null);

    /** A status whose error, if any, has no known name (bindings that know the name use the canonical constructor). */
    public AuditStatus(int source, int tag, int count, boolean cancelled, int error) {
        this(source, tag, count, cancelled, error, error == 0 ? null : "MPI error class " + error);
    }

    /** This status with the error class {@code error} named {@code name} (an array call's per-request error). */
    public AuditStatus withError(int error, String name) {
        return new AuditStatus(source, tag, count, cancelled, error, error == 0 ? null : name);
    }
}
