/**
 * Java-memory-model races of the lock-free lists ({@code org.mpiverify.core.attr}: a communicator's attributes,
 * an info object's pairs; Gropp &amp; Thakur §3 Read List and Update List): {@link
 * org.mpiverify.jcstress.core.attr.KeyedListPublicationRace}, a read against the insert of the entry it reads.
 * Known-bad twins: {@code .twins} and the patches under {@code twins/patches/jcstress}.
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.attr}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.attr;
