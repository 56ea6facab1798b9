package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.bench.kernel.AuditKernelComm;
import org.mpiverify.bench.kernel.DupFree;
import org.mpiverify.bench.kernel.KernelComm;

/**
 * Gropp &amp; Thakur Fig. 4 on any MPI, the {@link DupFree} kernel: each of {@code threads} threads per rank
 * dups its own parent communicator and frees the copy {@code iterations} times. Every rank reports its slowest thread's
 * time per call; rank 0's is the figure (the ranks are in lock step, so they agree closely). Each copy's
 * size is checked against the parent's.
 */
public final class DupScenario extends MeasuringScenario {
    public static final String FACT = "nanosPerDup";
    private final int ranks, threads, iterations;

    static final Duration DEADLINE = Duration.ofMinutes(5);

    public DupScenario(int ranks, int threads, int iterations) {
        this(ranks, threads, iterations, DEADLINE);
    }

    private DupScenario(int ranks, int threads, int iterations, Duration deadline) {
        super(deadline);
        if (ranks < 1 || threads < 1 || iterations < 1) {
            throw new IllegalArgumentException("dup needs >= 1 rank, thread and iteration");
        }
        this.ranks = ranks;
        this.threads = threads;
        this.iterations = iterations;
    }

    @Override
    String timingFact() {
        return FACT;
    }

    @Override
    public String id() {
        return "bench-dup-" + ranks + "r-" + threads + "t";
    }

    @Override
    public String title() {
        return "Comm_dup+free time, " + threads + " thread(s) per rank";
    }

    @Override
    public String origin() {
        return "Gropp & Thakur 2007, Fig. 4";
    }

    @Override
    public int ranks() {
        return ranks;
    }

    /** {@code ranks=N,threads=N,iterations=N}. */
    @Override
    public String spec() {
        return "ranks=" + ranks + ",threads=" + threads + ",iterations=" + iterations;
    }

    /** The inverse of {@link #spec()}, for native rank processes. */
    public static DupScenario fromSpec(String spec) {
        var v = parseSpec(spec, "dup", "ranks", "threads", "iterations");
        return new DupScenario(intValue(v, "ranks"), intValue(v, "threads"), intValue(v, "iterations"));
    }

    @Override
    DupScenario withDeadline(Duration d) {
        return new DupScenario(ranks, threads, iterations, d);
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        int provided = mpi.initThread(threads > 1 ? AuditMpi.THREAD_MULTIPLE : AuditMpi.THREAD_SINGLE);
        KernelComm w = new AuditKernelComm(mpi, mpi.commWorld());
        RankReport.Builder r = new RankReport.Builder(w.rank());
        if (threads > 1 && provided != AuditMpi.THREAD_MULTIPLE) {
            throw new IllegalStateException("THREAD_MULTIPLE not provided (" + provided + ")");
        }
        KernelComm[] parents = DupFree.parents(w, threads);
        AtomicInteger bad = new AtomicInteger();
        DupFree.slowestThreadNanos(w, parents, iterations, bad);     // untimed: fresh rank JVM, cold JIT
        long slowest = DupFree.slowestThreadNanos(w, parents, iterations, bad);
        DupFree.free(parents);
        r.fact(FACT, slowest / (double) iterations).fact(BAD, bad.get());
        return r.build();
    }
}
