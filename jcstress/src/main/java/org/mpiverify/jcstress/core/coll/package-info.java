/**
 * Java-memory-model races of the core's nonblocking collectives ({@code org.mpiverify.core.coll}): {@link
 * org.mpiverify.jcstress.core.coll.ScheduleProgressRace}, two completers polling one schedule at once. Its
 * known-bad twin is generated at build time from {@code twins/patches/jcstress/ScheduleProgressRaceBrokenTwin.patch}.
 *
 * <p>May import: the class under test ({@code org.mpiverify.core.coll}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.coll;
