/**
 * Java-memory-model races of the attached buffer of buffered sends ({@code org.mpiverify.core.bsend}; MPI-3.1
 * §3.6, Gropp &amp; Thakur §3, class Own): two threads' bsends reserving and filling regions of the one buffer
 * ({@link org.mpiverify.jcstress.core.bsend.BsendReserveOverlapRace}). Known-bad twins: {@code .twins} and the
 * patches under {@code twins/patches/jcstress}.
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.bsend}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.bsend;
