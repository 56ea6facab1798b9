/**
 * Running a scenario on an MPI implementation: the target contract ({@link org.mpiverify.harness.launch.AuditTarget}:
 * start the ranks, run the scenario on each, collect the reports, or past the deadline every thread's stack and a
 * clean kill), what one run produced ({@link org.mpiverify.harness.launch.RunOutcome}), the options a target puts on
 * the JVMs it starts ({@link org.mpiverify.harness.launch.JvmOptions}), and the housekeeping of those processes
 * (diagnostic tools with a bound, {@link org.mpiverify.harness.launch.BoundedCommand}; children killed at exit,
 * {@link org.mpiverify.harness.launch.ChildProcessCleanup}). The targets themselves are
 * {@code org.mpiverify.harness.core.CoreTarget}, {@code org.mpiverify.harness.nativempi.NativeTarget} and
 * {@code org.mpiverify.harness.mpj.MpjTarget}.
 *
 * <p>May import: {@code org.mpiverify.harness.scenario}.
 *
 * <p>Tests: {@code harness/src/test/java/org/mpiverify/harness/launch} ({@code ChildProcessCleanupTest}) and every
 * target's tests. Docs: {@code audit/README.md} ("How it works", "How a run goes").
 */
package org.mpiverify.harness.launch;
