package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.scenario.RankReport;

/**
 * Balaji et al. §5 (Figs. 3, 5, 7) on any MPI: {@code senders} threads of rank 0 ({@code threaded}) or
 * {@code senders} single-threaded ranks send one-int messages in bursts of 128, each to its own
 * receiving rank that pre-posts 128 receives and acknowledges; mode PROC_NULL, BLOCKING or NONBLOCKING.
 * Rank 0 reports the aggregate rate ({@code n / avg_latency}, messages per second) of all senders,
 * gathered with an allreduce of the loop times; receivers check every message's count and sender.
 * (One int, not zero bytes, so a receiver can check the payload.)
 */
public final class MessageRateScenario extends MeasuringScenario {
    public static final String FACT = "messagesPerSecond";
    static final int BURST = 128;
    private final String mode;
    private final int senders, iterations;
    private final boolean threaded;

    static final Duration DEADLINE = Duration.ofMinutes(3);

    public MessageRateScenario(String mode, int senders, boolean threaded, int iterations) {
        this(mode, senders, threaded, iterations, DEADLINE);
    }

    private MessageRateScenario(String mode, int senders, boolean threaded, int iterations, Duration deadline) {
        super(deadline);
        if (!mode.equals("PROC_NULL") && !mode.equals("BLOCKING") && !mode.equals("NONBLOCKING")) {
            throw new IllegalArgumentException("mode must be PROC_NULL, BLOCKING or NONBLOCKING, not " + mode);
        }
        if (senders < 1 || iterations < 1) {
            throw new IllegalArgumentException("need >= 1 sender and iteration");
        }
        this.mode = mode;
        this.senders = senders;
        this.threaded = threaded;
        this.iterations = iterations;
    }

    @Override
    String timingFact() {
        return FACT;
    }

    @Override
    public String id() {
        return "bench-msgrate-" + mode.toLowerCase() + "-" + senders + (threaded ? "t" : "p");
    }

    @Override
    public String title() {
        return "message rate, " + mode + ", " + senders + (threaded ? " threads" : " ranks");
    }

    @Override
    public String origin() {
        return "Balaji et al., Figs. 3, 5, 7";
    }

    private boolean procNull() {
        return mode.equals("PROC_NULL");
    }

    /** Sending ranks, then receiving ranks (none for PROC_NULL). */
    @Override
    public int ranks() {
        int sendRanks = threaded ? 1 : senders;
        return procNull() ? sendRanks : sendRanks + senders;
    }

    /** {@code mode=M,senders=N,threaded=true|false,iterations=N}. */
    @Override
    public String spec() {
        return "mode=" + mode + ",senders=" + senders + ",threaded=" + threaded + ",iterations=" + iterations;
    }

    /** The inverse of {@link #spec()}, for native rank processes. */
    public static MessageRateScenario fromSpec(String spec) {
        var v = parseSpec(spec, "message rate", "mode", "senders", "threaded", "iterations");
        return new MessageRateScenario(v.get("mode"), intValue(v, "senders"), booleanValue(v, "threaded"),
                intValue(v, "iterations"));
    }

    @Override
    MessageRateScenario withDeadline(Duration d) {
        return new MessageRateScenario(mode, senders, threaded, iterations, d);
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        int sendRanks = threaded ? 1 : senders;
        boolean sender = false;
        int provided = mpi.initThread(threaded ? AuditMpi.THREAD_MULTIPLE : AuditMpi.THREAD_SINGLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        sender = rank < sendRanks;
        RankReport.Builder r = new RankReport.Builder(rank);
        if (threaded && provided != AuditMpi.THREAD_MULTIPLE) {
            throw new IllegalStateException("THREAD_MULTIPLE not provided (" + provided + ")");
        }
        AtomicInteger bad = new AtomicInteger();
        mpi.barrier(w);
        exchange(mpi, w, rank, sender, sendRanks, bad);     // untimed warm-up: fresh rank JVM, cold JIT
        mpi.barrier(w);
        long loopNanos = exchange(mpi, w, rank, sender, sendRanks, bad);
        // Sum of all senders' loop times, in microseconds (ints, as the interface reduces MPI_INT).
        int[] in = {(int) Math.min(Integer.MAX_VALUE, loopNanos / 1000)}, out = new int[1];
        mpi.allreduce(w, in, out, 1, AuditMpi.ReduceOp.SUM);
        if (rank == 0) {
            double avgLatencyNanos = out[0] * 1000.0 / senders / ((double) iterations * BURST);
            r.fact(FACT, senders / avgLatencyNanos * 1e9);
        }
        r.fact(BAD, bad.get());
        mpi.finalizeMpi();
        return r.build();
    }

    /** One measured exchange: the senders' bursts and the receivers' posts; returns the senders' summed loop nanoseconds. */
    private long exchange(AuditMpi mpi, long w, int rank, boolean sender, int sendRanks, AtomicInteger bad)
            throws InterruptedException {
        LongAdder loopNanos = new LongAdder();
        if (sender) {
            int nThreads = threaded ? senders : 1;
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] ts = new Thread[nThreads];
            for (int t = 0; t < nThreads; t++) {
                int receiver = procNull() ? AuditMpi.PROC_NULL : sendRanks + (threaded ? t : rank);
                ts[t] = Thread.ofPlatform().start(() -> {
                    try {
                        long t0 = System.nanoTime();
                        send(mpi, w, receiver, bad);
                        loopNanos.add(System.nanoTime() - t0);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
            }
            for (Thread t : ts) {
                t.join();   // a hang is caught by the target's deadline for the whole run
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a sending thread failed", failure.get());
            }
        } else {
            receive(mpi, w, threaded ? 0 : rank - sendRanks, bad);
        }
        return loopNanos.sum();
    }

    private void send(AuditMpi mpi, long w, int receiver, AtomicInteger bad) {
        int[] one = {1};
        long[] reqs = new long[BURST];
        for (int i = 0; i < iterations; i++) {
            if (!procNull()) {
                var st = mpi.recv(w, new int[1], 1, receiver, 1);
                if (st.source() != receiver) {
                    bad.incrementAndGet();
                }
            }
            for (int k = 0; k < BURST; k++) {
                if (mode.equals("NONBLOCKING")) {
                    reqs[k] = mpi.isend(w, one, 1, receiver, 0);
                } else {
                    mpi.send(w, one, 1, receiver, 0);
                }
            }
            if (mode.equals("NONBLOCKING")) {
                for (long q : reqs) {
                    mpi.waitFor(q);
                }
            }
        }
    }

    private void receive(AuditMpi mpi, long w, int sender, AtomicInteger bad) {
        int[][] bufs = new int[BURST][1];
        long[] reqs = new long[BURST];
        for (int i = 0; i < iterations; i++) {
            for (int k = 0; k < BURST; k++) {
                bufs[k][0] = 0;
                reqs[k] = mpi.irecv(w, bufs[k], 1, sender, 0);
            }
            mpi.send(w, new int[] {0}, 1, sender, 1);
            for (int k = 0; k < BURST; k++) {
                var st = mpi.waitFor(reqs[k]);
                if (st.source() != sender || st.count() != 1 || bufs[k][0] != 1) {
                    bad.incrementAndGet();
                }
            }
        }
    }
}
