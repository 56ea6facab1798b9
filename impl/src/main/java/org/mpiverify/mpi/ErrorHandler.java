package org.mpiverify.mpi;

/**
 * A communicator's error handler. It runs once per failed call, at the outermost call level (Gropp &amp;
 * Thakur §4.2: a failure inside an internal, nested call is passed up, not handled where it happened),
 * before the {@link MpiException} reaches the caller.
 */
@FunctionalInterface
public interface ErrorHandler {
    /** {@code MPI_ERRORS_ARE_FATAL}: aborts the whole job cleanly; the caller then sees the exception. */
    ErrorHandler ERRORS_ARE_FATAL = new ErrorHandler() {
        @Override
        public void handle(Comm comm, MpiException error) {
            comm.abortFromHandler(error);
        }

        @Override
        public String toString() {
            return "ERRORS_ARE_FATAL";
        }
    };

    /** {@code MPI_ERRORS_RETURN}: only throws the exception to the caller (Java's "return code"). */
    ErrorHandler ERRORS_RETURN = new ErrorHandler() {
        @Override
        public void handle(Comm comm, MpiException error) {
        }

        @Override
        public String toString() {
            return "ERRORS_RETURN";
        }
    };

    void handle(Comm comm, MpiException error);
}
