/**
 * The core's public API: an MPI subset in Java whose ranks run inside one JVM. This is the package a user
 * calls; everything under {@code org.mpiverify.core} is the algorithms it is built on.
 *
 * <h2>What a user calls</h2>
 *
 * <pre>{@code
 * JobResult r = Job.run(JobConfig.of(4), mpi -> {
 *     mpi.initThread(ThreadLevel.MULTIPLE);
 *     Comm world = mpi.commWorld();
 *     int[] buf = new int[1];
 *     if (world.rank() == 0) {
 *         Status s = world.recv(buf, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
 *     } else {
 *         world.send(new int[] {world.rank()}, 0, 1, Datatype.INT, 0, 7);
 *     }
 *     mpi.finalizeMpi();
 * }, Duration.ofSeconds(30));
 * }</pre>
 *
 * <ul>
 *   <li>{@link org.mpiverify.mpi.Job} starts N ranks in this JVM ({@link org.mpiverify.mpi.Job#run}, each
 *       rank's {@link org.mpiverify.mpi.RankMain} on its own platform thread, under a deadline) or embeds ranks
 *       without mains ({@link org.mpiverify.mpi.Job#create}); {@link org.mpiverify.mpi.JobResult} says how it
 *       ended, with every thread's stack if it hung or aborted.</li>
 *   <li>{@link org.mpiverify.mpi.JobConfig} (immutable, {@code with...} methods): ranks, critical-section
 *       granularity, matching engine ({@link org.mpiverify.mpi.MatchingKind}), context-id algorithm, eager
 *       limit, checked thread levels, waiting policy, the default error handler; unsafe variants only with
 *       {@code withExperimental(true)}, for the audit.</li>
 *   <li>{@link org.mpiverify.mpi.Mpi}: one rank's entry point ({@code initThread}, {@code commWorld},
 *       {@code finalizeMpi}, {@code abort}) and MPI's constants ({@code ANY_SOURCE}, {@code ANY_TAG},
 *       {@code PROC_NULL}, {@code TAG_UB}).</li>
 *   <li>The handles every other call is made on: {@link org.mpiverify.mpi.Comm} (point-to-point, probe and
 *       matched probe, communicator creation, blocking and nonblocking collectives), {@link
 *       org.mpiverify.mpi.Request} (wait, test, cancel and their array forms; start of a persistent request,
 *       completion of a generalized one, whose callbacks {@link org.mpiverify.mpi.Grequest} names), {@link org.mpiverify.mpi.Message}
 *       ({@code mrecv}, {@code imrecv}), {@link org.mpiverify.mpi.Keyval} (attribute keys, whose attributes
 *       {@code Comm.setAttr}, {@code getAttr}, {@code deleteAttr} cache) and {@link org.mpiverify.mpi.Info}
 *       (info objects, a communicator's hints); the values {@link org.mpiverify.mpi.Status}, {@link
 *       org.mpiverify.mpi.Group}, {@link org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link
 *       org.mpiverify.mpi.ThreadLevel}; the handles the user may free while operations use them (Gropp &amp;
 *       Thakur §4.1): {@link org.mpiverify.mpi.DerivedDatatype} and {@link org.mpiverify.mpi.UserOp} ({@code
 *       Op.create}), taken where a {@link org.mpiverify.mpi.MpiDatatype} or {@link org.mpiverify.mpi.MpiOp} is.</li>
 *   <li>{@link org.mpiverify.mpi.Quiescence}: what a job holds once nothing is outstanding, for tests.</li>
 *   <li>Hooks for the checks, not for users: {@link org.mpiverify.mpi.CoreOverrides} (known-bad components in
 *       place of the core's in one job: the audit's unsafe columns, trace validation's twins) and {@link
 *       org.mpiverify.mpi.DrivenProgressEngine} (a progress engine, the core's or a known-bad twin of it, driven
 *       call by call for trace validation).</li>
 * </ul>
 *
 * <h2>Thread safety</h2>
 *
 * <p>A call is bound to its rank by the handle it is made on ({@code Comm}, {@code Request}, {@code Message}),
 * never by the calling thread, so at {@link org.mpiverify.mpi.ThreadLevel#MULTIPLE} any thread, platform or
 * virtual, may call for any rank, concurrently with that rank's other threads. The level provided is the one
 * {@code initThread} returns, capped by {@link org.mpiverify.mpi.JobConfig#maxThreadLevel()}; in checked mode
 * (the default) a call that breaks {@code SINGLE}, {@code FUNNELED} or {@code SERIALIZED} is an error, not a
 * race. Each public method carries its Gropp &amp; Thakur §3 class ({@link org.mpiverify.mpi.SafetyClass}).
 * Ranks share no mutable state, static or otherwise, except through messages. No lock is held while a call
 * waits, and there is no progress thread: a call that waits or tests moves its rank's outstanding nonblocking
 * collectives and {@code idup}s (MPI's progress rule). Immutable values ({@code Status}, {@code Group},
 * {@code JobConfig}) may be shared freely; a receive buffer belongs to MPI until its request completes, and the
 * completing call ({@code waitFor}, a successful {@code test}) makes its contents and the status visible to the
 * caller (happens-before). Two threads waiting on one request is erroneous, as in MPI: one gets the status, the other {@code ERR_REQUEST}.
 *
 * <h2>Errors</h2>
 *
 * <p>Every failure is an {@link org.mpiverify.mpi.MpiException} with the standard's {@link
 * org.mpiverify.mpi.ErrorClass}, after the communicator's {@link org.mpiverify.mpi.ErrorHandler} ran once, at
 * the outermost call ({@code ERRORS_ARE_FATAL} by default, which aborts the job: every blocked call then fails
 * with {@code ERR_ABORTED}; or {@code ERRORS_RETURN}). Bad input is rejected before any state changes; an
 * interrupt does not end a blocked call. What each bad argument gets and what the core does with erroneous
 * programs: {@code docs/errors.md}.
 *
 * <p>May import: {@code org.mpiverify.core.*} (the algorithms) and the JDK. The reverse is limited: the core
 * may use only this package's vocabulary types ({@code Datatype}, {@code Op}, {@code ErrorClass}, {@code
 * MpiException}, {@code MpiDatatype}, {@code MpiOp}, {@code UserOp}, {@code ThreadSafety}, {@code SafetyClass};
 * {@code CoreDependencyRuleTest}), which import nothing of ours but {@code UserOp}'s reference count ({@code
 * org.mpiverify.core.handle}, which imports nothing): the layer below both, kept in
 * this package because every user names them here (testkit's {@code PackageCyclesTest} counts them apart and
 * fails on any other use that closes a loop). Package-private here: a rank's state ({@code RankContext}),
 * the implementations behind {@code Comm}'s calls ({@code PointToPointCalls}, {@code CollectiveCalls}, {@code
 * NonblockingStarts}, {@code CommunicatorCreation}, {@code DerivedCalls}, {@code OpUses}), the request kinds beyond a plain nonblocking operation
 * ({@code PersistentRequest}, {@code SendrecvRequest}, {@code GeneralizedRequest}, {@code SomeCompletions}),
 * the point-to-point protocol ({@code Endpoint}, {@code
 * EndpointChannel}), the progress engine ({@code ProgressEngine}, {@code ProgressRule}, {@code Awaited}) and
 * call nesting ({@code CallDepth}).
 *
 * <p>Tests: {@code impl/src/test/java/org/mpiverify/mpi} ({@code PointToPointTest}, {@code ConcurrencyTest},
 * {@code BadInputTest}, {@code ErrorsTest}, {@code ThreadLevelTest}, {@code NonblockingCollectivesTest}, ...),
 * the Lincheck suites under {@code lincheck/src/test/java/org/mpiverify/lincheck/mpi}, the jcstress races in
 * {@code org.mpiverify.jcstress.mpi}, the audit's core columns. Docs: {@code docs/design.md} (every call's
 * semantics and how the core stays correct), {@code docs/errors.md}.
 */
package org.mpiverify.mpi;
