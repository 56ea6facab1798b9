/**
 * Dang, Snir &amp; Gropp, "Toward million communicating threads", §4.1–4.4 and Figs. 3–4, on the core: {@link
 * org.mpiverify.bench.dang.DangFigure} ({@code ./mpiverify bench dang}: wake-ups, cost per match against the
 * receives outstanding, the packet pool, many-thread ping-pong, a million threads with a receive outstanding) and
 * {@link org.mpiverify.bench.dang.DangCapacityFigure} ({@code bench dang-capacity}: the most threads that run in
 * the default heap, one fresh JVM per try through {@link org.mpiverify.bench.dang.CapacityProbe}); the targets
 * judged on one run ({@code DangTargets}) and the JVM's heap accounting ({@code HeapAccounting}).
 *
 * <p>May import: the core's API ({@code org.mpiverify.mpi}) and, for the kernels that drive one component
 * directly, {@code org.mpiverify.core.matching}, {@code .buffer}, {@code .sync}; {@code org.mpiverify.bench},
 * {@code .report}, {@code .runner} (the figure contract and its trials); {@code javax.management}. Not {@code
 * .figures}, which lists this package's figures.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/dang} ({@code DangFigureQuickTest}, {@code
 * DangTargetsTest}, {@code SteadyWindowTest}). Docs: {@code docs/benchmarks.md}, {@code docs/measurements.md}
 * ("Dang, Snir &amp; Gropp").
 */
package org.mpiverify.bench.dang;
