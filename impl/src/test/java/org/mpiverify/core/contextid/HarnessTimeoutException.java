package org.mpiverify.core.contextid;

/** Thrown out of a simulated allreduce whose members did not all arrive within the harness's limit. */
final class HarnessTimeoutException extends RuntimeException {
    HarnessTimeoutException(String message) {
        super(message);
    }
}
