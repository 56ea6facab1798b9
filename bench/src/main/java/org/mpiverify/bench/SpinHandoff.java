package org.mpiverify.bench;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The floor for any in-JVM message handoff: two platform threads passing a token back and forth
 * through one atomic integer, spinning. Half a round trip is one cross-core handoff (about 60 ns on
 * these machines when both threads have a core).
 */
public final class SpinHandoff {
    private SpinHandoff() {
    }

    /** Nanoseconds per half round trip over {@code iterations} round trips; fails after 60 s. */
    public static double halfRoundTripNanos(int iterations) throws InterruptedException {
        AtomicInteger turn = new AtomicInteger();
        long deadline = System.nanoTime() + 60_000_000_000L;
        Thread partner = Thread.ofPlatform().daemon(true).start(() -> {
            for (int i = 0; i < iterations; i++) {
                spinUntil(turn, 1, deadline);
                turn.set(0);
            }
        });
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            turn.set(1);
            spinUntil(turn, 0, deadline);
        }
        long t1 = System.nanoTime();
        partner.join();
        return (t1 - t0) / (2.0 * iterations);
    }

    private static void spinUntil(AtomicInteger turn, int value, long deadline) {
        int spins = 0;
        while (turn.get() != value) {
            if ((++spins & 0xFFFF) == 0 && System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("spin handoff made no progress for 60 s");
            }
            Thread.onSpinWait();
        }
    }
}
