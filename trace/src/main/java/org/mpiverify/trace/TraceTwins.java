package org.mpiverify.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.core.contextid.MaskNotTakenContextIdAllocator;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.trace.completion.CompletionTwins;
import org.mpiverify.trace.matching.MatchingTwins;
import org.mpiverify.trace.probe.ProbeTwins;
import org.mpiverify.trace.progress.ProgressTwins;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * The known-bad implementations a trace can be taken from, by name ({@code --variant}): each is one of the
 * core's twins (generated from the suites' patches), run in a job in place of the component it breaks, and
 * checked against the spec of the component it pretends to be. Trace validation must reject their traces.
 * Each algorithm's package declares its own twins ({@code CompletionTwins}, {@code MatchingTwins}, ...); this
 * class lists them.
 *
 * <p>Immutable once the class is initialized, so safe to use from any thread.
 */
public final class TraceTwins {
    private static final Map<String, TraceTwin> BY_NAME;

    static {
        List<TraceTwin> all = new ArrayList<>(List.of(
                new TraceTwin("MaskNotTakenContextIdAllocator", Algorithm.CONTEXT_ID,
                        new CoreOverrides("MaskNotTakenContextIdAllocator",
                                capacity -> new MaskNotTakenContextIdAllocator(capacity, false), null),
                        "a Fig. 3 owner never marks its process's mask in use, so a second thread of the process can own it too"),
                ProbeTwins.TAKE_LEAVES_MESSAGE_TWIN,
                CompletionTwins.REGISTER_AFTER_CHECK,
                CompletionTwins.NO_FLAG,
                CompletionTwins.CHECK_THEN_ACT_INSERT,
                CompletionTwins.CHECK_THEN_ACT_EMPTY,
                ProgressTwins.STANDBY_PARKS_ALONE,
                ProgressTwins.WAKE_BEFORE_LEAVE));
        all.addAll(MatchingTwins.all());
        Map<String, TraceTwin> byName = new LinkedHashMap<>();
        for (TraceTwin t : all) byName.put(t.name(), t);
        BY_NAME = Collections.unmodifiableMap(byName);
    }

    private TraceTwins() {}

    /** The twin called {@code name}, or null. */
    public static TraceTwin byName(String name) {
        return BY_NAME.get(name);
    }

    /** Every twin's name. */
    public static Set<String> names() {
        return Set.copyOf(BY_NAME.keySet());
    }
}
