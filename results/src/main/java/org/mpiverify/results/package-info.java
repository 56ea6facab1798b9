/**
 * What every producer writes and the reports read: {@link org.mpiverify.results.Json} (the result files, over
 * Jackson), {@link org.mpiverify.results.Outcome} (the verdict vocabulary, ordered best to worst), {@link
 * org.mpiverify.results.Provenance} (commit, dirty tree, JDK, host, stamped into every result), {@link
 * org.mpiverify.results.Workspace} (the repository root and {@code out/}), {@link org.mpiverify.results.Git} and
 * {@link org.mpiverify.results.Console} (where every command writes: output, errors, progress) with the one progress
 * listener {@link org.mpiverify.results.Progress} and its live line {@link org.mpiverify.results.ProgressLine}; the
 * records of the result files two modules share, one per file, which both the writer and the dashboard use:
 * {@link org.mpiverify.results.TlcResultsFile} and {@link org.mpiverify.results.TlcTraceFile} (TLC's outcomes and
 * counterexamples), {@link org.mpiverify.results.TraceResultsFile} (trace validation), {@link
 * org.mpiverify.results.LincheckResultsFile} (a Lincheck suite or twin), {@link org.mpiverify.results.JcstressSummaryFile}
 * (a jcstress run), {@link org.mpiverify.results.AuditResultsFile} (a target's audit) and {@link
 * org.mpiverify.results.MutationKillMatrixFile} (a mutation run of the core), {@link
 * org.mpiverify.results.BenchFigureFile} and {@link org.mpiverify.results.CoreBenchFile} (a benchmark figure's run,
 * the core's basic costs), {@link org.mpiverify.results.SpecKillMatrixFile} and {@link
 * org.mpiverify.results.SpecMutationScoresFile} (a spec mutation run, the recorded spec mutation scores),
 * {@link org.mpiverify.results.LockReportFile} (the schema of the lock agent's report, which the agent writes by
 * hand), {@link org.mpiverify.results.LockAuditSummaryFile} (a target's lock audit) and {@link
 * org.mpiverify.results.ScenarioAlgorithmsFile} (the algorithms each audit scenario exercises); and in {@code .hosts} the
 * host file of the commands that run on several hosts.
 *
 * <p>May import: Jackson and the JDK; nothing of the project (every other module may use it).
 *
 * <p>Tests: {@code results/src/test/java/org/mpiverify/results} ({@code JsonTest}, {@code WorkspaceTest}, {@code ProgressLineTest}, a round trip per record:
 * {@code TlcResultsFileTest}, {@code TraceResultsFileTest}, {@code CheckResultFilesTest}, {@code BenchResultFilesTest}, {@code LockResultFilesTest}; the committed samples:
 * {@code reports}' {@code CommittedResultFilesTest}). Docs:
 * {@code docs/modules.md}.
 */
package org.mpiverify.results;
