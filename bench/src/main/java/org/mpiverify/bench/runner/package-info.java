/**
 * How every figure of {@code ./mpiverify bench} runs, whichever paper it comes from: the contract {@link
 * org.mpiverify.bench.runner.BenchFigure} and its {@link org.mpiverify.bench.runner.Settings}, {@link
 * org.mpiverify.bench.runner.Trials} (interleaved trials, the first a dropped warm-up) with the points a run may
 * leave out ({@link org.mpiverify.bench.runner.LeftOutPoints}), a {@link org.mpiverify.bench.runner.Measurement}
 * of {@link org.mpiverify.bench.runner.Slot}s laid out by a {@link org.mpiverify.bench.runner.PlotSpec}, and
 * {@link org.mpiverify.bench.runner.FigureRunner} (console through {@code ConsoleReport}, JSON, SVG).
 *
 * <p>May import: the core's API ({@code org.mpiverify.mpi}), {@code org.mpiverify.bench}, {@code .report},
 * {@code .compare}, {@code org.mpiverify.results}. Never a figure: the figures ({@code .figures}, {@code .dang})
 * use this package, not the reverse.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/runner} ({@code TrialsLeftOutTest}); every figure's
 * quick run goes through {@code FigureRunner}. Docs: {@code docs/benchmarks.md}.
 */
package org.mpiverify.bench.runner;
