/**
 * Hand-written known-bad twin of {@code PayloadPublicationRace}: the receiver reads the buffer before the
 * completion, through the real API.
 *
 * <p>May import: {@code org.mpiverify.mpi}, {@code org.mpiverify.jcstress.mpi}, jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.mpi.twins;
