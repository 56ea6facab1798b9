/**
 * The scenarios the audit runs on every target ({@link org.mpiverify.audit.scenario.catalog.Catalog} finds them):
 * multithreaded MPI programs from the papers' figures and MPICH's {@code test/mpi/threads}, each checking every
 * message it receives ({@link org.mpiverify.audit.scenario.catalog.Payload}) and judging what the ranks report.
 * Adding one: its class here (a {@link org.mpiverify.audit.scenario.catalog.CatalogScenario}, which also says what
 * must hold and which algorithms of {@code docs/traceability.json} it exercises; {@code Catalog} finds it), then its
 * row in {@code audit/expected-verdicts.json} (its place in the report, the cells that are not a plain PASS, the
 * unsafe core column it must reject). The README's scenario table and {@code audit/scenario-algorithms.json} are
 * generated from the classes ({@code CatalogPagesTest}).
 *
 * <p>May import: {@code org.mpiverify.harness.api}, {@code org.mpiverify.harness.scenario}, {@code
 * org.mpiverify.results} (outcomes). Nothing of a particular implementation: a scenario runs on all of them.
 *
 * <p>Tests: {@code audit/src/test} ({@code CoreCatalogTest} on the core, {@code KnownBadTwinsTest} with broken
 * bindings, {@code UnsafeVariantsTest}, {@code LibraryAuditTest} on the libraries). Docs: {@code audit/README.md}
 * ("The scenarios", "Verdict matrix").
 */
package org.mpiverify.audit.scenario.catalog;
