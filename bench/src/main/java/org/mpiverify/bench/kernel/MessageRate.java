package org.mpiverify.bench.kernel;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Balaji et al. §5's kernel (their Fig. 2), for the core's series ({@code MessageRateFigure}) and every
 * native one ({@code MessageRateScenario}): senders send one-int messages in bursts of {@link #BURST}, each
 * to its own receiving rank, which pre-posts {@link #BURST} receives, acknowledges, and waits for them;
 * the sender waits for the acknowledgement before each burst. Receivers check every message's source,
 * count and payload. (One int, not the paper's zero bytes, so that a receiver can check the payload.)
 */
public final class MessageRate {
    public static final int BURST = 128;
    private static final int DATA = 0, ACK = 1;

    /** The paper's three kinds of send (§5.1-5.3). */
    public enum Mode { PROC_NULL, BLOCKING, NONBLOCKING }

    /** The senders' summed loop time, the lock acquisitions counted during their bursts, and wrong acks. */
    public record Sent(long loopNanos, long burstAcquisitions, int bad) {
    }

    private MessageRate() {
    }

    /**
     * Sends from {@code receivers.length} threads of this rank (thread {@code t} to {@code receivers[t]};
     * one sender runs on the calling thread, so that it works at {@code THREAD_SINGLE}). Several senders
     * start together, so their loops overlap as the paper's threads' do. {@code lockCounter} is read
     * before and after each burst (the core's lock acquisitions for Table 1; a constant elsewhere).
     */
    public static Sent send(KernelComm c, Mode m, int[] receivers, int iterations, LongSupplier lockCounter,
                            long startTimeoutNanos) throws Exception {
        LongAdder loop = new LongAdder(), acquisitions = new LongAdder();
        AtomicInteger bad = new AtomicInteger();
        if (receivers.length == 1) {
            sendLoop(c, m, receivers[0], iterations, lockCounter, loop, acquisitions, bad);
        } else {
            CyclicBarrier start = new CyclicBarrier(receivers.length);
            Threads.run("sender", receivers.length, t -> {
                start.await(startTimeoutNanos, TimeUnit.NANOSECONDS);
                sendLoop(c, m, receivers[t], iterations, lockCounter, loop, acquisitions, bad);
            });
        }
        return new Sent(loop.sum(), acquisitions.sum(), bad.get());
    }

    private static void sendLoop(KernelComm c, Mode m, int receiver, int iterations, LongSupplier lockCounter,
                                 LongAdder loop, LongAdder acquisitions, AtomicInteger bad) {
        int[] one = {1}, ack = new int[1];
        Object[] reqs = new Object[BURST];
        Received got = new Received();
        int dest = m == Mode.PROC_NULL ? c.procNull() : receiver;
        long acquired = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            if (m != Mode.PROC_NULL) {
                c.recv(ack, 1, receiver, ACK, got);
                if (got.source != receiver) {
                    bad.incrementAndGet();
                }
            }
            long a0 = lockCounter.getAsLong();
            if (m == Mode.NONBLOCKING) {
                for (int k = 0; k < BURST; k++) {
                    reqs[k] = c.isend(one, 1, dest, DATA);
                }
                c.waitAll(reqs);
            } else {
                for (int k = 0; k < BURST; k++) {
                    c.send(one, 1, dest, DATA);
                }
            }
            acquired += lockCounter.getAsLong() - a0;
        }
        loop.add(System.nanoTime() - t0);
        acquisitions.add(acquired);
    }

    /** The receiver's loop: pre-post {@link #BURST} receives, acknowledge, wait for them; returns the wrong messages. */
    public static int receive(KernelComm c, int sender, int iterations) {
        int[][] bufs = new int[BURST][1];
        Object[] reqs = new Object[BURST];
        Received got = new Received();
        int[] ack = {0};
        int bad = 0;
        for (int i = 0; i < iterations; i++) {
            for (int k = 0; k < BURST; k++) {
                bufs[k][0] = 0;
                reqs[k] = c.irecv(bufs[k], 1, sender, DATA);
            }
            c.send(ack, 1, sender, ACK);
            for (int k = 0; k < BURST; k++) {
                c.waitFor(reqs[k], got);
                if (got.source != sender || got.count != 1 || bufs[k][0] != 1) {
                    bad++;
                }
            }
        }
        return bad;
    }

    /** Messages per second of {@code senders} senders, from their summed loop time ({@code n / avg_latency}). */
    public static double rate(int senders, int iterations, long loopNanosSum) {
        double avgLatencyNanos = (loopNanosSum / (double) senders) / ((double) iterations * BURST);
        return senders / avgLatencyNanos * 1e9;
    }
}
