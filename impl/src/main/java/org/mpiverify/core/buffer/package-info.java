/**
 * Message buffers and the memory of eager messages (Dang, Snir &amp; Gropp, "Toward million communicating
 * threads", §3.3: an eager message is copied into a packet from a pool and waits there until its receive
 * is posted).
 *
 * <table>
 *   <caption>Classes</caption>
 *   <tr><th>Class</th><th>What it is</th><th>Paper</th></tr>
 *   <tr><td>{@link org.mpiverify.core.buffer.Buffers}</td>
 *       <td>checks and copies typed buffers (Java arrays, heap and direct {@code ByteBuffer}s)</td><td>-</td></tr>
 *   <tr><td>{@link org.mpiverify.core.buffer.PacketPool}</td>
 *       <td>eager packets in three size classes, pooled with per-thread caches</td><td>DSG §3.3</td></tr>
 *   <tr><td>{@link org.mpiverify.core.buffer.UnexpectedBudget}</td>
 *       <td>the per-rank bound on unexpected eager memory; past it senders use rendezvous</td>
 *       <td>MPI-3.1 §3.4 (a standard send may block until matched)</td></tr>
 *   <tr><td>{@link org.mpiverify.core.buffer.TypeLayout}</td>
 *       <td>the type map of a derived datatype: its blocks, bounds, and packing to and from a contiguous packet</td>
 *       <td>MPI-3.1 §4.1</td></tr>
 * </table>
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it): the core is the algorithms, the API is built on it.
 */
package org.mpiverify.core.buffer;
