package org.mpiverify.core.coll;

import java.util.ArrayList;
import java.util.List;

import org.mpiverify.core.coll.PollingChannel.Transfer;
import org.mpiverify.mpi.MpiException;

/**
 * A nonblocking collective as a fixed list of steps (MPICH calls it a schedule): each step starts its
 * transfers, and once all of them have completed runs its local computation; then the next step starts.
 * The steps are those of the blocking algorithm in {@link Collectives}, in the same order, with the same
 * tags, so the same messages flow between the same ranks; only who drives them changes.
 *
 * <p>A receive that got a message of another length than its count (the ranks' counts differ, erroneous)
 * does not stop the schedule: it makes its remaining steps, so that the ranks waiting for its messages get
 * them, and fails with that ERR_TRUNCATE or ERR_COUNT after its last step ({@link CountMismatch}).
 *
 * <p>Invariant (under the busy flag of {@link Schedule}): {@code pending} holds the transfers of step
 * {@code next - 1}, none finished yet, or is null before the first step and after a step's computation.
 * A step's sends read their buffers when the step starts, after every earlier computation.
 *
 * <p>Buffer ownership. A step lends the buffers of its transfers to them when it starts them: a rendezvous
 * send's buffer is read by the receiving thread until the send completes, a receive's buffer written by the
 * sending thread until the receive completes (see {@link AllreduceSchedule} for why). The step's
 * computation ({@code after}) and every later step run only once <em>every</em> transfer of the step has
 * completed, so they take back every buffer the step lent, and the completions' done flags (volatile,
 * written after the copy) make the copies happen-before them. Hence a step may read what an earlier step
 * received and overwrite what an earlier step sent, and a step's own transfers must use disjoint regions
 * where one of them writes (the collectives of {@link NonblockingCollectives} say which, per collective).
 */
final class StepSchedule extends Schedule {
    /** Starts a step's transfers, adding them to {@code out}. */
    @FunctionalInterface
    interface Starter {
        void start(List<Transfer> out) throws MpiException;
    }

    private record Step(Starter start, Runnable after) { }

    private final List<Step> steps = new ArrayList<>();
    /** A message of another length than its receive's count: kept, raised once every step is made. */
    private final CountMismatch mismatch = new CountMismatch();
    private List<Transfer> pending;
    private Runnable after;
    private int next;

    /** Adds a step that starts transfers and then, once they completed, runs {@code after} (null: nothing). */
    StepSchedule step(Starter start, Runnable after) {
        steps.add(new Step(start, after));
        return this;
    }

    /** Adds a step that only computes. */
    StepSchedule compute(Runnable after) {
        return step(out -> { }, after);
    }

    @Override
    protected boolean advance() throws MpiException {
        while (true) {
            if (pending != null) {
                for (Transfer t : pending) {
                    if (!t.isDone()) {
                        awaiting(t);   // a spinning poller watches it (Schedule.awaited)
                        return false;
                    }
                }
                List<Transfer> done = pending;
                pending = null;
                finishAll(done, mismatch);
                if (after != null) {
                    after.run();
                }
            }
            if (next == steps.size()) {
                mismatch.raise();   // after the last step: the other ranks got every message of this one
                return true;
            }
            Step s = steps.get(next++);
            after = s.after();
            pending = new ArrayList<>(2);
            s.start().start(pending);   // arguments were checked when the schedule was built: this starts, never fails
        }
    }

    /**
     * Finishes every transfer, keeping a count mismatch in {@code mismatch} (the schedule goes on), then
     * raises the first other error (no resource is kept by an early throw).
     */
    private static void finishAll(List<Transfer> done, CountMismatch mismatch) throws MpiException {
        MpiException first = null;
        for (Transfer t : done) {
            first = finish(t, first, mismatch);
        }
        if (first != null) throw first;
    }

    /**
     * Finishes {@code t} (null: nothing) and returns the first error of a step other than a count mismatch,
     * which goes to {@code mismatch}: {@code first} if there was one already, else {@code t}'s. A step
     * finishes all its transfers before it raises, so none keeps its resources.
     */
    static MpiException finish(Transfer t, MpiException first, CountMismatch mismatch) {
        if (t != null) {
            try {
                t.finish();
            } catch (MpiException e) {
                if (CountMismatch.isMismatch(e)) {
                    mismatch.note(e);
                } else if (first == null) {
                    return e;
                }
            }
        }
        return first;
    }
}
