/**
 * The kill matrix and what a reader gets of it: {@link org.mpiverify.mutate.report.KillMatrix} (every mutant's final
 * status and the suite that killed it), {@link org.mpiverify.mutate.report.Summary} (Markdown tables per operator,
 * suite and package) and {@link org.mpiverify.mutate.report.Diffs} (a survivor's source lines and bytecode diff);
 * {@code MutateCommand} writes them as {@code out/mutate/kill-matrix.json} and {@code summary.md}.
 *
 * <p>May import: ASM (to print bytecode); the JDK. Nothing else of this module: {@code org.mpiverify.mutate} uses
 * this package, not the reverse.
 *
 * <p>Tests: through {@code MutationSampleIT}; the dashboard's {@code MutationPageTest} reads the JSON. Docs:
 * {@code docs/mutation.md} ("Results").
 */
package org.mpiverify.mutate.report;
