/**
 * Java-memory-model races of the bit-vector thread scheduler ({@code org.mpiverify.core.sched}; Dang, Snir &amp;
 * Gropp §3.1): a signal's atomic bit set racing the worker's atomic exchange of the same word ({@link
 * org.mpiverify.jcstress.core.sched.ReadyBitVectorSignalVsTakeRace}), and an idle worker's announced sleep racing a
 * signal, a Dekker handshake ({@link org.mpiverify.jcstress.core.sched.IdleHandshakeDekkerRace}). Known-bad twins:
 * the patches under {@code twins/patches/jcstress} ({@code ...BrokenTwin} and the core classes they swap in).
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.sched}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.sched;
