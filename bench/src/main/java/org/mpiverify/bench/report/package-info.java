/**
 * What a benchmark run produces: {@link org.mpiverify.bench.report.Report} (plots of {@link
 * org.mpiverify.bench.report.Series}, {@link org.mpiverify.bench.report.Target}s judged in the run, tables, the
 * comparison targets skipped), written as {@code out/bench/ID.json} by {@link
 * org.mpiverify.bench.report.ReportJson} (the file the dashboard reads) and drawn as SVG by {@link
 * org.mpiverify.bench.report.SvgPlot}.
 *
 * <p>May import: {@code org.mpiverify.bench} ({@code Stats}, {@code Machine}), {@code org.mpiverify.results}.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/report/ReportWritersTest}. Docs: {@code
 * docs/benchmarks.md}.
 */
package org.mpiverify.bench.report;
