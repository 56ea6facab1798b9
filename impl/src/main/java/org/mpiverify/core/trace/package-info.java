/**
 * Trace recording: what the core's algorithms do at their linearization points, one event per step a TLA+
 * specification has an action for, for trace validation against the specs (Cirstea, Kuppe, Loillier,
 * Merz, Ricketts 2024; the {@code trace} module checks the events with TLC).
 *
 * <table>
 *   <caption>Step record to specification</caption>
 *   <tr><th>Record</th><th>Specification</th></tr>
 *   <tr><td>{@link org.mpiverify.core.trace.ContextIdStep}</td><td>specs/contextid (Gropp &amp; Thakur §5)</td></tr>
 *   <tr><td>{@link org.mpiverify.core.trace.ProbeStep}</td><td>specs/probe/Probe.tla (Hoefler et al. §2-§3)</td></tr>
 * </table>
 *
 * <p>{@link org.mpiverify.core.trace.TraceRecorder} keeps one log per thread and merges them by a global
 * stamp taken where each step takes effect. Recording is off unless a job is given a recorder; a component
 * then holds null and each hook costs one null check.
 */
package org.mpiverify.core.trace;
