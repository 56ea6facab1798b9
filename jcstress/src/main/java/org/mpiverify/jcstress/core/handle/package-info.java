/**
 * Java-memory-model races of the reference count of freeable handles ({@code org.mpiverify.core.handle}, Gropp
 * &amp; Thakur §4.1): the user's free racing the end of an operation's last use of a derived datatype or user op
 * ({@link org.mpiverify.jcstress.core.handle.UseCountFreeVsLastUseRace}). Known-bad twins: {@code .twins} and the
 * patches under {@code twins/patches/jcstress}.
 *
 * <p>May import: the class under test ({@code org.mpiverify.core.handle}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.handle;
