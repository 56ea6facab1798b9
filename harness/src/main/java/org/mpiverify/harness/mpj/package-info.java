/**
 * MPJ Express 0.44 (Debian {@code libmpj-java}) as a target, started without its launchers: {@link
 * org.mpiverify.harness.mpj.MpjTarget} on the multicore device (ranks as threads of one JVM, each with a class loader
 * of its own) or niodev (one JVM per rank, meeting through a {@link
 * org.mpiverify.harness.mpj.NiodevPortExchange}); {@link org.mpiverify.harness.mpj.MpjRankMain} is a rank's main and
 * {@link org.mpiverify.harness.mpj.MpjAuditMpi} the binding, which calls MPJ Express through method handles
 * resolved from the rank's loader ({@link org.mpiverify.harness.mpj.MpjApi}).
 *
 * <p>May import: {@code org.mpiverify.harness.api}, {@code .scenario}, {@code .launch}. MPJ Express's classes only
 * through method handles (they must come from each rank's own loader), and nothing of the core.
 *
 * <p>Tests: {@code harness/src/test/java/org/mpiverify/harness/mpj} ({@code MpjTargetTest}, {@code MpjOfflineTest});
 * the audit's {@code LibraryAuditTest}. Docs: {@code audit/README.md} ("MPJ Express").
 */
package org.mpiverify.harness.mpj;
