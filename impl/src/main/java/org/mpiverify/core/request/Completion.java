package org.mpiverify.core.request;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.SpinGate;
import org.mpiverify.core.sync.WaitPoint;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.CompletionStep;
import org.mpiverify.core.trace.CompletionStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * The completion of one request: a flag that is set once per use, plus the one thread that may be
 * parked waiting for it. This is Dang, Snir &amp; Gropp's ThreadWait/ThreadSignal with the "already
 * signalled" flag of §3.1: a completion that happens before the wait is not lost, and a wait never
 * sleeps past a completion.
 *
 * <p>The no-lost-wake-up argument is a Dekker pattern over two volatiles: the completer writes
 * {@code done} then reads {@code waiter}; the waiter writes {@code waiter} then reads {@code done}.
 * Volatile accesses are sequentially consistent, so at least one of the two reads sees the other
 * thread's write: either the waiter sees {@code done} and does not park, or the completer sees the
 * waiter and unparks it (an unpark before the park makes the park return at once).
 *
 * <p>Invariants: {@code done} goes false to true at most once per use ({@link #reset} starts a use);
 * at most one thread is registered in {@code waiter}, and only a CAS from null takes the slot (MPI
 * forbids two threads waiting on one request, and {@code waitAny} registers its one thread with several
 * completions). A second waiter, in an erroneous program, does not overwrite the first (which would then
 * never be unparked): it finds the slot taken and parks in slices of {@link WaitPolicy#parkSliceNanos()},
 * re-checking {@code done} after each.
 *
 * <p>Parking: a wait given its rank's {@link BlockedThreads} registers there and parks without a timeout
 * (an abort wakes it through the registry; see that class for why no abort is lost), so a parked waiter
 * costs no CPU at all, whatever the number of waiters (Dang, Snir &amp; Gropp §3.1: a thread that waits
 * costs nothing until it is signalled). A wait given no registry parks in slices of
 * {@link WaitPolicy#parkSliceNanos()} and checks {@code abort} after each.
 *
 * <p>Interrupts: a waiting thread that is interrupted keeps waiting, parked (its interrupt flag is
 * cleared while it parks, since {@code parkNanos} returns at once while the flag is set), and finds the
 * flag set again when {@link #await} returns, as {@code Lock.lock()} does.
 *
 * <p>Linearization point: the volatile write of {@code done} in {@link #signal()} is the moment the
 * request completes.
 *
 * <p>Memory consistency effects: actions of the completing thread before {@link #signal()} (writing the
 * receive buffer and the status) happen-before actions of any thread after it observes
 * {@link #isDone()} true or returns from {@link #await}.
 *
 * <p>Recording ({@link #recordTo}, for trace validation against {@code specs/matchtable/CompletionTrace.tla}):
 * off, each hook is one plain read of {@code trace} and a branch. On, the steps decided by a lock-free
 * access (the waiter's publication and checks, the completer's write of {@code done} and read of
 * {@code waiter}, the waiter's leaving) each take this object's monitor around the access and its stamp,
 * so that the recorded order is the order the accesses took effect (a stamp taken outside could order a
 * read before the write it saw). The monitor is held for one access, never across a park.
 */
public class Completion {
    private static final VarHandle DONE;
    private static final VarHandle WAITER;
    static {
        try {
            var l = MethodHandles.lookup();
            DONE = l.findVarHandle(Completion.class, "done", boolean.class);
            WAITER = l.findVarHandle(Completion.class, "waiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile boolean done;
    private volatile Thread waiter;
    /**
     * Told after {@link #signal()} (null: nothing), with {@code onSignalAbout}: a nonblocking collective's
     * transfer tells its rank's progress engine that a schedule may move. Written by the owner before
     * publication, cleared by {@link #reset}. Both sit in this object, which the completing thread has just
     * written, so telling costs it no other cache line than the listener's own.
     */
    private SignalListener onSignal;
    private Object onSignalAbout;

    /** What a completion tells when it is signalled ({@link #onSignal(SignalListener, Object)}). */
    @FunctionalInterface
    public interface SignalListener {
        /** Runs in the signalling thread, after the completion is visible; {@code about} as given. */
        void signalled(Object about);
    }
    /** The recorder while recording COMPLETION, else null; written by the owner before publication. */
    private TraceRecorder trace;
    /** This use's name in the trace (a stamp, unique in the recorder); written with {@code trace}. */
    private long use;

    /**
     * Records this completion's steps to {@code recorder} if it records
     * {@link TraceRecorder.Algorithm#COMPLETION} (null: stop recording), starting a new use. Only the owner
     * calls this, before publishing the request.
     */
    public final void recordTo(TraceRecorder recorder) {
        trace = TraceRecorder.of(recorder, TraceRecorder.Algorithm.COMPLETION);
        if (trace != null) use = trace.stamp();
    }

    /** True once the request has completed (volatile read: acquire). */
    public final boolean isDone() {
        return done;
    }

    /** Completes the request and wakes its waiter, if one is parked. Call at most once per use. */
    public final void signal() {
        SignalListener after = onSignal;   // read before done: once done, the owner may recycle this use
        Object about = onSignalAbout;
        if (trace != null) {
            signalRecorded();
            tell(after, about);
            return;
        }
        done = true;                  // volatile write: publishes buffer and status writes made before it
        Thread w = waiter;            // volatile read after volatile write: cannot be reordered before it
        if (w != null) {
            LockSupport.unpark(w);
        }
        tell(after, about);
    }

    private static void tell(SignalListener after, Object about) {
        if (after != null) {
            after.signalled(about);
        }
    }

    /**
     * Tells {@code l} about {@code about} after each later {@link #signal()} of this use (the signalling
     * thread does, after the completion is visible). Only the owner calls this, before publishing the request.
     */
    public final void onSignal(SignalListener l, Object about) {
        onSignal = l;
        onSignalAbout = about;
    }

    /**
     * Waits until done: spins within the policy's bound, yields, then registers and parks in slices.
     * Returns true when done, false if {@code abort} turned true first. Holds no lock. An interrupt does
     * not end the wait (the thread stays parked, using no CPU) and is re-asserted when the wait returns.
     */
    public final boolean await(BooleanSupplier abort, WaitPolicy policy) {
        return await(abort, policy, null);
    }

    /**
     * As {@link #await(BooleanSupplier, WaitPolicy)}, but spinning past {@link WaitPolicy#UNGATED_SPIN_NANOS}
     * only with a permit of {@code gate} (null: no gate), so that waiting threads leave a core free.
     */
    public final boolean await(BooleanSupplier abort, WaitPolicy policy, SpinGate gate) {
        return await(abort, policy, gate, null);
    }

    /**
     * As {@link #await(BooleanSupplier, WaitPolicy, SpinGate)}; with a {@code blocked} registry (the
     * rank's), the wait registers there before its last look at {@code abort} and parks without a timeout.
     * The party that sets {@code abort} must call {@link BlockedThreads#wakeAll()} afterwards.
     */
    public final boolean await(BooleanSupplier abort, WaitPolicy policy, SpinGate gate, BlockedThreads blocked) {
        if (done) {
            if (trace != null) record(Kind.PEEK, true, 0);
            return true;
        }
        long budget = policy.spinBudgetNanos();
        if (budget > 0) {                 // no spin at all with a zero budget (virtual threads by default)
            spin(budget, gate);
        }
        for (int y = 0, yields = policy.yieldBudget(); y < yields && !done; y++) {
            Thread.yield();
        }
        if (done) {
            if (trace != null) record(Kind.PEEK, true, 0);
            return true;
        }
        if (blocked != null) blocked.reached(WaitPoint.Wait.COMPLETION, WaitPoint.Phase.BEFORE_REGISTRATION);
        Thread me = Thread.currentThread();
        boolean interrupted = false;
        // Volatile read-modify-write, then volatile read of done: the Dekker half of the waiter.
        boolean slot = trace == null ? WAITER.compareAndExchange(this, (Thread) null, me) == null : publishRecorded(me);
        BlockedThreads.Entry registered = blocked == null ? null : blocked.add(me); // before the abort check
        try {
            while (trace == null ? !done : !checkRecorded()) {
                if (abort.getAsBoolean()) {
                    return false;
                }
                if (registered != null) blocked.reached(WaitPoint.Wait.COMPLETION, WaitPoint.Phase.LOOKED);
                if (registered != null && slot) {
                    LockSupport.park(this);   // woken by signal() or by the registry's wakeAll()
                } else {
                    LockSupport.parkNanos(this, policy.parkSliceNanos());
                }
                if (registered != null) blocked.reached(WaitPoint.Wait.COMPLETION, WaitPoint.Phase.WOKEN);
                if (trace != null) record(Kind.RETURN, false, 0);
                // parkNanos returns at once while the interrupt flag is set: clear it so the next slice
                // parks, and set it again on the way out (an interrupt does not end an MPI wait).
                interrupted |= Thread.interrupted();
            }
            return true;
        } finally {
            if (slot) {
                if (trace == null) WAITER.compareAndSet(this, me, (Thread) null); else deregisterRecorded(me);
            }
            if (registered != null) {
                blocked.remove(registered);
            }
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    /**
     * The spin phase: up to {@code budget} ns, the first {@link WaitPolicy#UNGATED_SPIN_NANOS} freely and
     * the rest only with a permit of {@code gate} (null: no gate). Returns when done or out of budget.
     */
    private void spin(long budget, SpinGate gate) {
        long start = System.nanoTime();
        long firstEnd = start + Math.min(budget, WaitPolicy.UNGATED_SPIN_NANOS);
        int spins = 0;
        while (!done) {
            if ((++spins & 63) == 0 && System.nanoTime() - firstEnd > 0) {
                break;
            }
            Thread.onSpinWait();
        }
        if (!done && budget > WaitPolicy.UNGATED_SPIN_NANOS && (gate == null || gate.tryEnter())) {
            long spinEnd = start + budget;
            try {
                while (!done) {
                    if ((++spins & 63) == 0 && System.nanoTime() - spinEnd > 0) {
                        break;
                    }
                    Thread.onSpinWait();
                }
            } finally {
                if (gate != null) {
                    gate.exit();
                }
            }
        }
    }

    /** {@link #tryRegister}: {@code t} now holds the waiter slot and the request was not done. */
    public static final int REGISTERED = 0;
    /** {@link #tryRegister}: the request was done (read after the attempt to register). */
    public static final int ALREADY_DONE = 1;
    /** {@link #tryRegister}: another thread holds the waiter slot, so {@code t} will not be unparked by this completion. */
    public static final int TAKEN = 2;

    /**
     * Registers {@code t} to be unparked on completion (for waitAny) if no other thread is registered:
     * a CAS of the waiter slot from null (or finding {@code t} there), then a volatile read of done.
     * Returns {@link #ALREADY_DONE}, {@link #REGISTERED} or {@link #TAKEN}; a TAKEN caller must not park without
     * a timeout on this completion's account.
     */
    public final int tryRegister(Thread t) {
        if (trace != null) return tryRegisterRecorded(t);
        Thread other = (Thread) WAITER.compareAndExchange(this, (Thread) null, t);
        if (done) {
            return ALREADY_DONE;
        }
        return other == null || other == t ? REGISTERED : TAKEN;
    }

    /** {@link #tryRegister}, answering only whether the request was done (read after the attempt). */
    public final boolean register(Thread t) {
        return tryRegister(t) == ALREADY_DONE;
    }

    /** The thread registered to be woken, or null (volatile read). */
    public final Thread waiter() {
        return waiter;
    }

    /** Removes {@code t} if it is the registered waiter. */
    public final void deregister(Thread t) {
        if (trace != null) {
            deregisterRecorded(t);
            return;
        }
        WAITER.compareAndSet(this, t, (Thread) null);
    }

    /** Starts a new use: not done, nobody waiting. Only the owner calls this, before publishing the request. */
    protected final void reset() {
        onSignal = null;
        onSignalAbout = null;
        DONE.setRelease(this, false);
        WAITER.setRelease(this, (Thread) null);
        if (trace != null) use = trace.stamp();
    }

    // ---- recording: each step's access and its stamp under this object's monitor (see the class comment) ----

    private void signalRecorded() {
        synchronized (this) {
            long seq = trace.stamp();         // before the write: a reader that sees done stamps after this
            done = true;
            trace.record(seq, step(Kind.SIGNAL, Thread.currentThread(), false, 0));
        }
        Thread w;
        synchronized (this) {
            w = waiter;
            trace.record(trace.stamp(), step(Kind.UNPARK, Thread.currentThread(), w != null, w == null ? 0 : w.threadId()));
        }
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    private synchronized boolean publishRecorded(Thread me) {
        boolean slot = WAITER.compareAndExchange(this, (Thread) null, me) == null;
        if (slot) trace.record(trace.stamp(), step(Kind.PUBLISH, me, false, 0));
        return slot;
    }

    private synchronized boolean checkRecorded() {
        boolean d = done;
        trace.record(trace.stamp(), step(Kind.CHECK, Thread.currentThread(), d, 0));
        return d;
    }

    private synchronized void deregisterRecorded(Thread t) {
        if (WAITER.compareAndSet(this, t, (Thread) null)) trace.record(trace.stamp(), step(Kind.DEREGISTER, t, false, 0));
    }

    private int tryRegisterRecorded(Thread t) {
        Thread other;
        synchronized (this) {
            other = (Thread) WAITER.compareAndExchange(this, (Thread) null, t);
            if (other == null) trace.record(trace.stamp(), step(Kind.PUBLISH, t, false, 0));
        }
        boolean d;
        synchronized (this) {
            d = done;
            // Only a wait that published itself is in the protocol: t already registered (the same request
            // twice in one waitAny) or another waiter's slot (an erroneous program) read the flag and change nothing.
            if (other == null) trace.record(trace.stamp(), step(Kind.CHECK, t, d, 0));
        }
        if (d) return ALREADY_DONE;
        return other == null || other == t ? REGISTERED : TAKEN;
    }

    /** A step stamped after the access it reports (a read that saw the flag set, a park that returned). */
    private void record(Kind kind, boolean value, long waiterId) {
        trace.record(trace.stamp(), step(kind, Thread.currentThread(), value, waiterId));
    }

    private CompletionStep step(Kind kind, Thread t, boolean value, long waiterId) {
        return new CompletionStep(kind, use, t.threadId(), value, waiterId);
    }
}
