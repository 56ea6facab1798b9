package org.mpiverify.trace.completion;

import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.trace.TraceTwins;

/**
 * The known-bad completion whose traces the spec must reject, registered with {@link TraceTwins}: the
 * core's twin {@code RegisterAfterCheckCompletion}, generated at build time from
 * {@code impl/src/test/twins/RegisterAfterCheckCompletion.patch}. It replaces no component of a job
 * ({@code RequestState} extends {@code Completion}): {@link CompletionWorkload#drive} runs it, which
 * {@code trace --algorithm completion --variant RegisterAfterCheckCompletion --workload ...} does.
 */
public final class CompletionTwins {
    /** The twin: await publishes itself as the waiter only after it has checked done. */
    public static final TraceTwins.Twin REGISTER_AFTER_CHECK = new TraceTwins.Twin(CompletionWorkload.TWIN,
            Algorithm.COMPLETION, new CoreOverrides(CompletionWorkload.TWIN, null, null),
            "await checks done before it publishes itself as the waiter: a signal in between wakes nobody");

    private CompletionTwins() {}
}
