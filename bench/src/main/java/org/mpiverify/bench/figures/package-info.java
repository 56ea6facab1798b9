/**
 * The papers' figures as {@code ./mpiverify bench FIGURE} measures them: one {@link
 * org.mpiverify.bench.figures.BenchFigure} per figure ({@link org.mpiverify.bench.figures.PingPongFigure}, {@link
 * org.mpiverify.bench.figures.DupFigure}, {@link org.mpiverify.bench.figures.MessageRateFigure}, {@link
 * org.mpiverify.bench.figures.ProbeFigure}; the Dang figures are in {@code .dang}), listed in {@link
 * org.mpiverify.bench.figures.Figures}; and how every figure runs: {@link org.mpiverify.bench.figures.Trials}
 * (interleaved trials, the first a dropped warm-up), {@link org.mpiverify.bench.figures.Measurement}, {@link
 * org.mpiverify.bench.figures.Settings}, {@link org.mpiverify.bench.figures.FigureRunner} (console, JSON, SVG).
 *
 * <p>May import: the core's API and configuration ({@code org.mpiverify.mpi}, {@code org.mpiverify.core.sync},
 * {@code .contextid}), {@code org.mpiverify.bench}, {@code .kernel}, {@code .compare}, {@code .report}, {@code
 * .dang} ({@code Figures} lists its figures, which implement {@code BenchFigure}: the one cycle between two
 * packages of this module), {@code org.mpiverify.harness.scenario}, {@code org.mpiverify.results}.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/figures} ({@code FigureQuickRunsTest}, {@code
 * TargetJudgingTest}, {@code TrialsLeftOutTest}). Docs: {@code docs/benchmarks.md} (what each figure measures),
 * {@code docs/measurements.md} (the latest figures).
 */
package org.mpiverify.bench.figures;
