package org.mpiverify.bench.compare;

import java.time.Duration;
import org.mpiverify.bench.kernel.AuditKernelComm;
import org.mpiverify.bench.kernel.KernelComm;
import org.mpiverify.bench.kernel.PingPong;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Gropp &amp; Thakur Fig. 1 on any MPI: a ping-pong of {@code ints} MPI_INTs between ranks 0 and 1, one
 * thread each, at the thread level asked: the {@link PingPong} kernel, run once untimed and once timed.
 * Rank 0 reports the half round trip in ns; both ranks count the wrong messages the kernel saw.
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
        KernelComm w = new AuditKernelComm(mpi, mpi.commWorld());
        int rank = w.rank();
        RankReport.Builder r = new RankReport.Builder(rank);
        PingPong.Timed warm = PingPong.run(w, ints, iterations);      // untimed: the rank JVM is fresh, its JIT cold
        PingPong.Timed timed = PingPong.run(w, ints, iterations);
        if (rank == 0) {
            r.fact(FACT, PingPong.halfRoundTripNanos(timed, iterations));
        }
        r.fact(BAD, warm.bad() + timed.bad()).fact("iterations", iterations);
        return r.build();
    }
}
