/**
 * The one small interface every MPI implementation is audited and measured through: {@link
 * org.mpiverify.harness.api.AuditMpi} (handles as opaque {@code long}s, buffers as {@code int[]}, the audit's own
 * constants, which each binding translates), its statuses and its error, {@link
 * org.mpiverify.harness.api.AuditException} with the library's error class. A binding adds no lock: the thread safety
 * measured is the implementation's.
 *
 * <p>May import: the JDK only. Bindings: {@code org.mpiverify.harness.core} (the in-JVM core),
 * {@code org.mpiverify.harness.nativempi} (MPICH, Open MPI), {@code org.mpiverify.harness.mpj} (MPJ Express).
 *
 * <p>Tests: through the bindings' tests under {@code harness/src/test} and the audit's under {@code audit/src/test}.
 * Docs: {@code audit/README.md} ("How it works", "The binding").
 */
package org.mpiverify.harness.api;
