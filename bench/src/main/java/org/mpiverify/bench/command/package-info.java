/**
 * {@code ./mpiverify bench}: {@link org.mpiverify.bench.command.BenchCommand} runs {@code core} or the papers'
 * figures with the options the CLI mapped, and writes their JSON and plots.
 *
 * <p>May import: every package of {@code org.mpiverify.bench} (it is the top of the module: nothing of the module
 * imports it), the core's API ({@code org.mpiverify.mpi}), {@code org.mpiverify.results}.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/command} ({@code BenchCommandTest}); the CLI's {@code
 * MainTest} runs a figure through it. Docs: {@code docs/benchmarks.md}.
 */
package org.mpiverify.bench.command;
