package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import org.mpiverify.core.buffer.PacketPool;

/**
 * Dang, Snir &amp; Gropp §3.3 and §4.2 (the packet pool): the cost of taking an eager packet and
 * giving it back, with 1 to many threads at once, against a plain allocation of the same packet.
 *
 * <p>{@code threads} threads (platform or virtual) each take and return {@code pairs} small packets
 * (256 bytes, the size class of short messages), writing a byte of each as a sender would. Reported:
 * wall time per take-and-return over all threads (the inverse of the pool's throughput). The floor does
 * the same with {@code new byte[256]} (and leaves it to the garbage collector). Platform threads have
 * their own caches; virtual threads share the pool's striped caches (DSG's private pools are per worker);
 * both fall back to the shared lock-free stack.
 */
final class PoolCost {
    static final int PACKET = 256;

    private PoolCost() {
    }

    /** Wall ns per acquire+release pair, {@code threads} threads at once. */
    static double poolNanos(int threads, boolean virtual, int pairs, Duration deadline) throws Exception {
        PacketPool pool = new PacketPool(16 * 1024);
        LongAdder sink = new LongAdder();
        long t0 = System.nanoTime();
        DangJobs.onThreads(threads, virtual, deadline, t -> {
            long sum = 0;
            for (int i = 0; i < pairs; i++) {
                byte[] p = pool.acquire(PACKET);
                p[i & (PACKET - 1)] = (byte) i;
                sum += p[0];
                pool.release(p);
            }
            sink.add(sum);
        });
        return (System.nanoTime() - t0) / ((double) threads * pairs);
    }

    /** Wall ns per plain allocation of the same packet, {@code threads} threads at once. */
    static double allocationNanos(int threads, boolean virtual, int pairs, Duration deadline) throws Exception {
        LongAdder sink = new LongAdder();
        long t0 = System.nanoTime();
        DangJobs.onThreads(threads, virtual, deadline, t -> {
            long sum = 0;
            for (int i = 0; i < pairs; i++) {
                byte[] p = new byte[PACKET];
                p[i & (PACKET - 1)] = (byte) i;
                sum += p[0] + p.length;
            }
            sink.add(sum);
        });
        return (System.nanoTime() - t0) / ((double) threads * pairs);
    }
}
