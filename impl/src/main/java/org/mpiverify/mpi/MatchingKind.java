package org.mpiverify.mpi;

import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.QueueMatchingEngine;

/** The matching engine a job's ranks use, chosen when the job starts. */
public enum MatchingKind {
    /** Posted and unexpected queues per context (MPICH's classic design). */
    QUEUES,
    /** The Dang, Snir &amp; Gropp concurrent hash table for exact matches, with a wildcard path. */
    HASH_TABLE;

    MatchingEngine create() {
        return switch (this) {
            case QUEUES -> new QueueMatchingEngine();
            case HASH_TABLE -> new HashMatchingEngine();
        };
    }
}
