/**
 * Java-memory-model races of the context-id allocators ({@code org.mpiverify.core.contextid}, Gropp &amp; Thakur
 * §5.3, Fig. 3): {@link org.mpiverify.jcstress.core.contextid.ContextIdMaskHandoffRace} (the {@code mask_in_use}
 * hand-off) and {@link org.mpiverify.jcstress.core.contextid.IdupVsBlockingRoundRace} (an {@code idup}'s
 * allocation against a blocking round). Their known-bad twins: {@code .twins} and the patches under {@code
 * twins/patches/jcstress}.
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.contextid}, {@code org.mpiverify.core.coll}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.contextid;
