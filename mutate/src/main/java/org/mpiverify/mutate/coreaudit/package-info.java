/**
 * The core's race column of the audit: {@link org.mpiverify.mutate.coreaudit.CoreRaceAudit} runs the audit's
 * scenarios on the core's columns under the happens-before detector of {@code org.mpiverify.mutate.race} (the core
 * instrumented, the audit and the harness with their synchronisation rewritten), {@link
 * org.mpiverify.mutate.coreaudit.CoreRaceReport} writes {@code out/audit/core-race.{md,json}}, and {@link
 * org.mpiverify.mutate.coreaudit.CoreRaceCommand} is {@code ./mpiverify audit --target core --race hb}.
 *
 * <p>May import: {@code org.mpiverify.mutate.race}, {@code org.mpiverify.audit.run.AuditOutput}, {@code
 * org.mpiverify.results}; the JDK. Never the driver ({@code .driver}), the core, or the audit's scenarios directly:
 * those must be the detector's class loader's copies, reached by reflection.
 *
 * <p>Tests: {@code mutate/src/test/java/org/mpiverify/mutate/coreaudit/CoreRaceAuditTest}. Docs: {@code
 * audit/c-scenarios/README.md} ("The core's race column").
 */
package org.mpiverify.mutate.coreaudit;
