/**
 * The audit's runner and command: {@link org.mpiverify.audit.run.AuditCommand} ({@code ./mpiverify audit}), the
 * registry of targets by command-line id ({@link org.mpiverify.audit.run.AuditTargets}) and their columns ({@link
 * org.mpiverify.audit.run.AuditColumn}; the core's, {@link org.mpiverify.audit.run.CoreColumns}: every safe
 * configuration and the unsafe variants the audit must reject), the runner of scenarios × columns × repeats ({@link
 * org.mpiverify.audit.run.AuditRunner}, worst outcome per cell) with its progress line, and the core's audit under
 * the lock auditor ({@link org.mpiverify.audit.run.CoreUnderAgent}).
 *
 * <p>May import: {@code org.mpiverify.audit.report}, {@code org.mpiverify.audit.scenario}; the harness (bindings,
 * targets, the scenario contract); the lock auditor's command ({@code org.mpiverify.locks.command}); the core's
 * configuration types and the known-bad twins the unsafe columns run; {@code org.mpiverify.results}.
 *
 * <p>Tests: {@code audit/src/test} ({@code CoreAuditTest}, {@code LibraryAuditTest}, {@code UnsafeVariantsTest},
 * {@code AuditCommandTest}, {@code run/AuditProgressTest}). Docs: {@code audit/README.md}.
 */
package org.mpiverify.audit.run;
