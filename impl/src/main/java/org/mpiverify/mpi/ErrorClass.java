package org.mpiverify.mpi;

/**
 * MPI error classes, with the numeric values the MPI standard's C binding uses in MPICH, so a report
 * can put our core's errors beside a native library's.
 */
public enum ErrorClass {
    SUCCESS(0),
    ERR_BUFFER(1),
    ERR_COUNT(2),
    ERR_TYPE(3),
    ERR_TAG(4),
    ERR_COMM(5),
    ERR_RANK(6),
    ERR_REQUEST(7),
    ERR_ROOT(8),
    ERR_GROUP(9),
    ERR_OP(10),
    ERR_ARG(12),
    ERR_UNKNOWN(13),
    ERR_TRUNCATE(14),
    ERR_OTHER(15),
    ERR_INTERN(16),
    ERR_IN_STATUS(17),
    ERR_PENDING(18),
    /** An invalid info object (freed, of another process, or null where one is required). */
    ERR_INFO(28),
    /** An info key that is null, empty or longer than {@code Info.MAX_INFO_KEY}. */
    ERR_INFO_KEY(29),
    /** An info value that is null or longer than {@code Info.MAX_INFO_VAL}. */
    ERR_INFO_VALUE(30),
    /** {@code MPI_Info_delete} of a key the info object does not have. */
    ERR_INFO_NOKEY(31),
    /**
     * Out of memory: a receive refused because the heap was nearly full of live data after its last collection
     * (every outstanding receive holds heap), instead of a JVM that collects garbage for minutes.
     */
    ERR_NO_MEM(34),
    /** An invalid attribute key (null, freed, predefined where a user key is required, of another process). */
    ERR_KEYVAL(48),
    /** The job was aborted ({@code MPI_Abort} or a fatal error handler) while this call was in progress. */
    ERR_ABORTED(55);

    private final int code;

    ErrorClass(int code) { this.code = code; }

    /** The MPI error class number. */
    public int code() { return code; }
}
