package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.mpiverify.core.coll.PollingChannel.Transfer;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.EventCount;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * One rank's outstanding nonblocking operations ({@link Schedule}s: nonblocking collectives, idups) and
 * the polling that moves them. There is no progress thread (as in the rest of the core): a schedule moves
 * when a thread of its rank polls, that is while it is inside an MPI call that waits or tests (MPI's progress
 * rule, {@link ProgressRule}, whose methods are the one way in for those calls):
 * <ul>
 *   <li>every wait ({@link #awaitOwn}, {@link #await(RequestState, int, Object)}, {@link #awaitAny},
 *       {@link #awaitArrival}, {@link #drain}) that begins while a schedule is outstanding, or during which one
 *       is started: it waits as described below;</li>
 *   <li>every test and nonblocking probe: one {@link #poll()} each ({@link #test()});</li>
 *   <li>the call that starts a schedule: its first step ({@link #start}).</li>
 * </ul>
 * A wait that begins while nothing is outstanding is a point-to-point wait ({@code Completion.await},
 * {@code EventCount.await}, with the rank's wait policy), told to stop if a schedule starts: the start that
 * makes the count of outstanding schedules go from 0 to 1 wakes every thread parked in the rank's
 * {@link RankContext#blocked} registry after it incremented the count, and such a wait registers there before
 * its last look at the count (a Dekker pair: one of the two sees the other's write); it then waits as below.
 *
 * <p>Waiting. Of the threads in a polling wait ({@link #awaitPolling}) at once, one is the poller (a CAS of
 * {@code poller} from null): it polls every schedule, then parks until a transfer of some schedule completes
 * ({@link #signal}, run by whichever thread completes it), a schedule is started, or its own request
 * completes, and polls again. The others park on their own requests (on standby) and poll their own
 * schedules when they wake, and while they spin, each time a transfer completes (the poller would step them
 * too, but it may be off its core: with two threads per rank on 4 ranks, idup+wait took 0.91x the time, all
 * six pairs of an A/B in favour). A completed transfer wakes the thread parked on its schedule's request if
 * there is one ({@link #transferDone}), else the poller: through the poller alone, a step of a standby
 * thread's schedule cost two context switches where threads outnumber cores (the poller's, then the
 * waiter's; idup+wait with two threads per rank on 4 ranks took about a fifth longer). When the poller's own
 * request is done it leaves the role and wakes the others, one of which takes it. No lock is held while
 * anyone parks. Before parking, a wait spins and then yields within the rank's {@link WaitPolicy}: one
 * budget per wait (about a park round trip for platform threads, none for virtual threads), shared by all
 * its rounds in either role, of which only the first {@link WaitPolicy#UNGATED_SPIN_NANOS} spin and the rest
 * yields on every look; then, in each round, it yields as the policy says (platform threads twice). A yield
 * hands the core to a thread of the peer rank it waits for where threads outnumber cores (idup with two
 * threads per rank on 2 ranks: parks per idup from 0.73 to under 0.01); see {@link #spin}.
 *
 * <p>No lost wake-up: (1) the poller reads {@code events}, polls, registers on its request, publishes
 * itself in {@code parkedPoller}, and parks only if {@code events} is unchanged; a signaller increments
 * {@code events}, then reads {@code parkedPoller}: one of the two sees the other's write. A poller that is
 * spinning or polling is not in {@code parkedPoller} and sees the increment itself, so the signaller does not
 * unpark it (before, 0.77 unparks per idup at 2 ranks went to a poller that was not parked: a lock and
 * unlock of its parker by the sending thread of the other rank, and a stale permit). (2) A waiter that is not the poller adds itself to
 * {@code standby}, then reads {@code poller}; a leaving poller clears {@code poller}, then wakes everyone
 * in {@code standby}: either the waiter sees no poller and tries the role itself, or it is woken. (3) A
 * standby waiter counts itself in {@code standbyCount} before it registers; a routed signal increments
 * {@code events}, then, if that count is not 0, reads the waiter slot of its schedule's request: a thread
 * found there was registered, parks at most until this unpark, and
 * polls its own schedules when back from standby (or polls everything as the poller); if it finds none,
 * it wakes the poller as in (1), which polls every schedule, the waiter's too.
 *
 * <p>Invariants: a schedule is in {@code active} from the end of its first step, if that did not finish it,
 * until a poll saw it done;
 * {@code outstanding} is the size of {@code active} (kept separately so that {@link #idle()} is one
 * volatile read on the hot path of blocking waits); at most one thread is the poller; {@code parkedPoller}
 * is null or the poller.
 *
 * <p>Memory consistency effects: starting a schedule happens-before its steps; a step happens-before
 * the actions of a thread that sees the schedule's request done.
 */
final class ProgressEngine implements ProgressRule {
    private final RankContext rank;
    private final Set<Schedule> active = ConcurrentHashMap.newKeySet();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicReference<Thread> poller = new AtomicReference<>();
    /** What a completing transfer touches: the event count, the parked poller, the standby count. */
    private final Doorbell doorbell = new Doorbell();
    private final ConcurrentLinkedQueue<Thread> standby = new ConcurrentLinkedQueue<>();
    /** How many schedules' awaited transfers a spinning poller watches (the first ones a poll left waiting). */
    private static final int WATCHED = 4;
    private static final Transfer[] NO_WATCH = {};
    /** Stops a point-to-point wait: the job was aborted, or a schedule is outstanding (the wait must poll). */
    private final BooleanSupplier pointToPointWaitStops;

    ProgressEngine(RankContext rank) {
        this.rank = rank;
        this.pointToPointWaitStops = () -> rank.job.isAborted() || outstanding.get() != 0;
    }

    /** True if no schedule is outstanding (one volatile read). */
    @Override
    public boolean idle() {
        return outstanding.get() == 0;
    }

    /**
     * What the engine holds now, read field by field (not atomically), for quiescence checks: at quiescence
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

    /** A read-only look at what the engine holds (see {@link Holdings}). */
    Holdings holdings() {
        return new Holdings(outstanding.get(), active.size(), poller.get(), doorbell.parkedPoller,
                doorbell.standbyCount, standby.size());
    }

    /**
     * Makes the first step of {@code s} in the calling thread (the call that starts it) and adds it if that
     * step did not finish it. Nobody else can step it before the add: its request is not returned yet, and a
     * transfer completing meanwhile wakes a poller that does not see it yet, so the signal after the add makes
     * the poller look again. A schedule that finishes at once (an idup whose peers' messages have all arrived)
     * never enters the set or wakes anyone. The first schedule outstanding wakes the rank's parked threads,
     * among them the point-to-point waits that began before it (they poll from then on; see the class comment).
     */
    @Override
    public void start(Schedule s) {
        if (s.progress()) {
            return;
        }
        boolean first = outstanding.incrementAndGet() == 1;
        active.add(s);
        signal();   // a parked poller must look at the new schedule's transfers too
        if (first && !rank.blocked.isEmpty()) {   // after the increment: Dekker pair with a waiter's registration
            rank.blocked.wakeAll();
        }
    }

    /** Something may have moved: a schedule started, a context-id round ended. Wakes the poller. */
    @Override
    public void signal() {
        transferDone(null);
    }

    /**
     * What a polled transfer tells when it completes ({@code Completion.onSignal}, set by the channel of a
     * nonblocking operation): {@code about} is the completion of the transfer's schedule.
     */
    @Override
    public void signalled(Object about) {
        transferDone((Completion) about);
    }

    /**
     * A transfer of the schedule that completes {@code owner} (null: of no schedule in particular) completed.
     * Wakes the thread parked on {@code owner} if there is one and some thread is on standby, which polls its
     * own schedule when it wakes; else the poller. Routing the wake to the schedule's own waiter saves a
     * hand-off: otherwise the poller wakes, completes the request, and wakes its waiter (two context switches
     * per step where there are more threads than cores). With nobody on standby only the poller can be
     * parked on {@code owner}, so the signaller reads nothing but the doorbell: this runs in a thread of the
     * peer rank, and each line of this rank's it reads is a cache miss on that thread's way to its own next
     * message (a signal that read the schedule's channel, communicator, schedule and request made idup+wait
     * at 2 ranks cost 1.6x dup).
     */
    void transferDone(Completion owner) {
        Doorbell d = doorbell;
        Doorbell.EVENTS.getAndAdd(d, 1L);
        if (owner != null && d.standbyCount != 0) {   // volatile reads after the increment
            Thread w = owner.waiter();
            if (w != null) {
                LockSupport.unpark(w);
                return;
            }
        }
        Thread p = d.parkedPoller;   // volatile read after the increment: Dekker pair with the poller's park
        if (p != null) {
            LockSupport.unpark(p);
        }
    }

    // ---------------------------------------------------------------- the progress rule's entry points

    /** One pass if anything is outstanding: a test's or a nonblocking probe's look (else one volatile read). */
    @Override
    public void test() {
        if (outstanding.get() != 0) {
            poll();
        }
    }

    /**
     * A call's wait for its own transfer ({@code recv}, {@code send}, a blocking collective's steps): no other
     * thread completes the request's handle, so its use cannot end under the wait.
     */
    @Override
    public void awaitOwn(RequestState st, Object blocker) {
        if (st.isDone()) {
            return;
        }
        if (outstanding.get() == 0 && awaitPointToPoint(st, pointToPointWaitStops)) {
            return;
        }
        awaitPolling(Awaited.anyOf(st), blocker);
    }

    /**
     * A wait on a user's request handle ({@code waitFor}, {@code waitAll}): until the state is done or has moved
     * on from use {@code generation} (another thread's wait or test completed the handle and the state was
     * recycled: this wait's use is over, and its caller finds the handle no longer active).
     */
    @Override
    public void await(RequestState st, int generation, Object blocker) {
        if (st.isDone() || st.generation() != generation) {
            return;
        }
        if (outstanding.get() == 0
                && awaitPointToPoint(st, () -> pointToPointWaitStops.getAsBoolean() || st.generation() != generation)) {
            return;
        }
        awaitPolling(Awaited.anyOf(new RequestState[] {st}, new int[] {generation}), blocker);
    }

    /**
     * The point-to-point wait of a rank with nothing outstanding, without the rank mutex (GLOBAL): true once
     * {@code st} is done; false once {@code stops} says stop (an abort, a schedule started, a use that ended),
     * after which the caller's polling wait finds out which.
     */
    private boolean awaitPointToPoint(RequestState st, BooleanSupplier stops) {
        rank.cs.beforeBlocking();
        try {
            return st.await(stops, rank.waitPolicy, rank.job.spinGate, rank.blocked);
        } finally {
            rank.cs.afterBlocking(rank.aborted);
        }
    }

    /**
     * {@code waitAny}: until one of {@code states} is done or has moved on from its use (see
     * {@link #await(RequestState, int, Object)}).
     */
    @Override
    public void awaitAny(RequestState[] states, int[] generations, Object blocker) {
        Awaited target = Awaited.anyOf(states, generations);
        if (target.reached() || outstanding.get() == 0 && awaitAnyPointToPoint(target, blocker)) {
            return;
        }
        awaitPolling(target, blocker);
    }

    /**
     * {@code waitAny}'s wait while nothing is outstanding: spins within the policy, then registers with every
     * request and parks (in slices if another thread holds a slot: erroneous). True once reached, false if a
     * schedule is outstanding now. Raises ERR_ABORTED if the job was aborted.
     */
    private boolean awaitAnyPointToPoint(Awaited target, Object blocker) {
        long spinEnd = System.nanoTime() + rank.waitPolicy.spinBudgetNanos();
        while (System.nanoTime() - spinEnd < 0) {
            if (target.reached()) {
                return true;
            }
            Thread.onSpinWait();
        }
        Thread me = Thread.currentThread();
        while (true) {
            int reg = target.register(me);
            try {
                if (reg == Completion.ALREADY_DONE) {
                    return true;
                }
                if (reg == Completion.TAKEN) {
                    rank.pauseInCall(blocker, rank.waitPolicy.parkSliceNanos());
                } else {
                    rank.parkInCall(blocker, pointToPointWaitStops);
                }
            } finally {
                target.deregister(me);
            }
            checkAborted();
            if (target.reached()) {
                return true;
            }
            if (outstanding.get() != 0) {
                return false;
            }
        }
    }

    /** {@code probe}, {@code mprobe}: until {@code arrivals} moves past {@code ticket} (a message arrived). */
    @Override
    public void awaitArrival(EventCount arrivals, long ticket, Object blocker) {
        if (outstanding.get() == 0) {
            rank.cs.beforeBlocking();
            try {
                if (arrivals.await(ticket, pointToPointWaitStops, rank.waitPolicy, rank.job.spinGate, rank.blocked)) {
                    return;
                }
            } finally {
                rank.cs.afterBlocking(rank.aborted);
            }
        }
        awaitPolling(Awaited.arrivalAfter(arrivals, ticket), blocker);   // raises ERR_ABORTED if that stopped it
    }

    /**
     * Until nothing is outstanding, waiting on one schedule after another ({@code finalizeMpi}: MPI requires a
     * process to complete what it started before it finalizes; the core completes what a program left).
     */
    @Override
    public void drain(Object blocker) {
        while (outstanding.get() != 0) {
            Iterator<Schedule> it = active.iterator();
            if (it.hasNext()) {
                awaitPolling(Awaited.anyOf(it.next().state()), blocker);
            } else {
                Thread.yield();   // counted but not added yet: its starter adds it next
            }
            poll();
        }
    }

    /** One pass over every outstanding schedule; never waits. */
    void poll() {
        poll(NO_WATCH);
    }

    /**
     * As {@link #poll()}, collecting into {@code watch} the transfers that the first schedules left waiting
     * stopped at ({@link Schedule#awaited()}); returns how many it collected.
     */
    private int poll(Transfer[] watch) {
        int n = 0;
        for (Schedule s : active) {
            if (s.progress()) {
                if (active.remove(s)) {
                    outstanding.decrementAndGet();
                }
            } else if (n < watch.length) {
                Transfer t = s.awaited();
                if (t != null) {
                    watch[n++] = t;
                }
            }
        }
        return n;
    }

    /**
     * Waits inside a call until {@code target} is done, polling the rank's schedules meanwhile (as the
     * poller or on standby), whether or not any is outstanding. Raises ERR_ABORTED if the job is aborted first.
     */
    void await(Completion target, Object blocker) {
        awaitPolling(Awaited.anyOf(target), blocker);
    }

    /**
     * The polling wait: until {@code target} is reached, as the poller or on standby (see the class comment).
     * Raises ERR_ABORTED if the job is aborted first.
     */
    private void awaitPolling(Awaited target, Object blocker) {
        Thread me = Thread.currentThread();
        long spinStart = System.nanoTime();   // one spin budget per wait, in either role
        while (!target.reached()) {
            checkAborted();
            if (poller.compareAndSet(null, me)) {
                try {
                    pollUntil(target, me, blocker, spinStart);
                } finally {
                    poller.set(null);
                    for (Thread t : standby) {   // volatile write, then reads: Dekker pair with standBy
                        LockSupport.unpark(t);
                    }
                }
            } else {
                standBy(target, me, blocker, spinStart);
                pollOwn(target);   // a routed signal may have woken it: its own schedule has moved
            }
        }
    }

    private void pollUntil(Awaited target, Thread me, Object blocker, long spinStart) {
        Transfer[] watch = new Transfer[WATCHED];
        while (true) {
            long ticket = events();
            int watched = poll(watch);
            if (target.reached()) {
                return;
            }
            if (spin(spinStart, () -> events() != ticket || target.reached() || anyDone(watch, watched))) {
                continue;                           // something moved while spinning: poll again
            }
            int reg = target.register(me);
            try {
                if (reg == Completion.ALREADY_DONE) {
                    return;
                }
                if (publishParked(ticket, me)) {
                    park(reg, blocker);
                }
            } finally {
                doorbell.parkedPoller = null;
                target.deregister(me);
            }
            checkAborted();
        }
    }

    /**
     * The poller's half of the Dekker pair with {@link #transferDone}: publishes {@code me} as about to park,
     * then re-reads the event count. True if no event came since {@code ticket}: the poller may park, and a
     * signal after this read sees it and unparks it; false if one came, so it polls again instead.
     */
    boolean publishParked(long ticket, Thread me) {
        doorbell.parkedPoller = me;   // volatile write, then the read of events: Dekker pair with transferDone
        return doorbell.events == ticket;
    }

    /** The event count (volatile read): a poller's ticket. */
    long events() {
        return doorbell.events;
    }

    /**
     * The spin phase of a wait, in either role: within the rank's wait policy counted from {@code start}, the
     * wait's beginning (platform threads about a park round trip; virtual threads not at all), until
     * {@code moved}. It spins for {@link WaitPolicy#UNGATED_SPIN_NANOS}, then yields on every look for the rest
     * of the budget, then makes the policy's yields. A schedule's next transfer usually arrives within
     * microseconds, and parking at once cost a park/unpark round trip per step (idup at 2 ranks: 31x dup).
     * Past the first microseconds the threads a wait needs are most likely off their cores, and a yield gives
     * them one where a spin under a permit of the job's spin gate (as a blocking wait does) kept it and the
     * others parked: yielding made idup+wait with one thread per rank 2.9x to 3.5x faster at 4 ranks and 1.6x
     * to 2.9x at 8, with two threads per rank 1.6x to 2.2x at 4 and 1.7x to 1.8x at 8 (A/B in alternating
     * processes).
     * The budget is per wait, not per event: with more ranks than cores a poller that spun again after each
     * event kept a core from the peers it was waiting for. Returns true if {@code moved} became true.
     */
    private boolean spin(long start, BooleanSupplier moved) {
        return spinWithinBudget(start, moved) || policyYields(moved);
    }

    /** The policy's yields after the spin (platform threads: two), each followed by a look at {@code moved}. */
    private boolean policyYields(BooleanSupplier moved) {
        for (int y = 0, yields = rank.waitPolicy.yieldBudget(); y < yields; y++) {
            Thread.yield();
            if (moved.getAsBoolean()) {
                return true;
            }
        }
        return false;
    }

    private boolean spinWithinBudget(long start, BooleanSupplier moved) {
        long budget = rank.waitPolicy.spinBudgetNanos();
        if (budget == 0) {
            return false;
        }
        if (spinUntil(start + Math.min(budget, WaitPolicy.UNGATED_SPIN_NANOS), moved)) {
            return true;
        }
        return budget > WaitPolicy.UNGATED_SPIN_NANOS && yieldUntil(start + budget, moved);
    }

    /**
     * Yields on every look at {@code moved} until {@code deadline}. Past the ungated spin the thread this
     * wait needs has most likely lost its core (threads outnumber cores), and a yield hands it one; where a
     * core is free, a yield returns at once and this is a spin that notices {@code moved} a system call later.
     */
    private static boolean yieldUntil(long deadline, BooleanSupplier moved) {
        while (!moved.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.yield();
        }
        return true;
    }

    private static boolean spinUntil(long deadline, BooleanSupplier moved) {
        for (int spins = 0; ; spins++) {
            if (moved.getAsBoolean()) {
                return true;
            }
            if ((spins & 63) == 0 && System.nanoTime() - deadline > 0) {
                return false;   // checked on the first pass too: a spent budget costs one clock read
            }
            Thread.onSpinWait();
        }
    }

    /**
     * A waiter that is not the poller: its request is completed by the poller's polls. It spins first (the
     * poller usually completes it within microseconds: a park and unpark per call made two threads per rank
     * four times slower than one), then parks on its request while there is a poller.
     */
    private void standBy(Awaited target, Thread me, Object blocker, long spinStart) {
        long[] seen = {events()};
        if (spin(spinStart, () -> {
            if (target.reached() || poller.get() == null) {
                return true;
            }
            long e = events();
            if (e != seen[0]) {   // a transfer completed: step its own schedule, not wait for the poller to
                seen[0] = e;
                pollOwn(target);
                return target.reached();
            }
            return false;
        })) {
            return;                                  // done, or the poller left: awaitAny looks again
        }
        Doorbell.STANDBY.getAndAdd(doorbell, 1);   // before registering: see transferDone
        standby.add(me);
        try {
            int reg = target.register(me);
            try {
                if (reg != Completion.ALREADY_DONE && poller.get() != null) {
                    park(reg, blocker);
                }
            } finally {
                target.deregister(me);
            }
        } finally {
            standby.remove(me);
            Doorbell.STANDBY.getAndAdd(doorbell, -1);
        }
    }

    /** Polls the schedules whose requests {@code target} waits on (a waiter not the poller, on waking). */
    private void pollOwn(Awaited target) {
        for (Schedule s : active) {
            if (target.awaits(s.state()) && s.progress() && active.remove(s)) {
                outstanding.decrementAndGet();
            }
        }
    }

    private static boolean anyDone(Transfer[] watch, int n) {
        for (int i = 0; i < n; i++) {
            if (watch[i].isDone()) return true;
        }
        return false;
    }

    /** Parks until unparked, or in one slice if another thread holds the request's waiter slot (erroneous). */
    private void park(int registration, Object blocker) {
        if (registration == Completion.TAKEN) {
            rank.pauseInCall(blocker, rank.waitPolicy.parkSliceNanos());
        } else {
            rank.parkInCall(blocker);
        }
    }

    private void checkAborted() {
        if (rank.job.isAborted()) {
            throw new MpiException(ErrorClass.ERR_ABORTED, "the job was aborted while rank " + rank.worldRank
                    + " was waiting");
        }
    }

    /**
     * The fields a signaller in another rank's thread touches, on a cache line of their own: padding before
     * (this class's superclass) and after (its subclass), since a subclass's fields are laid out after its
     * superclass's. The poller's role and the outstanding count, which this rank's threads write on every
     * wait, stay off this line, so a signal's increment finds it where the last signal or the spinning poller
     * left it. Accessed by {@link ProgressEngine} only.
     */
    static final class Doorbell extends DoorbellFields {
        static final VarHandle EVENTS, STANDBY;
        static {
            try {
                var l = MethodHandles.lookup();
                EVENTS = l.findVarHandle(DoorbellFields.class, "events", long.class);
                STANDBY = l.findVarHandle(DoorbellFields.class, "standbyCount", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
        @SuppressWarnings("unused") private long q0, q1, q2, q3, q4, q5, q6, q7;
    }

    abstract static class DoorbellFields extends DoorbellPadding {
        /** Completed transfers and started schedules, counted (incremented by {@link #transferDone}). */
        volatile long events;
        /** The poller while it is about to park or parked, else null: a spinning poller needs no unpark. */
        volatile Thread parkedPoller;
        /** Threads in {@code standby} or about to be: 0 means no thread but the poller can be parked on a request. */
        volatile int standbyCount;
    }

    abstract static class DoorbellPadding {
        @SuppressWarnings("unused") private long p0, p1, p2, p3, p4, p5, p6, p7;
    }
}
