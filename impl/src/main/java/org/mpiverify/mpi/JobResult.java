package org.mpiverify.mpi;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How an in-JVM job ended.
 *
 * @param failures   per rank: the exception its main threw, or null if it returned normally
 * @param aborted    true if {@code abort} was called or a fatal error handler ran
 * @param abortCode  the error code given to abort (0 if not aborted)
 * @param abortCause why the job was aborted (null if not aborted)
 * @param hung       true if the deadline passed with rank mains still running
 * @param threadDump the stacks of the platform threads and of the virtual threads blocked in MPI, when
 *                   the deadline passed or the job was aborted (empty if neither)
 * @param elapsed    wall time from start to the end of the last rank main (or the deadline)
 */
public record JobResult(List<Throwable> failures, boolean aborted, int abortCode, String abortCause, boolean hung,
                        String threadDump, Duration elapsed) {

    /** True if every rank's main returned normally, nothing aborted and nothing hung. */
    public boolean ok() {
        return !aborted && !hung && failures.stream().allMatch(t -> t == null);
    }

    /** The first failure, if any. */
    public Optional<Throwable> firstFailure() {
        return failures.stream().filter(t -> t != null).findFirst();
    }

    /** Throws an AssertionError describing the job unless it ended {@link #ok()}; for tests and the demo. */
    public JobResult orThrow() {
        if (!ok()) {
            AssertionError e = new AssertionError(describe());
            firstFailure().ifPresent(e::initCause);
            throw e;
        }
        return this;
    }

    /** A description of the outcome: one line, each rank's failure, then the thread dump if there is one. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(ok() ? "job finished" : "job FAILED").append(" in ").append(elapsed.toMillis()).append(" ms");
        if (aborted) {
            sb.append("; aborted with code ").append(abortCode).append(": ").append(abortCause);
        }
        if (hung) {
            sb.append("; HUNG past its deadline");
        }
        for (int i = 0; i < failures.size(); i++) {
            if (failures.get(i) != null) {
                sb.append("\n  rank ").append(i).append(": ").append(failures.get(i));
            }
        }
        if (!threadDump.isEmpty()) {
            sb.append('\n').append(threadDump);
        }
        return sb.toString();
    }
}
