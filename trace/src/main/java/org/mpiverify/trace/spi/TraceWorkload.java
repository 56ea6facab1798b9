package org.mpiverify.trace.spi;

import java.time.Duration;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;

/**
 * An algorithm's own workload for {@code ./mpiverify trace --workload}: a job that exercises that algorithm
 * from many threads at once and records about as many of its events as asked, to measure how fast traces
 * are validated and to drive a twin until its race happens.
 */
@FunctionalInterface
public interface TraceWorkload {
    /**
     * Runs the workload on {@code config}'s ranks (recording as {@code config.trace()} says).
     *
     * @param threads  threads per rank
     * @param events   about how many of the algorithm's events to produce
     * @param deadline the job's deadline
     */
    JobResult run(JobConfig config, int threads, int events, Duration deadline);
}
