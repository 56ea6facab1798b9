/**
 * Trace validation: does the Java do what the verified spec says? {@link org.mpiverify.trace.TraceCommand} ({@code
 * ./mpiverify trace}) runs the core with recording on (audit scenarios, the demo, or an algorithm's own {@link
 * org.mpiverify.trace.spi.TraceWorkload}), hands each algorithm's recorded events to its {@link
 * org.mpiverify.trace.spi.TraceTranslator} ({@link org.mpiverify.trace.Translators}), and {@link
 * org.mpiverify.trace.TraceChecker} lets TLC decide, window by window, whether the algorithm's {@code *Trace.tla}
 * allows the {@link org.mpiverify.trace.spi.TraceModel} (short traces of one spec several to a TLC run, {@code
 * TraceBatch}, for {@code audit --trace}): a {@link org.mpiverify.trace.TraceVerdict} per trace and,
 * for a rejected one, a page ({@link org.mpiverify.trace.TraceReports}). That a check can fail is shown on edited
 * traces ({@link org.mpiverify.trace.EditedTrace}) and on the core's known-bad twins ({@link
 * org.mpiverify.trace.TraceTwins}, {@code --variant}).
 *
 * <p>May import: the core ({@code org.mpiverify.mpi}, {@code org.mpiverify.core.trace} and the configuration types
 * of {@code .core.sync}, {@code .core.contextid}), {@code org.mpiverify.specs} (TLC), the harness's and the
 * audit's scenarios ({@code org.mpiverify.harness.core}, {@code .harness.scenario}, {@code
 * org.mpiverify.audit.scenario}, {@code .audit.run}, and {@code .audit.report}'s cell trace verdict, which {@code
 * AuditRunTracing} gives {@code audit --trace}), {@code org.mpiverify.results}, the translator contract
 * {@code .spi}, and the per-algorithm packages {@code .completion}, {@code .contextid}, {@code .matching}, {@code
 * .probe}, {@code .progress}, which {@code Translators} and {@code TraceTwins} list. Those import {@code .spi}, never
 * this package. {@code .tlc} runs TLC: the windows of a trace, or the traces of a thread, in one TLC JVM ({@code
 * TlcSession}, whose JVM runs {@code TlcWindowServer}); it imports TLC and {@code org.mpiverify.specs} only.
 *
 * <p>Tests: {@code trace/src/test/java/org/mpiverify/trace} ({@code TraceQuickTest}, {@code
 * MatchingEditedTraceTest}, {@code MatchingTwinTraceTest}, {@code TraceBatchTest} and one test per algorithm). Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace;
