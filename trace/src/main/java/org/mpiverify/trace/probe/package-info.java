/**
 * Trace validation of probe and matched probe (Hoefler et al. §2–§3): {@link org.mpiverify.trace.probe.ProbeTraces}
 * (one rank's one unexpected queue and the threads that probe it, for {@code specs/probe/ProbeTrace.tla}), its
 * translator and workload ({@link org.mpiverify.trace.probe.ProbeWorkload}), and the known-bad implementations the
 * spec must reject ({@link org.mpiverify.trace.probe.ProbeTwins}, generated from patches of the core).
 *
 * <p>May import: {@code org.mpiverify.trace.spi} (the translator contract), {@code org.mpiverify.core.trace},
 * {@code org.mpiverify.core.matching}, {@code org.mpiverify.mpi}. Not {@code org.mpiverify.trace}, which lists
 * this package's translator, workload and twins.
 *
 * <p>Tests: {@code trace/src/test/java/org/mpiverify/trace/ProbeTraceTest}. Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace.probe;
