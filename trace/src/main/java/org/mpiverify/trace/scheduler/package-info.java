/**
 * Trace validation of the bit-vector thread scheduler ({@code org.mpiverify.core.sched}: Dang, Snir &amp; Gropp §3.1,
 * Algorithms 3–4) against {@code specs/scheduler/BitVectorSchedulerTrace.tla}: the translator (one trace per
 * worker) and the workload that drives a scheduler, real or known-bad.
 *
 * <p>May import: {@code org.mpiverify.trace.spi}, the core's recorder and scheduler; the JDK.
 */
package org.mpiverify.trace.scheduler;
