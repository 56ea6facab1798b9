/**
 * The buffer of buffered sends ({@code MPI_Bsend}, MPI-3.1 §3.6): the one buffer a process attaches, which
 * every thread's {@code bsend} and {@code ibsend} share (Gropp &amp; Thakur §3, class Own: the call manages
 * its own thread safety).
 *
 * <table>
 *   <caption>Classes</caption>
 *   <tr><th>Class</th><th>What it is</th><th>Paper</th></tr>
 *   <tr><td>{@link org.mpiverify.core.bsend.AttachedBuffer}</td>
 *       <td>the attached buffer's lock-free first-fit allocator: attach, reserve, release, detach</td>
 *       <td>MPI-3.1 §3.6; Gropp &amp; Thakur §3 (Own)</td></tr>
 * </table>
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it): the core is the algorithms, the API is built on it.
 */
package org.mpiverify.core.bsend;
