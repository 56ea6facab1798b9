/**
 * What a scenario is: a multithreaded MPI program run SPMD on every rank ({@link
 * org.mpiverify.harness.scenario.Scenario}), which reports observations ({@link
 * org.mpiverify.harness.scenario.RankReport}, across processes as one line of JSON, {@link
 * org.mpiverify.harness.scenario.ReportCodec}) and judges them into a {@link
 * org.mpiverify.harness.scenario.Verdict}; the common judge of ranks that threw ({@link
 * org.mpiverify.harness.scenario.BaseScenario}); the threads of a rank with a bound ({@link
 * org.mpiverify.harness.scenario.Workers}); deadlines scaled for slow transports ({@link
 * org.mpiverify.harness.scenario.DeadlineScale}); and how a rank process rebuilds the scenario its driver runs, by
 * catalog id ({@link org.mpiverify.harness.scenario.ScenarioSource}, a service the audit's catalog registers) or by
 * class ({@link org.mpiverify.harness.scenario.ScenarioLookup}). The audit's catalog is {@code
 * org.mpiverify.audit.scenario}; the benchmarks' measuring scenarios are {@code org.mpiverify.bench.compare}.
 *
 * <p>May import: {@code org.mpiverify.harness.api}, {@code org.mpiverify.results} (the outcome vocabulary, JSON).
 *
 * <p>Tests: {@code harness/src/test/java/org/mpiverify/harness/scenario} ({@code WorkersTest}), the judges through
 * the audit's {@code KnownBadTwinsTest}, and catalog lookup by id in the audit's {@code CatalogLookupTest}. Docs:
 * {@code audit/README.md} ("How it works").
 */
package org.mpiverify.harness.scenario;
