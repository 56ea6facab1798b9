package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
import org.mpiverify.core.request.Completion.SignalListener;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.ProgressStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * One rank's outstanding nonblocking operations ({@link Schedule}s: nonblocking collectives, idups) and
 * the polling that moves them. There is no progress thread (as in the rest of the core): a schedule moves
 * when a thread of its rank polls, that is while it is inside MPI and waiting (MPI's progress rule):
 * <ul>
 *   <li>{@link Request#waitFor}, {@code waitAll}, {@code waitAny} on any request, and every blocking wait of
 *       the rank ({@link RankContext#await}: receives, sends, blocking collectives, the allreduce of a
 *       blocking {@code dup}) that begins while a schedule is outstanding: {@link #await};</li>
 *   <li>{@link Request#test} and the other tests: one {@link #poll()} each;</li>
 *   <li>the call that starts a schedule: its first step ({@link #start}).</li>
 * </ul>
 *
 * <p>Waiting. Of the threads waiting in {@link #await} at once, one is the poller (a CAS of {@code poller}
 * from null): it polls every schedule, then parks until a transfer of some schedule completes
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
 * <p>Limit: a blocking wait that began while no schedule was outstanding on its rank waits as before and
 * does not poll schedules started later by other threads; such a schedule moves when any thread of the
 * rank waits or tests on a request or begins a blocking wait (the thread that started it does so at its
 * next MPI wait).
 *
 * <p>Memory consistency effects: starting a schedule happens-before its steps; a step happens-before
 * the actions of a thread that sees the schedule's request done.
 *
 * <p>Specification: {@code specs/progress/ProgressEngine.tla} (each of its actions names the access here that
 * it is). Recording ({@link #recordTo}, for trace validation against {@code ProgressTrace.tla}): off, each
 * access below is the plain one behind one read of {@code trace} and a branch; on, {@link ProgressTracer}
 * makes it under a lock together with its stamp.
 */
final class ProgressEngine implements SignalListener {
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
    /** The recording of this engine's steps while its job records PROGRESS, else null; set before use. */
    private ProgressTracer trace;

    ProgressEngine(RankContext rank) {
        this.rank = rank;
    }

    /**
     * Records this engine's steps to {@code recorder} if it records {@link TraceRecorder.Algorithm#PROGRESS}
     * (null: not). Called by the rank before any thread uses the engine.
     */
    void recordTo(TraceRecorder recorder, int worldRank) {
        TraceRecorder r = TraceRecorder.of(recorder, TraceRecorder.Algorithm.PROGRESS);
        trace = r == null ? null : new ProgressTracer(r, worldRank);
    }

    /** True if no schedule is outstanding (one volatile read). */
    boolean idle() {
        return outstanding.get() == 0;
    }

    /**
     * Makes the first step of {@code s} in the calling thread (the call that starts it) and adds it if that
     * step did not finish it. Nobody else can step it before the add: its request is not returned yet, and a
     * transfer completing meanwhile wakes a poller that does not see it yet, so the signal after the add makes
     * the poller look again. A schedule that finishes at once (an idup whose peers' messages have all arrived)
     * never enters the set or wakes anyone.
     */
    void start(Schedule s) {
        long seq = trace == null ? 0 : trace.stamp();
        boolean done = s.progress();
        if (trace != null) trace.started(seq, s, done);
        if (done) {
            return;
        }
        if (trace != null) {
            trace.add(() -> {
                outstanding.incrementAndGet();
                active.add(s);
            }, s);
            trace.startSignal(() -> Doorbell.EVENTS.getAndAdd(doorbell, 1L), () -> doorbell.parkedPoller);
            return;
        }
        outstanding.incrementAndGet();
        active.add(s);
        signal();   // a parked poller must look at the new schedule's transfers too
    }

    /** Something may have moved: a schedule started, a context-id round ended. Wakes the poller. */
    void signal() {
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
        if (trace != null) {
            Doorbell d = doorbell;
            trace.transferDone(owner, () -> Doorbell.EVENTS.getAndAdd(d, 1L), () -> d.standbyCount, () -> d.parkedPoller);
            return;
        }
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

    /** One pass over every outstanding schedule; never waits. */
    void poll() {
        if (trace != null) trace.test();
        poll(NO_WATCH);
        if (trace != null) trace.passEnd(true);
    }

    /**
     * As {@link #poll()}, collecting into {@code watch} the transfers that the first schedules left waiting
     * stopped at ({@link Schedule#awaited()}); returns how many it collected.
     */
    private int poll(Transfer[] watch) {
        int n = 0;
        for (Schedule s : active) {
            long seq = trace == null ? 0 : trace.stamp();
            boolean done = s.progress();
            if (trace != null) trace.polled(seq, Kind.POLL, s, done, true);
            if (done) {
                if (removeActive(s)) {
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
     * poller or on standby). Raises ERR_ABORTED if the job is aborted first.
     */
    void await(Completion target, Object blocker) {
        awaitAny(new Completion[] {target}, blocker);
    }

    /** As {@link #await}, until one of {@code targets} is done (returns at once if there is none). */
    void awaitAny(Completion[] targets, Object blocker) {
        Thread me = Thread.currentThread();
        long spinStart = System.nanoTime();   // one spin budget per wait, in either role
        while (!look(targets)) {
            checkAborted();
            if (claim(me)) {
                try {
                    pollUntil(targets, me, blocker, spinStart);
                } finally {
                    leaveRole();
                    wakeStandby();   // after leaveRole: Dekker pair with standBy
                }
            } else {
                standBy(targets, me, blocker, spinStart);
                pollOwn(targets, false);   // a routed signal may have woken it: its own schedule has moved
            }
        }
    }

    private boolean look(Completion[] targets) {
        return trace == null ? anyDone(targets) : trace.look(targets);
    }

    /** The poller role: a CAS from null. */
    private boolean claim(Thread me) {
        return trace == null ? poller.compareAndSet(null, me) : trace.claim(poller, me);
    }

    /** Gives up the poller role (volatile write; wakeStandby's reads come after it). */
    private void leaveRole() {
        if (trace != null) {
            trace.leave(poller);
            return;
        }
        poller.set(null);
    }

    /** Unparks every thread on standby (after leaveRole: each either sees no poller or is unparked here). */
    private void wakeStandby() {
        if (trace != null) {
            trace.wake(standby);
            return;
        }
        for (Thread t : standby) {
            LockSupport.unpark(t);
        }
    }

    private void pollUntil(Completion[] targets, Thread me, Object blocker, long spinStart) {
        Transfer[] watch = new Transfer[WATCHED];
        while (true) {
            long ticket = trace == null ? events() : trace.ticket(this::events);
            int watched = poll(watch);
            boolean done = anyDone(targets);
            if (trace != null) trace.passEnd(done);
            if (done) {
                return;
            }
            if (spin(spinStart, () -> events() != ticket || anyDone(targets) || anyDone(watch, watched))) {
                continue;                           // something moved while spinning: poll again
            }
            int reg = register(targets, me);
            try {
                if (reg == Completion.ALREADY_DONE) {
                    return;
                }
                if (publishParked(ticket, me)) {
                    park(reg, blocker);
                }
            } finally {
                unregister(targets, me);
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
        if (trace != null) return trace.publishParked(() -> doorbell.parkedPoller = me, () -> doorbell.events == ticket);
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
    private void standBy(Completion[] targets, Thread me, Object blocker, long spinStart) {
        long[] seen = {events()};
        if (spin(spinStart, () -> {
            if (anyDone(targets) || poller.get() == null) {
                return true;
            }
            long e = events();
            if (e != seen[0]) {   // a transfer completed: step its own schedule, not wait for the poller to
                seen[0] = e;
                pollOwn(targets, true);
                return anyDone(targets);
            }
            return false;
        })) {
            return;                                  // done, or the poller left: awaitAny looks again
        }
        enlist(me);
        try {
            int reg = register(targets, me);
            try {
                if (reg != Completion.ALREADY_DONE && pollerPresent()) {
                    park(reg, blocker);
                }
            } finally {
                if (trace == null) deregister(targets, me);
            }
        } finally {
            delist(targets, me);
        }
    }

    /** Counts itself on standby, then joins the queue: before registering (see transferDone). */
    private void enlist(Thread me) {
        if (trace != null) {
            trace.enlist(() -> {
                Doorbell.STANDBY.getAndAdd(doorbell, 1);
                standby.add(me);
            });
            return;
        }
        Doorbell.STANDBY.getAndAdd(doorbell, 1);
        standby.add(me);
    }

    /** Whether a poller is there, read after registering: Dekker pair with leaveRole and wakeStandby. */
    private boolean pollerPresent() {
        return trace == null ? poller.get() != null : trace.pollerPresent(poller);
    }

    /** Leaves the queue and the count (recorded: with the deregistration, as one step). */
    private void delist(Completion[] targets, Thread me) {
        if (trace != null) {
            trace.leaveStandby(() -> {
                deregister(targets, me);
                standby.remove(me);
                Doorbell.STANDBY.getAndAdd(doorbell, -1);
            });
            return;
        }
        standby.remove(me);
        Doorbell.STANDBY.getAndAdd(doorbell, -1);
    }

    /**
     * Polls the schedules whose requests are among {@code targets} (a waiter not the poller, on waking, or
     * while its spin sees the event count move: {@code inSpin}).
     */
    private void pollOwn(Completion[] targets, boolean inSpin) {
        boolean found = false;
        for (Schedule s : active) {
            for (Completion c : targets) {
                if (s.state() == c) {
                    boolean first = !found;
                    found = true;
                    long seq = trace == null ? 0 : trace.stamp();
                    boolean done = s.progress();
                    if (trace != null) trace.polled(seq, inSpin ? Kind.SPIN_POLL : Kind.OWN_POLL, s, done, first);
                    if (done && removeActive(s)) {
                        outstanding.decrementAndGet();
                    }
                    break;
                }
            }
        }
        if (!found && trace != null) trace.polledNone(inSpin ? Kind.SPIN_POLL : Kind.OWN_POLL);
    }

    private boolean removeActive(Schedule s) {
        return trace == null ? active.remove(s) : trace.drop(() -> active.remove(s), s);
    }

    private static boolean anyDone(Transfer[] watch, int n) {
        for (int i = 0; i < n; i++) {
            if (watch[i].isDone()) return true;
        }
        return false;
    }

    static boolean anyDone(Completion[] targets) {
        for (Completion c : targets) {
            if (c.isDone()) return true;
        }
        return targets.length == 0;
    }

    /** Registers with every target: ALREADY_DONE if one is done, TAKEN if some slot was taken, else REGISTERED. */
    private int register(Completion[] targets, Thread me) {
        return trace == null ? registerAll(targets, me) : trace.register(targets, me);
    }

    private static int registerAll(Completion[] targets, Thread me) {
        int result = Completion.REGISTERED;
        for (Completion c : targets) {
            int r = c.tryRegister(me);
            if (r == Completion.ALREADY_DONE) return r;
            if (r == Completion.TAKEN) result = r;
        }
        return result;
    }

    /** The finally of a poller's round: parkedPoller = null, then its registrations released. */
    private void unregister(Completion[] targets, Thread me) {
        if (trace != null) {
            trace.unregister(() -> {
                doorbell.parkedPoller = null;
                deregister(targets, me);
            });
            return;
        }
        doorbell.parkedPoller = null;
        deregister(targets, me);
    }

    private static void deregister(Completion[] targets, Thread me) {
        for (Completion c : targets) {
            c.deregister(me);
        }
    }

    /** Parks until unparked, or in one slice if another thread holds the request's waiter slot (erroneous). */
    private void park(int registration, Object blocker) {
        if (registration == Completion.TAKEN) {
            rank.pauseInCall(blocker, rank.waitPolicy.parkSliceNanos());
        } else {
            rank.parkInCall(blocker);
        }
        if (trace != null) trace.returned();
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
