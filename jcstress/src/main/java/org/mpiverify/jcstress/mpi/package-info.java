/**
 * Java-memory-model races through the core's public API and its progress engine: a message's payload and status
 * against {@code MPI_Test} ({@link org.mpiverify.jcstress.mpi.PayloadPublicationRace}), and the progress engine's
 * poller, standby and wake-up handshakes ({@code ProgressEngine...Race}, through {@code
 * org.mpiverify.mpi.ProgressEngineHarness}); {@link org.mpiverify.jcstress.mpi.TwoRanks} and {@link
 * org.mpiverify.jcstress.mpi.WaiterThreads} are their shared set-up. Known-bad twins: {@code .twins} and the
 * progress-engine patches under {@code twins/patches/jcstress}.
 *
 * <p>May import: {@code org.mpiverify.mpi} (and its jcstress door {@code ProgressEngineHarness}, in the core's test jar), {@code org.mpiverify.core.coll}, {@code .request}, jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.mpi;
