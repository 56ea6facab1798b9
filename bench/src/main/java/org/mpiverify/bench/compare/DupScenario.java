package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.scenario.RankReport;

/**
 * Gropp &amp; Thakur Fig. 4 on any MPI: each of {@code threads} threads per rank dups its own parent
 * communicator and frees the copy {@code iterations} times. Every rank reports its slowest thread's
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
        long w = mpi.commWorld();
        RankReport.Builder r = new RankReport.Builder(mpi.commRank(w));
        if (threads > 1 && provided != AuditMpi.THREAD_MULTIPLE) {
            throw new IllegalStateException("THREAD_MULTIPLE not provided (" + provided + ")");
        }
        int size = mpi.commSize(w);
        long[] parents = new long[threads];
        for (int t = 0; t < threads; t++) {
            parents[t] = mpi.commDup(w);
        }
        mpi.barrier(w);
        AtomicInteger bad = new AtomicInteger();
        timedDups(mpi, parents, size, bad);                // untimed warm-up: fresh rank JVM, cold JIT
        mpi.barrier(w);
        long slowest = timedDups(mpi, parents, size, bad);
        for (long p : parents) {
            mpi.commFree(p);
        }
        r.fact(FACT, slowest / (double) iterations).fact(BAD, bad.get());
        mpi.finalizeMpi();
        return r.build();
    }

    /** Every thread dups and frees its parent {@code iterations} times; returns the slowest thread's nanoseconds. */
    private long timedDups(AuditMpi mpi, long[] parents, int size, AtomicInteger bad) throws InterruptedException {
        AtomicLong slowest = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            long parent = parents[t];
            ts[t] = Thread.ofPlatform().start(() -> {
                try {
                    long t0 = System.nanoTime();
                    for (int i = 0; i < iterations; i++) {
                        long c = mpi.commDup(parent);
                        if (mpi.commSize(c) != size) {
                            bad.incrementAndGet();
                        }
                        mpi.commFree(c);
                    }
                    slowest.accumulateAndGet(System.nanoTime() - t0, Math::max);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
        }
        for (Thread t : ts) {
            t.join();   // a hung dup is caught by the target's deadline for the whole run
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a dup thread failed", failure.get());
        }
        return slowest.get();
    }
}
