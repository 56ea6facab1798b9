package org.mpiverify.trace;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.mpiverify.core.contextid.MaskNotTakenContextIdAllocator;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.completion.CompletionTwins;
import org.mpiverify.trace.probe.ProbeTwins;
import org.mpiverify.trace.progress.ProgressTwins;

/**
 * The known-bad implementations a trace can be taken from, by name ({@code --variant}): each is one of the
 * core's twins (generated from the suites' patches), run in a job in place of the component it breaks, and
 * checked against the spec of the component it pretends to be. Trace validation must reject their traces.
 */
public final class TraceTwins {
    /** A twin: the algorithm whose trace spec must reject it, and how a job runs it. */
    public record Twin(String name, Algorithm algorithm, CoreOverrides overrides, String defect) {
        /** {@code config} running this twin (experimental, as JobConfig requires). */
        public JobConfig apply(JobConfig config) {
            return config.withExperimental(true).withOverrides(overrides);
        }
    }

    private static final Map<String, Twin> BY_NAME = new LinkedHashMap<>();

    static {
        register(new Twin("MaskNotTakenContextIdAllocator", Algorithm.CONTEXT_ID,
                new CoreOverrides("MaskNotTakenContextIdAllocator",
                        capacity -> new MaskNotTakenContextIdAllocator(capacity, false), null),
                "a Fig. 3 owner never marks its process's mask in use, so a second thread of the process can own it too"));
        register(ProbeTwins.TAKE_LEAVES_MESSAGE_TWIN);
        register(CompletionTwins.REGISTER_AFTER_CHECK);
        register(CompletionTwins.NO_FLAG);
        register(CompletionTwins.CHECK_THEN_ACT_INSERT);
        register(CompletionTwins.CHECK_THEN_ACT_EMPTY);
        register(ProgressTwins.STANDBY_PARKS_ALONE);
        register(ProgressTwins.WAKE_BEFORE_LEAVE);
    }

    private TraceTwins() {}

    /** Adds a twin (a translator's package registers its own in a static block). */
    public static synchronized void register(Twin t) {
        BY_NAME.put(t.name(), t);
    }

    /** The twin called {@code name}, or null. */
    public static synchronized Twin byName(String name) {
        return BY_NAME.get(name);
    }

    /** Every twin's name. */
    public static synchronized Set<String> names() {
        return Set.copyOf(BY_NAME.keySet());
    }
}
