/**
 * What this module plugs into PIT: {@link org.mpiverify.mutate.pit.PitRun} (one analysis: classes, operators,
 * test classes), the output format {@link org.mpiverify.mutate.pit.KillMatrixListenerFactory} (one {@link
 * org.mpiverify.mutate.pit.MutantRecord} a line, and the bytes of every survivor for the later stages), the feature
 * {@link org.mpiverify.mutate.pit.SelectionFilterFactory} (the mutants a run is about) and {@link
 * org.mpiverify.mutate.pit.SuiteTestPrioritiserFactory} (the Lincheck tests PIT's coverage cannot see).
 *
 * <p>May import: PIT's plugin API; {@code org.mpiverify.mutate} ({@code Component}, {@code SuiteClassPath}) and
 * {@code org.mpiverify.mutate.report} (each of which imports this package back: two package cycles).
 *
 * <p>Tests: through {@code mutate/src/test/java/org/mpiverify/mutate/MutationSampleIT}. Docs: {@code
 * docs/mutation.md} ("How the suites run against a mutant").
 */
package org.mpiverify.mutate.pit;
