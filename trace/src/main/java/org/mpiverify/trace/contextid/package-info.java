/**
 * Trace validation of context-id allocation (Gropp &amp; Thakur §5.3, Fig. 3): {@link
 * org.mpiverify.trace.contextid.ContextIdTraces} turns every process's allocator steps of one run into a trace for
 * the trace spec of the algorithm used ({@code specs/contextid/*Trace.tla}); {@link
 * org.mpiverify.trace.contextid.DupWorkload} is its workload (every thread dups and frees at once).
 *
 * <p>May import: {@code org.mpiverify.trace.spi} (the translator contract), {@code org.mpiverify.core.trace},
 * {@code org.mpiverify.core.contextid}, {@code org.mpiverify.mpi}. Not {@code org.mpiverify.trace}, which lists
 * this package's translator and workload.
 *
 * <p>Tests: {@code trace/src/test/java/org/mpiverify/trace/ContextIdTraceTest}. Docs: {@code docs/trace.md}.
 */
package org.mpiverify.trace.contextid;
