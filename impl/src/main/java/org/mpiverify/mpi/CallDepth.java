package org.mpiverify.mpi;

/**
 * How deeply one thread is nested in MPI calls (Gropp &amp; Thakur §4.2): a call made inside another
 * (sendrecv's irecv and isend, waitAll's waits, dup's allreduce) is not an outermost call, so it neither
 * enters the ALLFUNC section again nor runs an error handler; the outermost call does both, once.
 *
 * <p>Thread-private (one per thread, from {@link Job}'s thread-local), so its field is plain: only its
 * own thread reads and writes it.
 */
final class CallDepth {
    private int depth;
    /** An interrupt the thread's waits cleared to park, to be re-asserted when the outermost call returns. */
    private boolean interrupted;

    /** Counts a call in; true if it is the thread's outermost call. */
    boolean enter() {
        return depth++ == 0;
    }

    /** Counts a call out; true if it was the thread's outermost call. */
    boolean exit() {
        return --depth == 0;
    }

    /** True while the thread is in its outermost call only (no nested call in progress). */
    boolean isOutermost() {
        return depth == 1;
    }

    /** Remembers that a wait of this call cleared the thread's interrupt flag to park. */
    void noteInterrupt() {
        interrupted = true;
    }

    /** True (once) if an interrupt was noted since the last call: the caller sets the flag again. */
    boolean takeInterrupt() {
        boolean i = interrupted;
        interrupted = false;
        return i;
    }
}
