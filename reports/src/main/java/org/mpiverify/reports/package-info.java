/**
 * The dashboard and the Markdown summary over every result file ({@code ./mpiverify report}, and the end of
 * {@code mvn verify}): {@link org.mpiverify.reports.ReportCommand} reads everything under {@code out/} ({@link
 * org.mpiverify.reports.Results}: one reader per producer, {@code TlcResults}, {@code LincheckResults}, {@code
 * JcstressResults}, {@code AuditResults}, {@code BenchResults}, {@code LockResults}, {@code TraceResults}, each
 * result {@link org.mpiverify.reports.Stamp}ed with its provenance and {@link org.mpiverify.reports.Freshness}),
 * lays it out per algorithm of the traceability table ({@link org.mpiverify.reports.Traceability}, {@link
 * org.mpiverify.reports.Summary}: one cell per {@link org.mpiverify.reports.CheckKind}, the worst verdict) and writes
 * the static site ({@link org.mpiverify.reports.Dashboard} and its detail pages) and {@link
 * org.mpiverify.reports.MarkdownSummary}.
 *
 * <p>May import: {@code org.mpiverify.results} only (verdicts, JSON, provenance, the workspace). It reads what the
 * other modules write, never their classes.
 *
 * <p>Tests: {@code reports/src/test/java/org/mpiverify/reports} ({@code DashboardTest}, {@code FreshnessTest},
 * {@code TraceabilityTest}, {@code MutationPageTest}, {@code TraceResultsTest}, {@code ReadmeLinksTest}; {@code
 * DashboardBrowserTest} in a real browser), on fixtures under {@code reports/src/test/resources/fixtures}. Docs:
 * the README's "Reports".
 */
package org.mpiverify.reports;
