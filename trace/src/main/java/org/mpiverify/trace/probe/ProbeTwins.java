package org.mpiverify.trace.probe;

import java.util.List;
import org.mpiverify.core.matching.TakeLeavesMessageEngine;
import org.mpiverify.mpi.CoreOverrides;

/**
 * The known-bad implementations whose probe traces the spec must reject, by the name the {@code trace}
 * command's {@code --variant} takes. Each is generated at build time from a patch of the core
 * ({@code trace/src/main/twins}), so it cannot drift from the code it breaks.
 */
public final class ProbeTwins {
    /** QueueMatchingEngine whose take leaves the message queued: two mprobes can match one message. */
    public static final String TAKE_LEAVES_MESSAGE = "TakeLeavesMessageEngine";

    private ProbeTwins() {}

    /** The twins' names. */
    public static List<String> names() {
        return List.of(TAKE_LEAVES_MESSAGE);
    }

    /** The overrides that run twin {@code name} in a job (with {@code JobConfig.withExperimental(true)}). */
    public static CoreOverrides of(String name) {
        if (TAKE_LEAVES_MESSAGE.equalsIgnoreCase(name)) {
            return new CoreOverrides(TAKE_LEAVES_MESSAGE, null, TakeLeavesMessageEngine::new);
        }
        throw new IllegalArgumentException("no probe twin " + name + "; one of " + names());
    }

    /** The workload that shows the twin's defect. */
    public static ProbeWorkload.Variant workload(String name) {
        of(name);
        return ProbeWorkload.Variant.MPROBE;
    }
}
