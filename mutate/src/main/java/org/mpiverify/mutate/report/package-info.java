/**
 * The kill matrix and what a reader gets of it: {@link org.mpiverify.mutate.report.KillMatrix} (every mutant's final
 * status and the suite that killed it), {@link org.mpiverify.mutate.report.Summary} (Markdown tables per operator,
 * suite and package), {@link org.mpiverify.mutate.report.Diffs} (a survivor's source lines and bytecode diff) and
 * {@link org.mpiverify.mutate.report.JsonOut} ({@code out/mutate/kill-matrix.json}, through {@code
 * org.mpiverify.results.Json}).
 *
 * <p>May import: {@code org.mpiverify.mutate.pit} ({@code MutantRecord}), {@code org.mpiverify.results}, ASM (to
 * print bytecode).
 *
 * <p>Tests: through {@code MutationSampleIT}; the dashboard's {@code MutationPageTest} reads the JSON. Docs:
 * {@code docs/mutation.md} ("Results").
 */
package org.mpiverify.mutate.report;
