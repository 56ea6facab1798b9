/**
 * The side of the core's race column that runs inside the race detector's class loader: {@link
 * org.mpiverify.mutate.coreaudit.driver.CoreRaceDriver} runs one audit scenario on one core column, on the
 * instrumented core, and returns its verdict as JDK types.
 *
 * <p>May import: the audit, the harness, the core, {@code org.mpiverify.mutate.race.HappensBefore} (the detector, from
 * the parent loader). Nothing outside the detector's class loader may link against it: {@code
 * org.mpiverify.mutate.coreaudit} calls it by reflection.
 *
 * <p>Tests: {@code mutate/src/test/java/org/mpiverify/mutate/coreaudit/CoreRaceAuditTest}. Docs: {@code
 * audit/c-scenarios/README.md} ("The core's race column").
 */
package org.mpiverify.mutate.coreaudit.driver;
