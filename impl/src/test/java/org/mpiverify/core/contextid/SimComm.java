package org.mpiverify.core.contextid;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A simulated communicator: a member set of simulated processes and a real blocking allreduce(BAND)
 * over them. A caller blocks until every member has contributed to the same generation; generations
 * make the object reusable round after round. Waits are bounded (a {@link HarnessTimeoutException}
 * fails the caller) and {@link #abort()} wakes every waiter with a {@link HarnessAbortedException}.
 */
final class SimComm {
    final String name;
    final int[] members;
    private final Duration waitLimit;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // Guarded by lock.
    private long generation;            // completed allreduces
    private int arrived;                // contributions to generation `generation`
    private final boolean[] contributed;
    private long[] accumulator;
    private long[] result;              // the AND of generation `generation - 1`
    private boolean aborted;

    SimComm(String name, int[] members, Duration waitLimit) {
        this.name = name;
        this.members = members.clone();
        this.waitLimit = waitLimit;
        this.contributed = new boolean[members.length];
    }

    /** The allreduce as seen by member process {@code proc}. */
    MaskAllreduce at(int proc) {
        int index = indexOf(proc);
        return words -> reduce(index, words);
    }

    int indexOf(int proc) {
        for (int i = 0; i < members.length; i++) if (members[i] == proc) return i;
        throw new IllegalArgumentException(proc + " is not a member of " + this);
    }

    /** Completed allreduce rounds. */
    long rounds() {
        lock.lock();
        try {
            return generation;
        } finally {
            lock.unlock();
        }
    }

    /** Waits (bounded) until at least {@code n} rounds have completed; false on timeout or abort. */
    boolean awaitRounds(long n, Duration limit) throws InterruptedException {
        long nanos = limit.toNanos();
        lock.lock();
        try {
            while (generation < n && !aborted) {
                if (nanos <= 0) return false;
                nanos = changed.awaitNanos(nanos);
            }
            return generation >= n;
        } finally {
            lock.unlock();
        }
    }

    void abort() {
        lock.lock();
        try {
            aborted = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void reduce(int index, long[] words) {
        lock.lock();
        try {
            if (aborted) throw new HarnessAbortedException(name + ": aborted");
            if (contributed[index]) {
                throw new IllegalStateException(name + ": member " + members[index]
                        + " contributed twice to round " + generation + " (two threads of one process?)");
            }
            if (arrived == 0) {
                accumulator = words.clone();
            } else {
                if (accumulator.length != words.length) {
                    throw new IllegalStateException(name + ": buffer lengths differ: " + accumulator.length
                            + " vs " + words.length);
                }
                for (int i = 0; i < words.length; i++) accumulator[i] &= words[i];
            }
            contributed[index] = true;
            final long mine = generation;
            if (++arrived == members.length) {
                result = accumulator;
                accumulator = null;
                arrived = 0;
                Arrays.fill(contributed, false);
                generation++;
                changed.signalAll();
            } else {
                long nanos = waitLimit.toNanos();
                while (generation == mine && !aborted) {
                    if (nanos <= 0) {
                        throw new HarnessTimeoutException(name + ": round " + mine + " incomplete after "
                                + waitLimit.toMillis() + " ms; arrived " + Arrays.toString(contributed)
                                + " of members " + Arrays.toString(members));
                    }
                    try {
                        nanos = changed.awaitNanos(nanos);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new HarnessAbortedException(name + ": interrupted in round " + mine);
                    }
                }
                if (generation == mine) throw new HarnessAbortedException(name + ": aborted in round " + mine);
            }
            // generation == mine + 1 here: the next round cannot complete before we contribute to it.
            System.arraycopy(result, 0, words, 0, words.length);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return name + Arrays.toString(members);
    }

    static Duration ms(long millis) {
        return Duration.ofNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }
}
