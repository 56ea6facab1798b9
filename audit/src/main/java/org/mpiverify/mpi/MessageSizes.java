package org.mpiverify.mpi;

import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.PostedReceive;

/**
 * What the audit's known-bad matching engines ({@code twins/patches/audit}) need to see and the engine contract
 * does not show: whether a message is longer than the receive it matches (MPI-3.1 §3.2.4, ERR_TRUNCATE). An MPICH-style
 * engine that decides truncation when it matches (as MPICH's receive-data-found step does) has an error path
 * there; the twins put their defect on it. Lives in the core's package (the audit module adds it) so that it can
 * read the package-private sizes; the core itself never calls it.
 *
 * <p>Thread safety: reads final fields of an envelope and fields a receive's owner wrote before posting it, both
 * published by the engine's lock to the thread that holds them.
 */
public final class MessageSizes {
    private MessageSizes() { }

    /** True if {@code e} is a core message longer than the buffer of the core receive {@code r}. */
    public static boolean truncates(Envelope e, PostedReceive r) {
        return e instanceof SendEnvelope s && r instanceof RecvRequest q && s.bytes > q.capacityBytes;
    }
}
