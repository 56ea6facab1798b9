package org.mpiverify.trace.probe;

import org.mpiverify.core.matching.TakeLeavesMessageEngine;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * The known-bad implementations whose probe traces the spec must reject, listed by
 * {@code org.mpiverify.trace.TraceTwins} (the {@code trace} command's {@code --variant}). Each is
 * generated at build time from a patch of the core ({@code twins/patches/trace}), so it cannot drift
 * from the code it breaks; run it with {@link ProbeWorkload.Variant#MPROBE}.
 *
 * <p>The other known-bad probe program, the probe/recv race of Hoefler et al. §2, is not a twin of the
 * core but a way of using it: {@link ProbeWorkload.Variant#PROBE_THEN_RECV}.
 */
public final class ProbeTwins {
    /** QueueMatchingEngine whose take leaves the message queued: two mprobes can match one message. */
    public static final String TAKE_LEAVES_MESSAGE = "TakeLeavesMessageEngine";

    /** The twin of {@link #TAKE_LEAVES_MESSAGE}. */
    public static final TraceTwin TAKE_LEAVES_MESSAGE_TWIN = new TraceTwin(TAKE_LEAVES_MESSAGE,
            Algorithm.PROBE, new CoreOverrides(TAKE_LEAVES_MESSAGE, null, TakeLeavesMessageEngine::new),
            "a matched probe matches a message but leaves it queued, so another mprobe matches it again");

    private ProbeTwins() {}

    /** The workload that shows a probe twin's defect. */
    public static ProbeWorkload.Variant workload(TraceTwin twin) {
        if (twin.algorithm() != Algorithm.PROBE) throw new IllegalArgumentException(twin.name() + " is not a probe twin");
        return ProbeWorkload.Variant.MPROBE;
    }
}
