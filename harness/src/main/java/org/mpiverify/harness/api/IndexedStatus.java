package org.mpiverify.harness.api;

/**
 * What {@code MPI_Waitany} and {@code MPI_Testany} report: which request of the caller's array completed, and its
 * status; {@code index} is {@link AuditMpi#UNDEFINED} (with {@link AuditStatus#EMPTY}) when no entry was active.
 */
public record IndexedStatus(int index, AuditStatus status) {
    /** No entry of the array was active. */
    public static final IndexedStatus NONE = new IndexedStatus(AuditMpi.UNDEFINED, AuditStatus.EMPTY);
}
