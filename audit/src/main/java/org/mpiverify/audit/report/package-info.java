/**
 * The audit's results ({@link org.mpiverify.audit.report.TargetResult} of {@link
 * org.mpiverify.audit.report.ColumnResult}s of {@link org.mpiverify.audit.report.CellResult}s) and their files:
 * {@code out/audit/TARGET.json} (the contract the dashboard reads), {@code .md}, {@code .html} and JUnit XML ({@link
 * org.mpiverify.audit.report.AuditReports} writes them all).
 *
 * <p>May import: {@code org.mpiverify.results} (JSON, the outcome vocabulary). Nothing of the runner.
 *
 * <p>Tests: {@code audit/src/test/java/org/mpiverify/audit/ResultFilesTest.java} (the files parse back, with an
 * independent parser). Docs: {@code audit/README.md}.
 */
package org.mpiverify.audit.report;
