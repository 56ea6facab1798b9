/**
 * The papers' figures as {@code ./mpiverify bench FIGURE} measures them, Gropp &amp; Thakur's, Balaji et al.'s and
 * Hoefler et al.'s: one {@code BenchFigure} per figure ({@link org.mpiverify.bench.figures.PingPongFigure}, {@link
 * org.mpiverify.bench.figures.DupFigure}, {@link org.mpiverify.bench.figures.MessageRateFigure}, {@link
 * org.mpiverify.bench.figures.ProbeFigure}; the Dang figures are in {@code .dang}), and {@link
 * org.mpiverify.bench.figures.Figures}, the list of every figure {@code bench} knows, Dang's included. How a figure
 * runs (trials, settings, the runner) is {@code .runner}.
 *
 * <p>May import: the core's API and configuration ({@code org.mpiverify.mpi}, {@code org.mpiverify.core.sync},
 * {@code .contextid}), {@code org.mpiverify.bench}, {@code .runner}, {@code .kernel}, {@code .compare}, {@code
 * .report}, {@code .dang} (only {@code Figures}, to list its figures; {@code .dang} does not import this package),
 * {@code org.mpiverify.harness.scenario}, {@code org.mpiverify.results}.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/figures} ({@code FigureQuickRunsTest} and {@code
 * TargetJudgingTest}). Docs: {@code docs/benchmarks.md} (what each figure measures),
 * {@code docs/measurements.md} (the latest figures).
 */
package org.mpiverify.bench.figures;
