package org.mpiverify.mpi;

/**
 * The status of a completed receive or probe: source, tag, size, error and cancellation. Immutable.
 */
public final class Status {
    static final Status EMPTY = new Status(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, ErrorClass.SUCCESS, false);
    static final Status PROC_NULL = new Status(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.SUCCESS, false);

    private final int source;
    private final int tag;
    private final long bytes;
    private final ErrorClass error;
    private final boolean cancelled;

    Status(int source, int tag, long bytes, ErrorClass error, boolean cancelled) {
        this.source = source;
        this.tag = tag;
        this.bytes = bytes;
        this.error = error;
        this.cancelled = cancelled;
    }

    /** The sender's rank in the communicator ({@code MPI_SOURCE}). */
    @ThreadSafety(SafetyClass.NONE)
    public int source() { return source; }

    /** The message's tag ({@code MPI_TAG}). */
    @ThreadSafety(SafetyClass.NONE)
    public int tag() { return tag; }

    /** Number of bytes received (or, for a probe, in the message). */
    @ThreadSafety(SafetyClass.NONE)
    public long bytes() { return bytes; }

    /** {@code MPI_Get_count}: whole items of {@code type} (predefined or derived), or {@link Mpi#UNDEFINED} if the size is not a multiple. */
    @ThreadSafety(SafetyClass.NONE)
    public int count(MpiDatatype type) {
        int size = type.size();
        if (size == 0) {
            return bytes == 0 ? 0 : Mpi.UNDEFINED;   // a type with no data: MPI's count of 0
        }
        return bytes % size == 0 ? (int) (bytes / size) : Mpi.UNDEFINED;
    }

    /** {@code MPI_ERROR}: SUCCESS, or ERR_TRUNCATE for a message longer than the receive buffer. */
    @ThreadSafety(SafetyClass.NONE)
    public ErrorClass error() { return error; }

    /** {@code MPI_Test_cancelled}. */
    @ThreadSafety(SafetyClass.NONE)
    public boolean isCancelled() { return cancelled; }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", bytes=" + bytes + ", error=" + error
                + (cancelled ? ", cancelled" : "") + "]";
    }
}
