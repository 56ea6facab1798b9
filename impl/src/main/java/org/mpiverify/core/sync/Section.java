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
    /**
     * The communication path to one peer: the sender's insertion into the peer's matching engine, or the
     * posting of a receive into the rank's own (Balaji et al.'s {@code COMM} section around a VC).
     */
    COMM,
    /** The rank's common pool of free requests (Balaji et al. §5.3), behind its thread-local caches. */
    REQUEST_POOL,
    /** A request's reference count, when counts are not updated with atomic instructions (§5.3). */
    REFCOUNT
}
