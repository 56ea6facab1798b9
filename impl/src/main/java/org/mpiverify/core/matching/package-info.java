/**
 * Message matching: one rank's posted receives and unexpected messages, for every context (MPI-3.1
 * §3.5), safe for the rank's own threads and for other ranks' senders at once (Dang, Snir &amp; Gropp
 * Alg. 2: the sender runs the receiver's matching itself).
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th></tr>
 *   <tr><td>MPI-3.1 §3.5 (the contract every engine keeps)</td>
 *       <td>{@link org.mpiverify.core.matching.MatchingEngine}</td></tr>
 *   <tr><td>MPICH's posted/unexpected queues; Balaji et al. §4 "Per Object" (one lock per context)</td>
 *       <td>{@link org.mpiverify.core.matching.QueueMatchingEngine}, {@code ContextQueues}</td></tr>
 *   <tr><td>Dang, Snir &amp; Gropp §2.2 eqs. (1)-(3), Alg. 1-2, §3.2 (the concurrent hash table), with
 *       an ordered "wild" mode for wildcards</td>
 *       <td>{@link org.mpiverify.core.matching.MatchTable}, {@link org.mpiverify.core.matching.HashMatchingEngine}</td></tr>
 *   <tr><td>-</td><td>{@link org.mpiverify.core.matching.Envelope}, {@link org.mpiverify.core.matching.PostedReceive}
 *       (what an engine matches), {@code MatchNode} (a FIFO node), {@code ContextDirectory} (per-context state)</td></tr>
 * </table>
 *
 * <p>An engine that decides truncation when it matches (as MPICH's receive-data-found step does) asks the
 * message, {@link org.mpiverify.core.matching.Envelope#longerThan}; the core's engines leave it to the delivery.
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it): the core is the algorithms, the API is built on it.
 */
package org.mpiverify.core.matching;
