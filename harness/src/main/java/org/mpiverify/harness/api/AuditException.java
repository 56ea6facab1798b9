package org.mpiverify.harness.api;

/**
 * An MPI call returned an error: {@code errorClass} is the library's {@code MPI_Error_class} value
 * and {@code errorName} its symbolic name ({@code "MPI_ERR_RANK"}, ...) where the binding knows it.
 */
public final class AuditException extends RuntimeException {
    private final int errorClass;
    private final String errorName;

    public AuditException(String call, int errorClass, String errorName, String detail) {
        super(call + " failed: " + errorName + " (" + errorClass + ")" + (detail == null ? "" : ": " + detail));
        this.errorClass = errorClass;
        this.errorName = errorName;
    }

    public int errorClass() { return errorClass; }
    public String errorName() { return errorName; }
}
