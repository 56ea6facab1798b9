package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Bounded waits of a scenario's own threads, outside MPI: polling a nonblocking completion ({@code test},
 * {@code testAll}, ...) and meeting the rank's other threads at a barrier. Each is bounded by twice the scenario's
 * deadline, so a completion that never comes leaves the thread behind when {@code Workers} joins (a HANG with its
 * stack) and the thread still ends on its own later.
 */
final class Bounded {
    private Bounded() { }

    /** Calls {@code poll} until it returns non-null, yielding the core between tries; throws past {@code bound}. */
    static <T> T poll(Duration bound, String what, Supplier<T> poll) {
        long end = System.nanoTime() + bound.toNanos();
        while (true) {
            T r = poll.get();
            if (r != null) return r;
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException(what + " still incomplete after " + bound.toMillis() + " ms of polling");
            }
            Thread.yield(); // the thread we wait for may need this core
        }
    }

    /** A barrier of the rank's threads whose waits end with an exception past {@code bound} or when a party failed. */
    static final class Barrier {
        private final CyclicBarrier barrier;
        private final Duration bound;

        Barrier(int parties, Duration bound) {
            this.barrier = new CyclicBarrier(parties);
            this.bound = bound;
        }

        void await(String where) throws InterruptedException {
            try {
                barrier.await(bound.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | BrokenBarrierException e) {
                throw new IllegalStateException("the rank's threads did not all reach " + where + ": " + e, e);
            }
        }
    }
}
