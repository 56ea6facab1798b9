package org.mpiverify.mpi;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;

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
 * there is one ({@link #signal(Schedule)}), else the poller: through the poller alone, a step of a standby
 * thread's schedule cost two context switches where threads outnumber cores (the poller's, then the
 * waiter's; idup+wait with two threads per rank on 4 ranks took about a fifth longer). When the poller's own
 * request is done it leaves the role and wakes the others, one of which takes it. No lock is held while
 * anyone parks. Before parking, a wait spins within the rank's {@link WaitPolicy}, as a blocking wait does:
 * one budget per wait (about a park round trip for platform threads, none for virtual threads), shared by
 * all its rounds in either role; then, in each round, it yields as the policy says (platform threads twice),
 * which hands the core to a thread of the peer rank it waits for where threads outnumber cores (idup with
 * two threads per rank on 2 ranks: parks per idup from 0.73 to under 0.01).
 *
 * <p>No lost wake-up: (1) the poller reads {@code events}, polls, registers on its request, and parks
 * only if {@code events} is unchanged; a signaller increments {@code events}, then reads {@code poller}:
 * one of the two sees the other's write. (2) A waiter that is not the poller adds itself to
 * {@code standby}, then reads {@code poller}; a leaving poller clears {@code poller}, then wakes everyone
 * in {@code standby}: either the waiter sees no poller and tries the role itself, or it is woken. (3) A routed signal increments {@code events}, then reads the waiter slot
 * of its schedule's request: a thread found there was registered, parks at most until this unpark, and
 * polls its own schedules when back from standby (or polls everything as the poller); if it finds none,
 * it wakes the poller as in (1), which polls every schedule, the waiter's too.
 *
 * <p>Invariants: a schedule is in {@code active} from its start until a poll saw it done;
 * {@code outstanding} is the size of {@code active} (kept separately so that {@link #idle()} is one
 * volatile read on the hot path of blocking waits); at most one thread is the poller.
 *
 * <p>Limit: a blocking wait that began while no schedule was outstanding on its rank waits as before and
 * does not poll schedules started later by other threads; such a schedule moves when any thread of the
 * rank waits or tests on a request or begins a blocking wait (the thread that started it does so at its
 * next MPI wait).
 *
 * <p>Memory consistency effects: starting a schedule happens-before its steps; a step happens-before
 * the actions of a thread that sees the schedule's request done.
 */
final class ProgressEngine {
    private final RankContext rank;
    private final Set<Schedule> active = ConcurrentHashMap.newKeySet();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicLong events = new AtomicLong();
    private final AtomicReference<Thread> poller = new AtomicReference<>();
    private final ConcurrentLinkedQueue<Thread> standby = new ConcurrentLinkedQueue<>();

    ProgressEngine(RankContext rank) {
        this.rank = rank;
    }

    /** True if no schedule is outstanding (one volatile read). */
    boolean idle() {
        return outstanding.get() == 0;
    }

    /** Adds {@code s} and makes its first step in the calling thread (the call that starts it). */
    void start(Schedule s) {
        outstanding.incrementAndGet();
        active.add(s);
        if (s.progress() && active.remove(s)) {
            outstanding.decrementAndGet();
        }
        signal();   // a parked poller must look at the new schedule's transfers too
    }

    /** Something may have moved: a schedule started, a context-id round ended. Wakes the poller. */
    void signal() {
        signal(null);
    }

    /**
     * A transfer of {@code owner} (null: of no schedule in particular) completed. Wakes the thread parked
     * on {@code owner}'s request if there is one, which polls its own schedule when it wakes; else the
     * poller. Routing the wake to the schedule's own waiter saves a hand-off: otherwise the poller wakes,
     * completes the request, and wakes its waiter (two context switches per step where there are more
     * threads than cores).
     */
    void signal(Schedule owner) {
        events.incrementAndGet();
        Thread w = owner == null ? null : owner.state().waiter();   // volatile read after the increment
        if (w != null) {
            LockSupport.unpark(w);
            return;
        }
        Thread p = poller.get();   // volatile read after the increment: Dekker pair with the poller's park
        if (p != null) {
            LockSupport.unpark(p);
        }
    }

    /** One pass over every outstanding schedule; never waits. */
    void poll() {
        for (Schedule s : active) {
            if (s.progress() && active.remove(s)) {
                outstanding.decrementAndGet();
            }
        }
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
        while (!anyDone(targets)) {
            checkAborted();
            if (poller.compareAndSet(null, me)) {
                try {
                    pollUntil(targets, me, blocker, spinStart);
                } finally {
                    poller.set(null);
                    for (Thread t : standby) {   // volatile write, then reads: Dekker pair with standBy
                        LockSupport.unpark(t);
                    }
                }
            } else {
                standBy(targets, me, blocker, spinStart);
                pollOwn(targets);   // a routed signal may have woken it: its own schedule has moved
            }
        }
    }

    private void pollUntil(Completion[] targets, Thread me, Object blocker, long spinStart) {
        while (true) {
            long ticket = events.get();
            poll();
            if (anyDone(targets)) {
                return;
            }
            if (spin(spinStart, () -> events.get() != ticket || anyDone(targets))) {
                continue;                           // something moved while spinning: poll again
            }
            int reg = register(targets, me);
            try {
                if (reg == Completion.ALREADY_DONE) {
                    return;
                }
                if (events.get() == ticket) {
                    park(reg, blocker);
                }
            } finally {
                deregister(targets, me);
            }
            checkAborted();
        }
    }

    /**
     * The spin phase of a wait, in either role, as a blocking wait's ({@code Completion.await}): within the
     * rank's wait policy counted from {@code start}, the wait's beginning (platform threads about a park round
     * trip, the part past {@link WaitPolicy#UNGATED_SPIN_NANOS} only with a permit of the job's spin gate;
     * virtual threads not at all), until {@code moved}. A schedule's next transfer usually arrives within
     * microseconds, and parking at once cost a park/unpark round trip per step (idup at 2 ranks: 31x dup).
     * The budget is per wait, not per event: with more ranks than cores a poller that spun again after each
     * event kept a core from the peers it was waiting for. Returns true if {@code moved} became true.
     */
    private boolean spin(long start, BooleanSupplier moved) {
        return spinWithinBudget(start, moved) || yieldUntil(moved);
    }

    /** The policy's yields after the spin (platform threads: two), each followed by a look at {@code moved}. */
    private boolean yieldUntil(BooleanSupplier moved) {
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
        if (budget <= WaitPolicy.UNGATED_SPIN_NANOS || System.nanoTime() - (start + budget) > 0
                || !rank.job.spinGate.tryEnter()) {
            return false;
        }
        try {
            return spinUntil(start + budget, moved);
        } finally {
            rank.job.spinGate.exit();
        }
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
        long[] seen = {events.get()};
        if (spin(spinStart, () -> {
            if (anyDone(targets) || poller.get() == null) {
                return true;
            }
            long e = events.get();
            if (e != seen[0]) {   // a transfer completed: step its own schedule, not wait for the poller to
                seen[0] = e;
                pollOwn(targets);
                return anyDone(targets);
            }
            return false;
        })) {
            return;                                  // done, or the poller left: awaitAny looks again
        }
        standby.add(me);
        try {
            int reg = register(targets, me);
            try {
                if (reg != Completion.ALREADY_DONE && poller.get() != null) {
                    park(reg, blocker);
                }
            } finally {
                deregister(targets, me);
            }
        } finally {
            standby.remove(me);
        }
    }

    /** Polls the schedules whose requests are among {@code targets} (a waiter not the poller, on waking). */
    private void pollOwn(Completion[] targets) {
        for (Schedule s : active) {
            for (Completion c : targets) {
                if (s.state() == c) {
                    if (s.progress() && active.remove(s)) {
                        outstanding.decrementAndGet();
                    }
                    break;
                }
            }
        }
    }

    private static boolean anyDone(Completion[] targets) {
        for (Completion c : targets) {
            if (c.isDone()) return true;
        }
        return targets.length == 0;
    }

    /** Registers with every target: ALREADY_DONE if one is done, TAKEN if some slot was taken, else REGISTERED. */
    private static int register(Completion[] targets, Thread me) {
        int result = Completion.REGISTERED;
        for (Completion c : targets) {
            int r = c.tryRegister(me);
            if (r == Completion.ALREADY_DONE) return r;
            if (r == Completion.TAKEN) result = r;
        }
        return result;
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
    }

    private void checkAborted() {
        if (rank.job.isAborted()) {
            throw new MpiException(ErrorClass.ERR_ABORTED, "the job was aborted while rank " + rank.worldRank
                    + " was waiting");
        }
    }
}
