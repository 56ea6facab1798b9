package org.mpiverify.core.sync;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admission to long spinning for the waiting threads of one job: at most {@code permits} threads spin
 * past a wait's first {@link WaitPolicy#UNGATED_SPIN_NANOS} at once; the others go straight on to yield
 * and park. With more waiting threads than cores (two ranks of two threads on two cores), unbounded
 * spinners take the cores from the threads they wait for; with {@code cores - 1} permits one core is
 * always left to a thread that makes progress (the classic "spin only if a CPU is free" rule, as
 * {@code java.util.concurrent.SynchronousQueue} spins only on multiprocessors).
 *
 * <p>Invariant: {@code 0 <= spinners <= permits}; a thread holds at most one permit, taken by a
 * successful {@link #tryEnter()} and given back by exactly one {@link #exit()}.
 *
 * <p>The gate is touched only by waits that outlast the ungated spin, so a fast handoff (ping-pong)
 * never writes its shared counter.
 */
public final class SpinGate {
    private final AtomicInteger spinners = new AtomicInteger();
    private final int permits;

    public SpinGate(int permits) {
        if (permits < 0) {
            throw new IllegalArgumentException("negative permits");
        }
        this.permits = permits;
    }

    /** A gate for this machine: one permit fewer than the available processors, at least one. */
    public static SpinGate forThisMachine() {
        return new SpinGate(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
    }

    /** Takes a permit if one is free (a successful CAS is the linearization point). */
    public boolean tryEnter() {
        int n = spinners.get();
        while (n < permits) {
            if (spinners.compareAndSet(n, n + 1)) {
                return true;
            }
            n = spinners.get();
        }
        return false;
    }

    /** Gives back the permit taken by the calling thread's {@link #tryEnter()}. */
    public void exit() {
        spinners.decrementAndGet();
    }

    /** Threads spinning under a permit now (for tests). */
    public int spinners() {
        return spinners.get();
    }
}
