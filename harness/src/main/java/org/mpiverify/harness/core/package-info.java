/**
 * The in-JVM core ({@code impl/}) behind {@link org.mpiverify.harness.api.AuditMpi}: {@link
 * org.mpiverify.harness.core.CoreAuditMpi} (per-rank {@link org.mpiverify.harness.core.HandleTable}s of lock-free maps
 * from the audit's {@code long} handles to the core's objects) and {@link org.mpiverify.harness.core.CoreTarget},
 * which runs a scenario in a fresh embedded job of one configuration, one platform thread per rank. Which
 * configurations the audit runs (every safe granularity and matching engine, and the unsafe variants it must reject)
 * is the audit's business ({@code org.mpiverify.audit.run.CoreColumns}).
 *
 * <p>May import: {@code org.mpiverify.harness.api}, {@code .scenario}, {@code .launch}; the core's public API
 * ({@code org.mpiverify.mpi}) and its configuration types ({@code org.mpiverify.core.sync.Granularity}).
 *
 * <p>Tests: the audit's {@code CoreCatalogTest}, {@code CoreAuditTest}, {@code KnownBadTwinsTest} (which run every
 * scenario through this binding), the benchmarks' {@code compare} tests. Docs: {@code audit/README.md} ("The core
 * target").
 */
package org.mpiverify.harness.core;
