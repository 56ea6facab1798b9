/**
 * Synchronization of a rank: its critical sections, the checks of its thread level, and how its threads
 * wait (no lock held while waiting; spins bounded, then parks).
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th></tr>
 *   <tr><td>Balaji et al. §4 (granularities: Global, Brief Global, Per Object, Lock Free), Table 1</td>
 *       <td>{@link org.mpiverify.core.sync.CriticalSections}, {@link org.mpiverify.core.sync.Granularity},
 *       {@link org.mpiverify.core.sync.Section}</td></tr>
 *   <tr><td>Gropp &amp; Thakur §4, Fig. 2 (no lock held while a call blocks)</td>
 *       <td>{@link org.mpiverify.core.sync.CriticalSections#beforeBlocking()} and {@code afterBlocking}</td></tr>
 *   <tr><td>Gropp &amp; Thakur §2 ({@code THREAD_SERIALIZED} misuse)</td>
 *       <td>{@link org.mpiverify.core.sync.SerializedCallDetector}</td></tr>
 *   <tr><td>Hoefler et al. (a blocking probe waits for the next arrival without missing one)</td>
 *       <td>{@link org.mpiverify.core.sync.EventCount}</td></tr>
 *   <tr><td>- (bounded spinning, then parking)</td>
 *       <td>{@link org.mpiverify.core.sync.WaitPolicy}, {@link org.mpiverify.core.sync.SpinGate},
 *       {@link org.mpiverify.core.sync.SpinThenParkLock}</td></tr>
 *   <tr><td>- (test support: the named points of a wait, where a test aborts exactly)</td>
 *       <td>{@link org.mpiverify.core.sync.WaitPoint}</td></tr>
 * </table>
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it): the core is the algorithms, the API is built on it.
 */
package org.mpiverify.core.sync;
