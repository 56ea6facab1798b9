package org.mpiverify.mutate.race.scenarios;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Staggers a scenario's signal by 0 to 140 µs, a different step each round, so that over the rounds the
 * waiter is caught in each of its phases (the first spin, the gated spin, the yields, the park) when the
 * signal comes. Only shapes the schedule: the detector's verdict never depends on timing, only on which
 * accesses ran without happens-before between them.
 */
final class Delays {
    private Delays() {}

    private static final AtomicInteger ROUND = new AtomicInteger();

    /** Busy-waits for this round's step (bounded: at most 140 µs). */
    static void stagger() {
        long end = System.nanoTime() + (ROUND.getAndIncrement() % 8) * 20_000L;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}
