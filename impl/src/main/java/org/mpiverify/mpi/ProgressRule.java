package org.mpiverify.mpi;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion.SignalListener;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.EventCount;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * MPI's progress rule for one rank, and the one place where the calls of that rank that wait or test meet
 * it: a call that waits or tests moves the rank's outstanding nonblocking collectives and {@code idup}s
 * ({@link Schedule}s) on, so that an operation whose partners have all acted completes while a thread of its
 * rank is inside such a call (MPI-3.1 §3.7.4 and §5.12; there is no progress thread). Every call reaches the
 * rule through exactly one of these methods:
 * <ul>
 *   <li>{@link #test()}: {@code Request.test}, {@code testAny}, {@code testAll}, {@code testSome}, {@code Comm.iprobe},
 *       {@code improbe} (one look each; a loop of them polls on every look);</li>
 *   <li>{@link #awaitOwn}: a call's wait for its own transfer ({@code recv}, {@code send}, {@code ssend},
 *       {@code sendrecv}, each step of a blocking collective, {@code dup}, {@code split}, {@code create},
 *       {@code createGroup}, the barrier of {@code finalizeMpi});</li>
 *   <li>{@link #await(RequestState, int, Object)}: {@code waitFor} on a user's handle, and so {@code waitAll};</li>
 *   <li>{@link #awaitAny}: {@code waitAny}, {@code waitSome};</li>
 *   <li>{@link #awaitArrival}: {@code probe}, {@code mprobe};</li>
 *   <li>{@link #drain}: {@code finalizeMpi}, which completes what is still outstanding.</li>
 * </ul>
 * A wait that begins while nothing is outstanding waits as a point-to-point wait does (spin, yield, park),
 * at no cost to the rule but one volatile read; if a schedule is started while it waits (by another thread),
 * it is woken and goes on waiting as a polling wait. {@code docs/design.md} states the rule once for the
 * reader; {@code ProgressRuleTest} checks it call by call.
 *
 * <p>Thread safety: every method may be called by any thread of the rank at once.
 */
interface ProgressRule extends SignalListener {
    /**
     * Records the rule's steps to {@code recorder} if it records {@link TraceRecorder.Algorithm#PROGRESS} (null:
     * not), as world rank {@code worldRank}'s (trace validation). Called by the rank before any thread uses it.
     */
    void recordTo(TraceRecorder recorder, int worldRank);

    /** True if no schedule is outstanding (one volatile read). */
    boolean idle();

    /** Makes the first step of {@code s} in the calling thread (the call that starts it) and keeps it if unfinished. */
    void start(Schedule s);

    /** Something may have moved without a transfer completing (a context-id round ended): pollers look again. */
    void signal();

    /** A test or a nonblocking probe: one pass over the outstanding schedules if any, else one volatile read. */
    void test();

    /**
     * Waits inside a call until {@code st}, the call's own request (no other thread can complete its handle),
     * is done, polling while schedules are outstanding. Raises ERR_ABORTED if the job is aborted first.
     * {@code blocker} is the park's blocker.
     */
    void awaitOwn(RequestState st, Object blocker);

    /**
     * Waits inside a call until {@code st} is done or has moved on from use {@code generation}: a user's handle
     * that another thread's wait or test completed, whose state was then recycled (the caller finds its handle
     * no longer active and raises ERR_REQUEST); polls while schedules are outstanding. Raises ERR_ABORTED if the
     * job is aborted first.
     */
    void await(RequestState st, int generation, Object blocker);

    /** As {@link #await(RequestState, int, Object)}, until one of {@code states} is done or has moved on. */
    void awaitAny(RequestState[] states, int[] generations, Object blocker);

    /** Waits inside a call until {@code arrivals} moves past {@code ticket} (a message arrived), polling meanwhile. */
    void awaitArrival(EventCount arrivals, long ticket, Object blocker);

    /** Waits inside a call until no schedule is outstanding, polling them (finalize: they must complete first). */
    void drain(Object blocker);

    /** What the rule's roles and schedules hold now, read field by field: exact only at quiescence ({@link Quiescence}). */
    Holdings holdings();

    /**
     * What a rank's progress rule holds now, read field by field (not atomically), for quiescence checks: at quiescence
     * every count is 0 and every thread null.
     *
     * @param outstanding  the count of outstanding schedules
     * @param active       the schedules in the set that polls move
     * @param poller       the thread in the poller role
     * @param parkedPoller the poller as published before it parks
     * @param standbyCount threads counted on standby
     * @param standby      threads queued on standby
     */
    record Holdings(int outstanding, int active, Thread poller, Thread parkedPoller, int standbyCount, int standby) {
    }
}
