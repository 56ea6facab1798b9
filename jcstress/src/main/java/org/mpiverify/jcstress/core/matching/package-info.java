/**
 * Java-memory-model races of message matching ({@code org.mpiverify.core.matching}, Dang, Snir &amp; Gropp §2.2 and
 * §3.2): a receive posted against its message arriving ({@link
 * org.mpiverify.jcstress.core.matching.EnvelopePublicationRace}, {@link
 * org.mpiverify.jcstress.core.matching.HashEngineWildcardVsExactRace}), a cancel against a match ({@link
 * org.mpiverify.jcstress.core.matching.ReceiveCancelVsMatchRace}) and the match table's single-write {@code empty},
 * inserts and growth ({@code HashTable...Race}). Known-bad twins of three of them: {@code .twins}.
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.matching}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.matching;
