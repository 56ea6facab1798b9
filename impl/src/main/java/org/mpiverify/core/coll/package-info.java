/**
 * The collective operations (MPI-3.1 chapter 5) over point-to-point messages on a context of their own
 * (Gropp &amp; Thakur, "Thread Safety in an MPI Implementation", §5.1: separate contexts never match
 * each other), with the short-message algorithms of Thakur, Rabenseifner &amp; Gropp (IJHPCA 2005).
 *
 * <table>
 *   <caption>Classes</caption>
 *   <tr><th>Class</th><th>What it is</th></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.Collectives}</td>
 *       <td>barrier, bcast, reduce, allreduce, gather(v), scatter(v), allgather, alltoall</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.NonblockingCollectives}</td>
 *       <td>ibarrier, ibcast, ireduce, iallreduce: the same algorithms as schedules of steps</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.Schedule}</td>
 *       <td>a nonblocking operation that moves when a thread polls it (no progress thread); lock-free polling</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.StepSchedule}</td>
 *       <td>a schedule of steps: start transfers, then compute once they completed</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.PollingChannel}</td>
 *       <td>what a nonblocking collective needs of a communicator: transfers started, then polled</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.CollectiveChannel}</td>
 *       <td>what a collective needs of a communicator: nonblocking sends and receives on its context</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.CollectiveArgs}</td>
 *       <td>argument checks, made before anything is sent</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.CollectiveTags}</td><td>the tag of every step of every collective</td></tr>
 *   <tr><td>{@link org.mpiverify.core.coll.Reductions}</td><td>the predefined reduction operations (MPI-3.1 §5.9.2)</td></tr>
 * </table>
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it): the core is the algorithms, the API is built on it.
 */
package org.mpiverify.core.coll;
