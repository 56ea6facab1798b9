package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.mpiverify.bench.kernel.AuditKernelComm;
import org.mpiverify.bench.kernel.DupFree;
import org.mpiverify.bench.kernel.KernelComm;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Gropp &amp; Thakur Fig. 4 on any MPI, the {@link DupFree} kernel: each of {@code threads} threads per rank
 * dups its own parent communicator and frees the copy {@code iterations} times ({@code MPI_Comm_dup}, or with
 * {@code idup} set {@code MPI_Comm_idup} and {@code MPI_Wait}: issue 19's series). Every rank reports its slowest thread's
 * time per call; rank 0's is the figure (the ranks are in lock step, so they agree closely). Each copy's
 * size is checked against the parent's.
 */
public final class DupScenario extends MeasuringScenario {
    public static final String FACT = "nanosPerDup";
    private final int ranks, threads, iterations;
    private final boolean idup;

    static final Duration DEADLINE = Duration.ofMinutes(5);

    public DupScenario(int ranks, int threads, int iterations) {
        this(ranks, threads, iterations, false);
    }

    /** With {@code idup}, each copy is made by {@code MPI_Comm_idup} and a wait on its request. */
    public DupScenario(int ranks, int threads, int iterations, boolean idup) {
        this(ranks, threads, iterations, idup, DEADLINE);
    }

    private DupScenario(int ranks, int threads, int iterations, boolean idup, Duration deadline) {
        super(deadline);
        if (ranks < 1 || threads < 1 || iterations < 1) {
            throw new IllegalArgumentException("dup needs >= 1 rank, thread and iteration");
        }
        this.ranks = ranks;
        this.threads = threads;
        this.iterations = iterations;
        this.idup = idup;
    }

    @Override
    String timingFact() {
        return FACT;
    }

    @Override
    public String id() {
        return (idup ? "bench-idup-" : "bench-dup-") + ranks + "r-" + threads + "t";
    }

    @Override
    public String title() {
        return (idup ? "Comm_idup+wait+free" : "Comm_dup+free") + " time, " + threads + " thread(s) per rank";
    }

    @Override
    public String origin() {
        return "Gropp & Thakur 2007, Fig. 4";
    }

    @Override
    public int ranks() {
        return ranks;
    }

    /** {@code ranks=N,threads=N,iterations=N,idup=0|1}. */
    @Override
    public String spec() {
        return "ranks=" + ranks + ",threads=" + threads + ",iterations=" + iterations + ",idup=" + (idup ? 1 : 0);
    }

    /** The inverse of {@link #spec()}, for native rank processes. */
    public static DupScenario fromSpec(String spec) {
        var v = parseSpec(spec, "dup", "ranks", "threads", "iterations", "idup");
        int idup = intValue(v, "idup");
        if (idup != 0 && idup != 1) {
            throw new IllegalArgumentException("idup must be 0 or 1, not " + idup);
        }
        return new DupScenario(intValue(v, "ranks"), intValue(v, "threads"), intValue(v, "iterations"), idup == 1);
    }

    @Override
    DupScenario withDeadline(Duration d) {
        return new DupScenario(ranks, threads, iterations, idup, d);
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
        UnaryOperator<KernelComm> copy = idup ? KernelComm::idupAndWait : KernelComm::dup;
        DupFree.slowestThreadNanos(w, parents, iterations, bad, copy);     // untimed: fresh rank JVM, cold JIT
        long slowest = DupFree.slowestThreadNanos(w, parents, iterations, bad, copy);
        DupFree.free(parents);
        r.fact(FACT, slowest / (double) iterations).fact(BAD, bad.get());
        return r.build();
    }
}
