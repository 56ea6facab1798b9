/**
 * Context-id allocation (Gropp &amp; Thakur, "Thread Safety in an MPI Implementation: Requirements and
 * Analysis", 2007, §5).
 *
 * <p>Contract: {@link org.mpiverify.core.contextid.ContextIdAllocator} (one instance per rank, shared by
 * its threads) and {@link org.mpiverify.core.contextid.MaskAllreduce} (the collective AND).
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th><th>Status</th></tr>
 *   <tr><td>§5.3 Fig. 3 + (parent, tag) keys + ownership word</td>
 *       <td>{@link org.mpiverify.core.contextid.MultithreadedContextIdAllocator}</td><td>what the core runs</td></tr>
 *   <tr><td>the same rounds as a request's state machine ({@code MPI_Comm_idup}; not in the paper:
 *       {@code specs/contextid/NonblockingContextIds.tla})</td>
 *       <td>{@link org.mpiverify.core.contextid.NonblockingContextIdAllocation}, over
 *       {@link org.mpiverify.core.contextid.MaskIallreduce}</td><td>what the core runs for idup</td></tr>
 *   <tr><td>§5.1 (with a process lock held across the allreduce)</td>
 *       <td>{@link org.mpiverify.core.contextid.SingleThreadedContextIdAllocator}</td><td>experimental: deadlocks</td></tr>
 *   <tr><td>§5.2 naive read / allreduce / check / retry</td>
 *       <td>{@link org.mpiverify.core.contextid.NaiveRetryContextIdAllocator}</td><td>experimental: can livelock</td></tr>
 *   <tr><td>§5.3 Fig. 3 as published</td>
 *       <td>{@link org.mpiverify.core.contextid.PublishedFig3ContextIdAllocator}</td><td>experimental: hangs on exhaustion</td></tr>
 * </table>
 *
 * <p>{@link org.mpiverify.core.contextid.ContextIdAlgorithm} creates any of them;
 * {@link org.mpiverify.core.contextid.MaskContextIdAllocator#stats()} gives lock acquisitions and
 * allreduce rounds per call when counting is on. Tests (same package, test sources):
 * {@code MultithreadedContextIdAllocatorTest} (functional, concurrent, exhaustion),
 * {@code ContextIdScheduleTest} (deterministic lockstep schedules), {@code UnsafeContextIdAllocatorsTest}
 * (each unsafe variant fails as §5 says), {@code ContextIdStressTest}, {@code NonblockingContextIdAllocationTest}
 * (the idup's ordering against the blocking algorithm, exhaustion, failure).
 */
package org.mpiverify.core.contextid;
