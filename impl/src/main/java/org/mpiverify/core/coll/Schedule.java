package org.mpiverify.core.coll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.mpiverify.core.coll.PollingChannel.Transfer;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * A nonblocking operation in progress (a nonblocking collective, an {@code MPI_Comm_idup}): a state
 * machine that moves only when some thread calls {@link #progress()}. There is no progress thread;
 * the threads of the rank that poll (a wait or test on any request, a blocking call while requests are
 * outstanding) call it. A step never waits: it starts transfers, looks whether they are done, computes.
 *
 * <p>Any number of threads may call {@link #progress()} at once. One of them runs the steps, the others
 * leave at once; none is lost: a call that finds the schedule busy has counted itself in {@code polls}
 * first, and the running thread goes round again if the count changed during its pass, so every call of
 * {@code progress} is followed by a pass that starts after it (a "work counter"). Nobody waits for the
 * busy flag, so a poll never blocks behind another.
 *
 * <p>Invariants: {@link #advance()} and {@link #abandon()} run only while {@code busy} is held, by one
 * thread at a time, so the subclass's fields need no other guard; {@code finished} turns true once,
 * under {@code busy}, and then the state is signalled, and {@code advance} is never called again.
 *
 * <p>The {@link #state()} is the request's completion, with two references: the user's handle and this
 * schedule's, dropped when it finishes; attachments on it run when both are gone.
 *
 * <p>The transfer a pass stopped at ({@link #awaited()}) is a hint for a thread that spins while the
 * schedule waits: it can watch that transfer's own completion flag, which its completer writes first, instead
 * of waiting for the completer's later signal to the progress engine. It is written opaquely by the stepping
 * thread and read without the busy flag, so it may be stale: a stale hint costs a poll, never progress.
 *
 * <p>Buffers: the caller's buffers belong to the schedule from its start until its request completes
 * (MPI-3.1 §5.12); within it, a buffer lent to a transfer belongs to that transfer until the transfer is seen
 * done, so no step may read or write it before (a rendezvous send's buffer is read by the partner's thread
 * until then). The subclasses state their steps' ownership ({@link StepSchedule}, {@link AllreduceSchedule},
 * {@link NonblockingCollectives}).
 *
 * <p>Linearization point: the completion's {@code signal()} in {@code finish} (after the result or the
 * failure is written).
 *
 * <p>Memory consistency effects: the steps of one pass happen-before the steps of the next pass (the
 * release and acquire of {@code busy}); everything the schedule wrote (receive buffers, its result)
 * happens-before the actions of a thread that sees it done.
 */
public abstract class Schedule {
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicBoolean busy = new AtomicBoolean();
    private final RequestState state = new RequestState(s -> { });
    private boolean finished;                // guarded by busy
    private volatile MpiException failure;
    private volatile Object result;
    private Runnable whenFinished;           // written before the first progress
    private Runnable whenFailureReported;    // written before the first progress; run by the request's completion
    @SuppressWarnings("unused")              // through AWAITED: opaque accesses only
    private Transfer awaited;
    private static final VarHandle AWAITED;
    static {
        try {
            AWAITED = MethodHandles.lookup().findVarHandle(Schedule.class, "awaited", Transfer.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    protected Schedule() {
        state.begin(2);
    }

    /** The completion a waiting thread parks on; two references (handle and schedule). */
    public final RequestState state() {
        return state;
    }

    public final boolean isDone() {
        return state.isDone();
    }

    /** Why it failed, or null; meaningful once done. */
    public final MpiException failure() {
        return failure;
    }

    /** What it produced (an idup's communicator), or null; meaningful once done. */
    public final Object result() {
        return result;
    }

    /**
     * The transfer the last pass stopped at, not done then, or null (none, or finished): a hint for a
     * spinning waiter (opaque read, possibly stale; see the class comment).
     */
    public final Transfer awaited() {
        return (Transfer) AWAITED.getOpaque(this);
    }

    /** Records the transfer this pass stops at (null: none); call from {@link #advance()} before it returns false. */
    protected final void awaiting(Transfer t) {
        AWAITED.setOpaque(this, t);
    }

    /**
     * Runs {@code r} once, when the schedule finishes (either way), before its state is signalled, after any
     * action given before. Call before starting it. If it throws, the operation fails with that error (an
     * {@code MpiException}, else ERR_INTERN) unless it had failed already; the actions given after it do not run.
     */
    public final void whenFinished(Runnable r) {
        Runnable before = whenFinished;
        whenFinished = before == null ? r : () -> {
            before.run();
            r.run();
        };
    }

    /**
     * Runs {@code r} in the call that reports this schedule's failure to its user, the wait or test that
     * completes its request ({@link #failureReported()}), so that user code it calls (an attribute's delete
     * callback) runs on that user's thread, never in another thread's progress. Call before starting it.
     */
    public final void whenFailureReported(Runnable r) {
        whenFailureReported = r;
    }

    /**
     * Runs what {@link #whenFailureReported} gave; the request's completing call, once, after it saw
     * {@link #failure()}. The request's one completion makes this once: nothing else calls it.
     */
    public final void failureReported() {
        Runnable r = whenFailureReported;
        whenFailureReported = null;
        if (r != null) {
            r.run();
        }
    }

    /**
     * Advances as far as it can without waiting; returns {@link #isDone()}. Thread-safe and lock-free:
     * a call that finds another thread inside returns at once, that thread makes a pass for it.
     */
    public final boolean progress() {
        if (state.isDone()) {
            return true;
        }
        polls.incrementAndGet();
        while (busy.compareAndSet(false, true)) {
            int seen = polls.get();
            try {
                if (!finished) {
                    step();
                }
            } finally {
                busy.set(false);
            }
            if (polls.get() == seen) {
                break;
            }
        }
        return state.isDone();
    }

    private void step() {
        MpiException error = null;
        boolean done;
        try {
            done = advance();
        } catch (MpiException e) {
            error = e;
            done = true;
        } catch (RuntimeException e) {
            error = new MpiException(ErrorClass.ERR_INTERN, "internal error in a nonblocking operation: " + e, e);
            done = true;
        }
        if (!done) {
            return;
        }
        if (error != null) {
            try {
                abandon();
            } catch (RuntimeException e) {
                error.addSuppressed(e);
            }
            failure = error;
        }
        finished = true;
        awaiting(null);
        Runnable r = whenFinished;
        if (r != null) {
            try {
                r.run();
            } catch (RuntimeException e) {   // a finishing action that fails fails the operation; waiters still wake
                if (failure == null) {
                    failure = e instanceof MpiException m ? m
                            : new MpiException(ErrorClass.ERR_INTERN, "internal error finishing a nonblocking operation: " + e, e);
                }
            }
        }
        state.signal();
        state.release();
    }

    /**
     * Starts what can be started and completes what has completed, never waiting; returns true once the
     * operation has finished. Runs under the busy flag. An exception fails the operation (the request then
     * raises it).
     */
    protected abstract boolean advance() throws MpiException;

    /** Called once when {@link #advance()} failed: give back shared state the operation holds. */
    protected void abandon() {
    }

    /** Records the result; call from {@link #advance()} before returning true. */
    protected final void setResult(Object r) {
        result = r;
    }
}
