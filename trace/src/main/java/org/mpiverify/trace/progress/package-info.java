/**
 * Trace validation of the progress engine: {@link org.mpiverify.trace.progress.ProgressTraces} (one rank's engine
 * steps, for {@code specs/progress/ProgressTrace.tla}), its translator and workloads ({@link
 * org.mpiverify.trace.progress.ProgressWorkload}: the core's own engine in a job, or an engine driven directly),
 * and the known-bad engines whose traces the spec must reject ({@link
 * org.mpiverify.trace.progress.ProgressTwins}, generated from their patches; only a driven engine can run one).
 *
 * <p>May import: {@code org.mpiverify.trace.spi} (the translator contract), {@code org.mpiverify.core.trace}, the
 * classes traced and driven ({@code org.mpiverify.core.sync}, {@code .request}, {@code .coll}), {@code
 * org.mpiverify.mpi}. Not {@code org.mpiverify.trace}, which lists this package's translator, workload and twins.
 *
 * <p>Tests: {@code trace/src/test/java/org/mpiverify/trace/ProgressTraceTest}. Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace.progress;
