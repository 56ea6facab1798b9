/**
 * Trace validation of message matching: {@link org.mpiverify.trace.matching.MatchingTraces} (one rank's engine, all
 * its contexts, for {@code specs/matching/MatchingTrace.tla}), its translator and workload ({@link
 * org.mpiverify.trace.matching.MatchingWorkload}), and the known-bad engines a job can run in the real engine's
 * place ({@link org.mpiverify.trace.matching.MatchingTwins}, generated from the Lincheck suite's patches).
 *
 * <p>May import: {@code org.mpiverify.trace.spi} (the translator contract), {@code org.mpiverify.core.trace},
 * {@code org.mpiverify.core.matching}, {@code org.mpiverify.mpi}. Not {@code org.mpiverify.trace}, which lists
 * this package's translator, workload and twins.
 *
 * <p>Tests: {@code trace/src/test/java/org/mpiverify/trace} ({@code MatchingTraceTest}, {@code
 * MatchingEditedTraceTest}, {@code MatchingTwinTraceTest}). Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace.matching;
