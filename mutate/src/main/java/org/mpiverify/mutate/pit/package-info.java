/**
 * What this module plugs into PIT: {@link org.mpiverify.mutate.pit.PitRun} (one analysis: classes, operators,
 * test classes), the output format {@link org.mpiverify.mutate.pit.KillMatrixListenerFactory} (one {@link
 * org.mpiverify.mutate.pit.MutantRecord} a line, and the bytes of every survivor for the later stages), the feature
 * {@link org.mpiverify.mutate.pit.SelectionFilterFactory} (the mutants a run is about) and {@link
 * org.mpiverify.mutate.pit.SuiteTestPrioritiserFactory} (the Lincheck tests PIT's coverage cannot see); and what
 * they share with the stages after PIT: {@link org.mpiverify.mutate.pit.MutantKeys} (a mutant's stable name, from
 * PIT's view of the class) and {@link org.mpiverify.mutate.pit.JsonOut} (a record as a line of {@code
 * results.jsonl}).
 *
 * <p>May import: PIT's plugin API, {@code org.mpiverify.results} ({@code Json}); nothing else of this module
 * ({@code org.mpiverify.mutate} uses this package, not the reverse).
 *
 * <p>Tests: through {@code mutate/src/test/java/org/mpiverify/mutate/MutationSampleIT}. Docs: {@code
 * docs/mutation.md} ("How the suites run against a mutant").
 */
package org.mpiverify.mutate.pit;
