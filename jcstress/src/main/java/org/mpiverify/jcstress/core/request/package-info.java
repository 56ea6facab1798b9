/**
 * Java-memory-model races of requests ({@code org.mpiverify.core.request}): the Dekker handshake of {@code
 * Completion} ({@code Completion...Race}), the request's reference count, lock-free and locked ({@code
 * RequestRefCount...Race}, Balaji et al. §5.3), the publication of a completed receive's inline payload and status
 * ({@link org.mpiverify.jcstress.core.request.RequestStatusPublicationRace}), and the pools ({@link
 * org.mpiverify.jcstress.core.request.ObjectPoolAllocateFreeRace}, {@link
 * org.mpiverify.jcstress.core.request.StripedCacheDoubleTakeRace}, {@link
 * org.mpiverify.jcstress.core.request.TreiberStackPushPopRace}; Dang, Snir &amp; Gropp §3.3). Known-bad twins:
 * {@code .twins} and the patches under {@code twins/patches/jcstress}.
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.request}, {@code org.mpiverify.core.sync}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.request;
