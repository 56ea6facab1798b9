/**
 * Hoefler et al.'s user-level ways to receive a message of unknown size safely from several threads, as a
 * library user would write them over any MPI: the two-dimensional probe locks of §2.1 ({@link
 * org.mpiverify.bench.probe.ProbeLockMap}) and matching outside MPI, §2.2 ({@link
 * org.mpiverify.bench.probe.OutsideMatcher}). The kernels in {@code org.mpiverify.bench.kernel} build on them.
 *
 * <p>May import: the JDK only.
 *
 * <p>Tests: through the probe figure's tests ({@code bench/src/test}: {@code compare/UnknownSizeScenarioTest},
 * {@code figures/FigureQuickRunsTest}). Docs: {@code docs/benchmarks.md} ({@code bench hoefler}).
 */
package org.mpiverify.bench.probe;
