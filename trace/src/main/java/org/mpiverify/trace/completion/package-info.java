/**
 * Trace validation of request completion and of Dang, Snir &amp; Gropp's match table: {@link
 * org.mpiverify.trace.completion.CompletionTraces} (every request of every rank, for {@code
 * specs/matchtable/CompletionTrace.tla}) and {@link org.mpiverify.trace.completion.TableTraces} (one table's inserts
 * and empties, for {@code AtomicMapTrace.tla}), their translator and workloads ({@link
 * org.mpiverify.trace.completion.CompletionWorkload}, {@link org.mpiverify.trace.completion.TableWorkload}), and the
 * known-bad completions and tables the specs must reject ({@link org.mpiverify.trace.completion.CompletionTwins},
 * generated from patches at build time).
 *
 * <p>May import: {@code org.mpiverify.trace.spi} (the translator contract), the core's recorder ({@code
 * org.mpiverify.core.trace}), the classes traced ({@code org.mpiverify.core.request}, {@code .matching}, {@code
 * .sync}) and {@code org.mpiverify.mpi}. Not {@code org.mpiverify.trace}, which lists this package's translator,
 * workloads and twins.
 *
 * <p>Tests: {@code trace/src/test/java/org/mpiverify/trace} ({@code CompletionTraceTest}, {@code TableTraceTest}).
 * Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace.completion;
