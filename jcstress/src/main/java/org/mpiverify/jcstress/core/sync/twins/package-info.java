/**
 * Hand-written known-bad twins of three synchronization races: the abort flag read before registering (over
 * the real {@code BlockedThreads}), a plain event counter spun on, and a check-then-act {@code SERIALIZED}
 * detector; the last two are models, not patches of the real classes.
 *
 * <p>May import: jcstress's API, {@code org.mpiverify.core.sync}.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.sync.twins;
