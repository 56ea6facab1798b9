/**
 * Spec mutation testing ({@code ./mpiverify mutate --specs}, {@link org.mpiverify.specs.mutation.SpecMutateCommand}):
 * one small, realistic mistake at a time in a spec family's TLA+ ({@link org.mpiverify.specs.mutation.SpecOperator},
 * made at the source ranges SANY's semantic tree gives by {@link org.mpiverify.specs.mutation.MutantGenerator} over
 * {@link org.mpiverify.specs.mutation.SpecGraph}), each run against the passing models that use the mutated
 * definition ({@link org.mpiverify.specs.mutation.MutantRunner}, one TLC worker, a deadline from the model's own
 * time in the same run). Each verdict goes, as it is decided, into the family's history
 * ({@link org.mpiverify.specs.mutation.MutationHistory}, {@code specs/mutation-history/<family>.jsonl}), from which a
 * {@code --resume} run reuses the verdicts whose key still matches. Its results: the kill matrix ({@link org.mpiverify.specs.mutation.SpecKillMatrix},
 * {@code out/mutate-specs/kill-matrix.json}), the equivalent mutants argued per family
 * ({@link org.mpiverify.specs.mutation.SpecEquivalents}, {@code specs/<family>/equivalent-mutants.json}) and the
 * recorded scores ({@link org.mpiverify.specs.mutation.ScoreTable}, {@code specs/mutation-scores.json} and the table
 * generated from it in {@code specs/README.md}).
 *
 * <p>May import: {@code org.mpiverify.specs} (the manifest, the TLC runner), {@code org.mpiverify.results}, SANY
 * ({@code tla2sany}, parsed in this JVM by {@link org.mpiverify.specs.mutation.Sany}), the JDK.
 *
 * <p>Tests: {@code specs/src/test/java/org/mpiverify/specs/mutation} ({@code SpecMutantGeneratorTest}, {@code
 * SpecMutationRunTest}, {@code MutantChainTest}, {@code MutationHistoryTest}, {@code ScoreTableTest} and {@code SpecMutationSampleIT}, the sample in {@code mvn verify}). Docs: {@code docs/spec-mutation.md}.
 */
package org.mpiverify.specs.mutation;
