package org.mpiverify.bench.compare;

import java.time.Duration;
import org.mpiverify.bench.kernel.AuditKernelComm;
import org.mpiverify.bench.kernel.KernelComm;
import org.mpiverify.bench.kernel.MessageRate;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/**
 * Balaji et al. §5 (Figs. 3, 5, 7) on any MPI, the {@link MessageRate} kernel: {@code senders} threads of
 * rank 0 ({@code threaded}) or {@code senders} single-threaded ranks send one-int messages in bursts of
 * 128, each to its own receiving rank that pre-posts 128 receives and acknowledges; mode PROC_NULL,
 * BLOCKING or NONBLOCKING.
 * Rank 0 reports the aggregate rate ({@code n / avg_latency}, messages per second) of all senders,
 * gathered with an allreduce of the loop times; receivers check every message's count and sender.
 * (One int, not zero bytes, so a receiver can check the payload.)
 */
public final class MessageRateScenario extends MeasuringScenario {
    public static final String FACT = "messagesPerSecond";
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
        int provided = mpi.initThread(threaded ? AuditMpi.THREAD_MULTIPLE : AuditMpi.THREAD_SINGLE);
        KernelComm w = new AuditKernelComm(mpi, mpi.commWorld());
        int rank = w.rank();
        RankReport.Builder r = new RankReport.Builder(rank);
        if (threaded && provided != AuditMpi.THREAD_MULTIPLE) {
            throw new IllegalStateException("THREAD_MULTIPLE not provided (" + provided + ")");
        }
        MessageRate.Mode m = MessageRate.Mode.valueOf(mode);
        long loopNanos = 0;
        int bad = 0;
        for (int pass = 0; pass < 2; pass++) {          // the first untimed: fresh rank JVM, cold JIT
            w.barrier();
            if (rank < sendRanks) {
                int[] receivers = new int[threaded ? senders : 1];
                for (int t = 0; t < receivers.length; t++) {
                    receivers[t] = sendRanks + (threaded ? t : rank);
                }
                MessageRate.Sent sent = MessageRate.send(w, m, receivers, iterations, () -> 0, deadline().toNanos());
                loopNanos = sent.loopNanos();
                bad += sent.bad();
            } else {
                bad += MessageRate.receive(w, threaded ? 0 : rank - sendRanks, iterations);
            }
        }
        // Sum of all senders' loop times, in microseconds (ints, as the interface reduces MPI_INT).
        int[] in = {(int) Math.min(Integer.MAX_VALUE, loopNanos / 1000)}, out = new int[1];
        mpi.allreduce(mpi.commWorld(), in, out, 1, AuditMpi.ReduceOp.SUM);
        if (rank == 0) {
            r.fact(FACT, MessageRate.rate(senders, iterations, out[0] * 1000L));
        }
        r.fact(BAD, bad);
        return r.build();
    }
}
