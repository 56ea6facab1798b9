package org.mpiverify.mpi;

/**
 * An MPI error: carries the MPI error class. Thrown by every call of the core on bad input or failure,
 * after the communicator's error handler has run (the handler runs once, at the outermost call level:
 * Gropp &amp; Thakur §4.2). A call that throws leaves the core's state as it was before the call, except
 * where MPI says otherwise (a truncated message is consumed).
 */
public class MpiException extends RuntimeException {
    private final ErrorClass errorClass;

    public MpiException(ErrorClass errorClass, String message) {
        super(errorClass + ": " + message);
        this.errorClass = errorClass;
    }

    public MpiException(ErrorClass errorClass, String message, Throwable cause) {
        super(errorClass + ": " + message, cause);
        this.errorClass = errorClass;
    }

    /** The MPI error class of this error. */
    public ErrorClass errorClass() { return errorClass; }
}
