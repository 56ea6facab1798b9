/**
 * The audit's catalog of scenarios, in report order ({@link org.mpiverify.audit.scenario.ScenarioCatalog}), looked up
 * by id on the command line and, through its {@link org.mpiverify.harness.scenario.ScenarioSource} service, in rank
 * processes. The scenarios are {@code org.mpiverify.audit.scenario.catalog}; what a scenario is, is
 * {@code org.mpiverify.harness.scenario}.
 *
 * <p>May import: {@code org.mpiverify.audit.scenario.catalog}, {@code org.mpiverify.harness.scenario}.
 *
 * <p>Tests: {@code audit/src/test} ({@code CoreCatalogTest}, {@code CatalogLookupTest}, {@code VerdictMatrixTest}:
 * {@code audit/expected-verdicts.json} has a row per scenario, in this order). Docs: {@code audit/README.md} ("The
 * scenarios").
 */
package org.mpiverify.audit.scenario;
