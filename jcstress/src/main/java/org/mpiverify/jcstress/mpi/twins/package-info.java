/**
 * The known-bad twin of {@code PayloadPublicationRace}, generated at build time from a patch of that test
 * ({@code twins/patches/jcstress/PayloadPublicationRaceBrokenTwin.patch}, see testkit's {@code TwinPatch}): the
 * receiver reads the buffer before the completion, through the real API. This folder holds no other source.
 *
 * <p>May import: {@code org.mpiverify.mpi}, {@code org.mpiverify.jcstress.mpi}, jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.mpi.twins;
