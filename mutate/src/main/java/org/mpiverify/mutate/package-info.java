/**
 * Concurrency mutation testing of the core ({@code ./mpiverify mutate}): {@link
 * org.mpiverify.mutate.MutateCommand} runs, per {@link org.mpiverify.mutate.Component} (the classes mutated and the
 * JUnit, Lincheck and jcstress suites close to them), PIT with this module's operators, then the stages that give
 * a surviving mutant a second chance: the other Lincheck tests in a forked JVM ({@link
 * org.mpiverify.mutate.ForkedSuiteStage}), jcstress ({@link org.mpiverify.mutate.JcstressStage}) and the
 * happens-before race detector ({@link org.mpiverify.mutate.RaceStage}); a mutant that changes only code a trace
 * recorder's presence selects goes there only to tests that can create one ({@code RecordingCode}), and a stopped
 * component run resumes ({@code ComponentRun}). The mutants' stable names ({@code
 * .pit}'s {@code MutantKeys}) let the equivalence claims ({@link org.mpiverify.mutate.Equivalents}, read from
 * {@code mutate/equivalent-mutants.md}) survive edits elsewhere. Beside them, {@code .coreaudit} runs the audit's
 * scenarios on the core under the same race detector: the core's race column ({@code audit --target core --race hb}).
 *
 * <p>May import: {@code org.mpiverify.mutate.operators}, {@code .pit}, {@code .race}, {@code .report} (none of
 * which imports this package: it is the top of the module); {@code org.mpiverify.results};
 * PIT, JUnit's launcher, jcstress's result reader. Never the core's classes as types: {@code Component} names them
 * and their suites by class name, and the core is mutated in bytecode and run in forked JVMs.
 *
 * <p>Tests: {@code mutate/src/test} ({@code MutationSampleIT}: the sample in {@code mvn verify}; {@code
 * EquivalentsKeysTest}). Docs: {@code docs/mutation.md}, {@code mutate/equivalent-mutants.md}.
 */
package org.mpiverify.mutate;
