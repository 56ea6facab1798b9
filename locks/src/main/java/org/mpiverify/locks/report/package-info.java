/**
 * The lock auditor's findings: {@link org.mpiverify.locks.report.LockReport} ({@code out/locks/NAME.json}, the
 * contract the dashboard and the tests read, and {@code NAME.md} for a person) and {@link
 * org.mpiverify.locks.report.CycleAnalysis} (the cycles of the lock-order graph, GoodLock-style, and which are
 * potential deadlocks), with what the agent instrumented ({@link
 * org.mpiverify.locks.report.InstrumentationSummary}, filled in by the agent); {@code JsonWriter} is the agent's
 * own, since the agent may share no class (not even Jackson) with the program under test. The report's schema is the
 * record {@code org.mpiverify.results.LockReportFile}, which its readers use and through which the ITs read every
 * report the agent writes.
 *
 * <p>May import: {@code org.mpiverify.locks.runtime}; the JDK. The agent and {@code org.mpiverify.locks} use this
 * package, not the reverse.
 *
 * <p>Tests: {@code locks/src/test} ({@code runtime/CycleAnalysisTest}; the ITs check the reports of known-bad
 * programs, each read through {@code LockReportFile}). Docs: {@code docs/locks.md} ("What it reports", "Checks").
 */
package org.mpiverify.locks.report;
