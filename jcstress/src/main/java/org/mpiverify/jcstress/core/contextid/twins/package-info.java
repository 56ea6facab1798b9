/**
 * Hand-written known-bad twin of {@code ContextIdMaskHandoffRace}: a model of the defect (the {@code mask_in_use}
 * test-and-set as two steps), not a patch of the real allocator, so it shows that the test's outcomes can catch
 * the race, not that the real class has it. Twins written as patches of the real class live in {@code
 * jcstress/src/main/twins}.
 *
 * <p>May import: jcstress's API only.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.contextid.twins;
