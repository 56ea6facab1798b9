/**
 * Hand-written known-bad twins of three matching races ({@code EnvelopePublicationRace}, {@code
 * HashTableEmptyVsInsertRace}, {@code HashTableOwnerEmptyVsMoveRace}): small models of each defect (publish
 * before the payload write, a two-store {@code empty}, a move racing the owner's {@code empty}), not patches of
 * the real engine or table.
 *
 * <p>May import: jcstress's API only (a twin shares no class with the core).
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.matching.twins;
