package org.mpiverify.bench.compare;

import java.time.Duration;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.scenario.RankReport;

/**
 * Gropp &amp; Thakur Fig. 1 on any MPI: a ping-pong of {@code ints} MPI_INTs between ranks 0 and 1, one
 * thread each, at the thread level asked. Rank 0 reports the half round trip in ns; both ranks check
 * every payload (the sequence number in element 0).
 */
public final class PingPongScenario extends MeasuringScenario {
    public static final String FACT = "halfRoundTripNanos";
    public static final int SINGLE = AuditMpi.THREAD_SINGLE, MULTIPLE = AuditMpi.THREAD_MULTIPLE;
    private final int ints;
    private final int iterations;
    private final int level;

    static final Duration DEADLINE = Duration.ofMinutes(2);

    public PingPongScenario(int ints, int iterations, int level) {
        this(ints, iterations, level, DEADLINE);
    }

    private PingPongScenario(int ints, int iterations, int level, Duration deadline) {
        super(deadline);
        if (ints < 1 || iterations < 1) {
            throw new IllegalArgumentException("ping-pong needs at least 1 int and 1 iteration");
        }
        this.ints = ints;
        this.iterations = iterations;
        this.level = level;
    }

    @Override
    String timingFact() {
        return FACT;
    }

    @Override
    public String id() {
        return "bench-pingpong-" + ints * 4 + "B-level" + level;
    }

    @Override
    public String title() {
        return "ping-pong latency, " + ints * 4 + " bytes";
    }

    @Override
    public String origin() {
        return "Gropp & Thakur 2007, Fig. 1";
    }

    @Override
    public int ranks() {
        return 2;
    }

    /** {@code ints=N,iterations=N,level=L}. */
    @Override
    public String spec() {
        return "ints=" + ints + ",iterations=" + iterations + ",level=" + level;
    }

    /** The inverse of {@link #spec()}, for native rank processes. */
    public static PingPongScenario fromSpec(String spec) {
        var v = parseSpec(spec, "ping-pong", "ints", "iterations", "level");
        return new PingPongScenario(intValue(v, "ints"), intValue(v, "iterations"), intValue(v, "level"));
    }

    @Override
    PingPongScenario withDeadline(Duration d) {
        return new PingPongScenario(ints, iterations, level, d);
    }

    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(level);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        RankReport.Builder r = new RankReport.Builder(rank);
        int[] buf = new int[ints];
        mpi.barrier(w);
        int bad = loop(mpi, w, rank, buf);      // untimed warm-up: the rank JVM is fresh, its JIT cold
        mpi.barrier(w);
        long t0 = System.nanoTime();
        bad += loop(mpi, w, rank, buf);
        long el = System.nanoTime() - t0;
        if (rank == 0) {
            r.fact(FACT, el / (2.0 * iterations));
        }
        r.fact(BAD, bad).fact("iterations", iterations);
        mpi.finalizeMpi();
        return r.build();
    }

    /** {@code iterations} round trips between ranks 0 and 1; returns the number of wrong replies. */
    private int loop(AuditMpi mpi, long w, int rank, int[] buf) {
        int bad = 0;
        for (int i = 0; i < iterations; i++) {
            if (rank == 0) {
                buf[0] = i;
                mpi.send(w, buf, ints, 1, 0);
                var st = mpi.recv(w, buf, ints, 1, 0);
                bad += buf[0] != -i || st.count() != ints ? 1 : 0;
            } else if (rank == 1) {
                var st = mpi.recv(w, buf, ints, 0, 0);
                bad += buf[0] != i || st.count() != ints ? 1 : 0;
                buf[0] = -i;
                mpi.send(w, buf, ints, 0, 0);
            }
        }
        return bad;
    }
}
