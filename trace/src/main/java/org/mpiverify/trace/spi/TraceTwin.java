package org.mpiverify.trace.spi;

import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.mpi.JobConfig;

/**
 * A known-bad implementation a trace can be taken from: one of the core's twins, the algorithm whose trace spec
 * must reject it, and how a job runs it in place of the component it breaks.
 *
 * @param name      the twin's name ({@code trace --variant NAME})
 * @param algorithm the algorithm it pretends to be, whose trace spec must reject its traces
 * @param overrides what a job swaps in to run it
 * @param defect    its defect in words
 */
public record TraceTwin(String name, Algorithm algorithm, CoreOverrides overrides, String defect) {
    /** {@code config} running this twin (experimental, as JobConfig requires). */
    public JobConfig apply(JobConfig config) {
        return config.withExperimental(true).withOverrides(overrides);
    }
}
