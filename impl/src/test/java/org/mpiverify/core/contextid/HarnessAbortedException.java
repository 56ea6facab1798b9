package org.mpiverify.core.contextid;

/** Thrown out of a simulated allreduce or a lockstep wait when the test abandons the run (or interrupts). */
final class HarnessAbortedException extends RuntimeException {
    HarnessAbortedException(String message) {
        super(message);
    }
}
