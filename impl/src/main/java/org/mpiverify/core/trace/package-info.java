/**
 * Trace recording for trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024): what the core's
 * algorithms do at their linearization points, one event per step a TLA+ specification has an action
 * for, in one global order taken inside the critical section that decides each step (the {@code trace}
 * module checks the events with TLC).
 *
 * <table>
 *   <caption>Step records to specifications</caption>
 *   <tr><th>Specification</th><th>Class</th></tr>
 *   <tr><td>{@code specs/contextid} (Gropp &amp; Thakur §5, Fig. 3)</td>
 *       <td>{@link org.mpiverify.core.trace.ContextIdStep}</td></tr>
 *   <tr><td>{@code specs/matching} (MPI-3.1 §3.5)</td>
 *       <td>{@link org.mpiverify.core.trace.MatchingStep}</td></tr>
 *   <tr><td>{@code specs/probe/Probe.tla} (Hoefler et al. §2-§3)</td>
 *       <td>{@link org.mpiverify.core.trace.ProbeStep}</td></tr>
 *   <tr><td>{@code specs/progress/ProgressEngine.tla} (MPI's progress rule: the poller and standby roles)</td>
 *       <td>{@link org.mpiverify.core.trace.ProgressStep}</td></tr>
 *   <tr><td>-</td><td>{@link org.mpiverify.core.trace.TraceRecorder} (per-thread logs, the global stamp),
 *       {@link org.mpiverify.core.trace.RecordedEvent}</td></tr>
 * </table>
 *
 * <p>Off by default, and then free: a component keeps the recorder in a field that is null unless its
 * algorithm is recorded, and each hook is one null check.
 */
package org.mpiverify.core.trace;
