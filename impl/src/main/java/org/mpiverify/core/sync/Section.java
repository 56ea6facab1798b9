package org.mpiverify.core.sync;

/**
 * Named critical sections of a rank (Balaji et al. §4.1: "ALLFUNC", "COMM", ...). Which mutex, if any, a
 * named section takes depends on the granularity; see {@link CriticalSections}.
 */
public enum Section {
    /** Around a whole MPI call (Global granularity). */
    ALLFUNC,
    /** Context-id allocation: the mask, {@code mask_in_use} and {@code lowestContextId} (Gropp &amp; Thakur Fig. 3). */
    CONTEXT_ID,
    /** Communicator object updates: creation bookkeeping, error handlers. */
    COMM
}
