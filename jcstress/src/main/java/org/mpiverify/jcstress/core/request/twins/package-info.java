/**
 * Hand-written known-bad twins of the request races: small models of each defect (release/acquire instead of
 * volatile in the Dekker pair, a waiter slot overwritten, a plain {@code done} flag, a head written without CAS,
 * a plain reference count, publish before the payload write, a two-step try-lock), not patches of the real
 * classes.
 *
 * <p>May import: jcstress's API only.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.request.twins;
