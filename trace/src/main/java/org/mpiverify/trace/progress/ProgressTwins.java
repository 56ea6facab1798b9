package org.mpiverify.trace.progress;

import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * The known-bad progress engines whose traces {@code ProgressTrace.tla} must reject, listed by
 * {@code org.mpiverify.trace.TraceTwins}, each generated at build time from its patch of {@code ProgressEngine}:
 * {@code StandbyParksAloneProgressEngine} (twins/patches/trace) and
 * {@code WakeBeforeLeaveProgressEngine} (twins/patches/jcstress). A job cannot run one (its rank's engine is a
 * field of the rank): {@link ProgressWorkload#drive} drives them, which
 * {@code trace --algorithm progress --variant NAME --workload ...} does.
 */
public final class ProgressTwins {
    /** A standby parks without re-checking that a poller is still there. */
    public static final String STANDBY_PARKS_ALONE_NAME = "StandbyParksAloneProgressEngine";
    /** The leaving poller wakes the standby queue before it gives up the role. */
    public static final String WAKE_BEFORE_LEAVE_NAME = "WakeBeforeLeaveProgressEngine";

    public static final TraceTwin STANDBY_PARKS_ALONE = twin(STANDBY_PARKS_ALONE_NAME,
            "a waiter on standby parks once registered without re-checking that a poller is still there: a poller that"
                    + " left meanwhile has already woken the queue, and the waiter sleeps with its schedule unpolled");
    public static final TraceTwin WAKE_BEFORE_LEAVE = twin(WAKE_BEFORE_LEAVE_NAME,
            "the leaving poller wakes the standby queue, then gives up the role: a waiter that joins the queue in"
                    + " between sees the old poller and parks, and nobody polls its schedule");

    private ProgressTwins() {}

    private static TraceTwin twin(String name, String defect) {
        return new TraceTwin(name, Algorithm.PROGRESS, new CoreOverrides(name, null, null), defect);
    }

    /** Whether {@code name} is one of these twins (driven, not run in a job). */
    public static boolean isTwin(String name) {
        return STANDBY_PARKS_ALONE_NAME.equals(name) || WAKE_BEFORE_LEAVE_NAME.equals(name);
    }
}
