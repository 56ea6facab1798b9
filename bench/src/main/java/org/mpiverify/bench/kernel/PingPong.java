package org.mpiverify.bench.kernel;

/**
 * Gropp &amp; Thakur Fig. 1's kernel, for the core's series ({@code PingPongFigure}, {@code CoreBench})
 * and every native one ({@code PingPongScenario}): {@code iterations} round trips of {@code ints}
 * {@code MPI_INT}s between ranks 0 and 1, one thread each. Both ranks check every message: its count,
 * and the sequence number in element 0 (rank 0 sends {@code i}, rank 1 answers {@code -i}).
 */
public final class PingPong {
    private PingPong() {
    }

    /** Rank 0's elapsed time and the wrong messages this rank saw. */
    public record Timed(long nanos, int bad) {
    }

    /** A barrier, then the round trips; {@code nanos} is rank 0's loop time (0 on other ranks). */
    public static Timed run(KernelComm c, int ints, int iterations) {
        int[] buf = new int[ints];
        Received got = new Received();
        int rank = c.rank();
        int bad = 0;
        c.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            if (rank == 0) {
                buf[0] = i;
                c.send(buf, ints, 1, 0);
                c.recv(buf, ints, 1, 0, got);
                bad += buf[0] != -i || got.count != ints ? 1 : 0;
            } else if (rank == 1) {
                c.recv(buf, ints, 0, 0, got);
                bad += buf[0] != i || got.count != ints ? 1 : 0;
                buf[0] = -i;
                c.send(buf, ints, 0, 0);
            }
        }
        return new Timed(rank == 0 ? System.nanoTime() - t0 : 0, bad);
    }

    /** The figures' value: half a round trip, in ns. */
    public static double halfRoundTripNanos(Timed t, int iterations) {
        return t.nanos() / (2.0 * iterations);
    }
}
