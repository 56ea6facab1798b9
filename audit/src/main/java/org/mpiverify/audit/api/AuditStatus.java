package org.mpiverify.audit.api;

/**
 * What a completed receive, probe or request reports, in the audit's own constants.
 *
 * @param source    the sender's rank in the communicator, or {@link AuditMpi#PROC_NULL}
 * @param tag       the message tag, or {@link AuditMpi#ANY_TAG} for {@code PROC_NULL}
 * @param count     number of {@code MPI_INT} elements received
 * @param cancelled whether the request was cancelled
 * @param error     the library's error class for this request, 0 for success
 */
public record AuditStatus(int source, int tag, int count, boolean cancelled, int error) {
}
