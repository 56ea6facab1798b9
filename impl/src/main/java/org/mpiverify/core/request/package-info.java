/**
 * Requests: the completion of an operation, its reference count and the pools requests come from.
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th></tr>
 *   <tr><td>Dang, Snir &amp; Gropp §3.1 (ThreadWait/ThreadSignal with an "already signalled" flag)</td>
 *       <td>{@link org.mpiverify.core.request.Completion}</td></tr>
 *   <tr><td>Gropp &amp; Thakur §4.1 (reference counts); Balaji et al. §5.3 "atom"</td>
 *       <td>{@link org.mpiverify.core.request.RequestState}</td></tr>
 *   <tr><td>Balaji et al. §5.3 "tlp"; Dang, Snir &amp; Gropp §3.3 (private and shared pools)</td>
 *       <td>{@link org.mpiverify.core.request.ObjectPool}, {@link org.mpiverify.core.request.TreiberStack}</td></tr>
 *   <tr><td>Gropp &amp; Thakur §3 (Allocate: {@code MPI_Send_init}); MPI-3.1 §3.9 (persistent requests)</td>
 *       <td>{@link org.mpiverify.core.request.PersistentSlot}</td></tr>
 *   <tr><td>MPI-3.1 §12.2 (generalized requests: when the free callback runs)</td>
 *       <td>{@link org.mpiverify.core.request.GrequestLifecycle}</td></tr>
 * </table>
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it): the core is the algorithms, the API is built on it.
 */
package org.mpiverify.core.request;
