package org.mpiverify.jcstress.core.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Race: a job's abort (set the flag, then {@link BlockedThreads#wakeAll()}) against a blocked call about
 * to park without a timeout ({@link Completion#await} with the job's registry: register, then look at
 * the flag, then park). The completion is never signalled: only the abort can end the wait.
 *
 * <p>As in {@code EventCountWatchVsSignalRace}, the waiter's look at the flag holds its window open
 * (bounded at {@link #WINDOW_NANOS}) until the aborter has finished, so every sample has the schedule
 * that would lose the abort if the waiter looked before registering (the twin): the flag read says "not
 * aborted", the aborter sets it and wakes everyone registered, and only then does the waiter park. Here
 * the waiter registered first, so the wake-up reaches it (an unpark before a park makes the park return).
 *
 * <p>Forbidden: STALE — the waiter sleeps through the abort.
 */
@JCStressTest(Mode.Termination)
@Description("BlockedThreads: register, check abort, park vs set abort, wake all: no lost abort")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter saw the abort or was woken by it.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost abort: the waiter parked after the wake-up missed it.")
@State
public class BlockedThreadsAbortVsParkRace {
    /** No spin, no yield; no timeout at all: the waiter parks in the registry. */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 600_000_000_000L);
    static final long WINDOW_NANOS = 50_000_000L;

    final Completion never = new Completion();
    final BlockedThreads blocked = new BlockedThreads(1);
    volatile boolean aborted;
    volatile boolean abortDone;

    @Actor
    public void waiter() {
        never.await(() -> {
            boolean a = aborted;
            long end = System.nanoTime() + WINDOW_NANOS;      // the window between the look and the park
            while (!abortDone && System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            return a;
        }, PARK_AT_ONCE, null, blocked);
    }

    @Signal
    public void abort() {
        aborted = true;
        blocked.wakeAll();
        abortDone = true;
    }
}
