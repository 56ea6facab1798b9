/**
 * The happens-before stage's data-race detector: {@link org.mpiverify.mutate.race.HappensBefore} (vector clocks in
 * the manner of FastTrack, over the Java memory model's access modes), {@link
 * org.mpiverify.mutate.race.RaceInstrumenter} (rewrites the core's accesses and synchronisation so the detector
 * sees them), {@link org.mpiverify.mutate.race.RaceClassLoader} (the instrumented core, child-first) and {@link
 * org.mpiverify.mutate.race.RaceHarness} (runs jcstress-shaped tests and the scenarios of {@code .scenarios} on
 * it). The audit's race column of the core ({@code org.mpiverify.mutate.coreaudit}) runs the audit's scenarios on it.
 *
 * <p>May import: ASM, jcstress's annotations; the JDK. The core reaches it only through the class loader.
 *
 * <p>Tests: {@code mutate/src/test/java/org/mpiverify/mutate/race/HappensBeforeTest} (on the fixtures in {@code
 * race/fixtures}). Docs: {@code docs/mutation.md} ("How the suites run against a mutant").
 */
package org.mpiverify.mutate.race;
