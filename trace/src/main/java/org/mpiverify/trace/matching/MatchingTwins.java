package org.mpiverify.trace.matching;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.mpiverify.core.matching.CheckThenActArrivalQueueEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.ModeReadBeforeLockOnArrivalHashEngine;
import org.mpiverify.core.matching.ModeReadBeforeLockOnPostHashEngine;
import org.mpiverify.core.matching.UnsortedDrainHashEngine;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * The known-bad matching engines a job can run ({@code JobConfig.withOverrides}, experimental), each the
 * real engine plus its marked defect lines, generated from its patch at build time (the Lincheck suite's
 * {@code twins/patches/lincheck} and {@code twins/patches/trace}), so each records its steps
 * like the engine and its traces can be shown rejected.
 *
 * <p>The hash engine's twins run with a wildcard linger of 1 (a context goes back to fast mode at the
 * first exact operation after its last wildcard one): their defects are races with a mode switch, and
 * the linger only sets how often a context switches.
 */
public final class MatchingTwins {
    private static final Map<String, Supplier<MatchingEngine>> TWINS = new TreeMap<>(Map.of(
            "CheckThenActArrivalQueueEngine", CheckThenActArrivalQueueEngine::new,
            "ModeReadBeforeLockOnArrivalHashEngine", () -> new ModeReadBeforeLockOnArrivalHashEngine(256, 1),
            "ModeReadBeforeLockOnPostHashEngine", () -> new ModeReadBeforeLockOnPostHashEngine(256, 1),
            "UnsortedDrainHashEngine", () -> new UnsortedDrainHashEngine(256, 1)));

    private static final Map<String, String> DEFECTS = Map.of(
            "CheckThenActArrivalQueueEngine", "an arrival drops the context lock between its scan of the posted"
                    + " receives and its enqueue: a receive posted in between and the message both stay pending",
            "ModeReadBeforeLockOnArrivalHashEngine", "an arrival reads the mode word before its bucket lock: after a"
                    + " switch to wild mode it still queues in the table, where wild-mode receives never look",
            "ModeReadBeforeLockOnPostHashEngine", "an exact receive reads the mode word before its bucket lock: after a"
                    + " switch to wild mode it is still posted in the table, where wild-mode arrivals never look",
            "UnsortedDrainHashEngine", "the switch to wild mode moves the unexpected messages in bucket order, not"
                    + " arrival order: a wildcard receive gets a later message before an earlier one");

    private MatchingTwins() {}

    /** Every matching twin as the trace command runs it ({@code --variant NAME}), sorted by name. */
    public static List<TraceTwin> all() {
        return TWINS.keySet().stream().map(n -> new TraceTwin(n, Algorithm.MATCHING, byName(n), DEFECTS.get(n))).toList();
    }

    /** The twins' names, sorted. */
    public static List<String> names() {
        return List.copyOf(TWINS.keySet());
    }

    /** The overrides that make every rank of a job run the twin {@code name}. */
    public static CoreOverrides byName(String name) {
        Supplier<MatchingEngine> engine = TWINS.get(name);
        if (engine == null) {
            throw new IllegalArgumentException("no matching twin " + name + "; one of " + String.join(", ", names()));
        }
        return new CoreOverrides(name, null, engine);
    }
}
