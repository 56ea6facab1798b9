/**
 * The contract between the {@code trace} command and each algorithm's package: a {@link
 * org.mpiverify.trace.spi.TraceTranslator} turns one run's recorded events into {@link
 * org.mpiverify.trace.spi.TraceModel}s (a trace of {@link org.mpiverify.trace.spi.TraceStep}s written with {@link
 * org.mpiverify.trace.spi.Tla}'s literals, and the constants of its trace spec), a {@link
 * org.mpiverify.trace.spi.TraceWorkload} drives the algorithm from many threads ({@link
 * org.mpiverify.trace.spi.WorkloadThreads}), and a {@link org.mpiverify.trace.spi.TraceTwin} is a known-bad
 * implementation whose traces the spec must reject.
 *
 * <p>May import: the core's recorder ({@code org.mpiverify.core.trace}) and API ({@code org.mpiverify.mpi}); the
 * JDK. Nothing else of this module: {@code org.mpiverify.trace} and the per-algorithm packages ({@code
 * .completion}, {@code .contextid}, {@code .matching}, {@code .probe}, {@code .progress}) use this package, not the
 * reverse.
 *
 * <p>Tests: through every algorithm's trace test in {@code trace/src/test/java/org/mpiverify/trace} ({@code
 * TraceQuickTest} and one test per algorithm). Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace.spi;
