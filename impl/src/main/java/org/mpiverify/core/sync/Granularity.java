package org.mpiverify.core.sync;

/**
 * Critical-section granularity of a rank (Balaji et al. §4), chosen when the job starts.
 */
public enum Granularity {
    /** One rank-wide critical section held for the whole call, released while the call blocks. */
    GLOBAL(false),
    /** One rank-wide mutex, taken only around the named sections that touch shared rank state. */
    BRIEF_GLOBAL(false),
    /**
     * Each named section takes a mutex of the object it protects: the communication path to each peer
     * (Balaji et al.'s per-VC mutex), the rank's common request pool, each request's reference count.
     */
    PER_OBJECT(false),
    /**
     * No mutex of the rank at all: lock-free request pools (thread-local caches over a Treiber stack)
     * and atomic reference counts; the only synchronization left is the matching engine's own (bucket or
     * context locks), which every granularity has because peers in this JVM enter it directly.
     * Balaji et al. §4 "Lock Free", left to future work there.
     */
    LOCK_FREE(false),
    /**
     * Experimental and unsafe: one lock taken around every call and kept while the call blocks — the
     * implementation Gropp &amp; Thakur §4 and Fig. 2 show can deadlock. For the audit and the specs only.
     */
    LOCK_AROUND_CALL(true);

    private final boolean experimental;

    Granularity(boolean experimental) {
        this.experimental = experimental;
    }

    /** True for deliberately unsafe configurations that exist to be caught by the checks. */
    public boolean isExperimental() {
        return experimental;
    }
}
