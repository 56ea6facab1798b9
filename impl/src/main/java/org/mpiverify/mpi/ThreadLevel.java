package org.mpiverify.mpi;

/** MPI's thread-support levels, in increasing order (MPI-2 §8.7; Gropp &amp; Thakur §2). */
public enum ThreadLevel {
    /** One thread of execution. */
    SINGLE,
    /** Many threads; only the thread that initialised MPI calls it. */
    FUNNELED,
    /** Many threads; one at a time calls MPI. */
    SERIALIZED,
    /** Many threads call MPI at once. */
    MULTIPLE;

    public boolean atLeast(ThreadLevel other) { return compareTo(other) >= 0; }
}
