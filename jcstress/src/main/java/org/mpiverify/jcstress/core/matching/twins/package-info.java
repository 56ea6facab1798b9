/**
 * Known-bad twins of the races in {@code org.mpiverify.jcstress.core.matching}, generated at build time from patches
 * ({@code twins/patches/jcstress/*.patch}, see testkit's {@code TwinPatch}): each is its race's test run on a
 * twin of the real core class (itself a patch with {@code // DEFECT} lines), never a hand-written model. This
 * folder holds no other source.
 *
 * <p>May import: the core's twins (generated beside the core's packages), the core, the races' shared helpers in
 * {@code org.mpiverify.jcstress.core.matching} ({@code EnvelopePublicationRace}'s message and receive), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.matching.twins;
