/**
 * The kill matrix and what a reader gets of it: {@link org.mpiverify.mutate.report.KillMatrix} (every mutant's final
 * status and the suite that killed it), {@link org.mpiverify.mutate.report.Summary} (Markdown tables per operator,
 * suite and package) and {@link org.mpiverify.mutate.report.Diffs} (a survivor's source lines and bytecode diff);
 * {@code MutateCommand} writes them as {@code out/mutate/kill-matrix.json} and {@code summary.md}; {@link
 * org.mpiverify.mutate.report.ScoreFile} records a component's score in {@code mutate/mutation-scores.json} (the
 * record {@link org.mpiverify.mutate.report.MutationScoresFile}) and its table in {@code docs/mutation.md}, and {@link
 * org.mpiverify.mutate.report.LoadSampler} samples the machine's load over a run.
 *
 * <p>May import: ASM (to print bytecode); {@code results} (the records and JSON); the JDK. Nothing else of this module: {@code org.mpiverify.mutate} uses
 * this package, not the reverse.
 *
 * <p>Tests: through {@code MutationSampleIT}; {@code ScoreFileTest} (the recorded table, and the committed sample
 * {@code mutate/src/test/resources/org/mpiverify/mutate/report/mutation-scores.json} read through the record); the dashboard's {@code MutationPageTest} reads the JSON. Docs:
 * {@code docs/mutation.md} ("Results").
 */
package org.mpiverify.mutate.report;
