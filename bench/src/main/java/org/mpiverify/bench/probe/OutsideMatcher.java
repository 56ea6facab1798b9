package org.mpiverify.bench.probe;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Hoefler et al. §2.2, "matching outside of MPI": one helper thread per rank is the only caller of
 * {@code probe(ANY_SOURCE, ANY_TAG)}; it receives each probed message into a buffer of its own and
 * hands the arrival to the application threads through per-(source, tag) queues (or one queue when the
 * application only receives with both wildcards). Application threads take an arrival, wait for its
 * receive and copy the data out — the copy the paper names as this scheme's cost.
 *
 * <p>Like the paper's benchmark it exploits knowing the receive pattern (directed or any,any; their
 * Table 1), so a message goes to exactly one queue.
 *
 * <p>{@code A} is what the helper hands over: a buffer and the request receiving into it, in whichever
 * binding (the core's {@code Request}, an {@code AuditMpi} request handle).
 *
 * <p>Memory consistency: {@link BlockingQueue} hand-off orders the helper's {@code irecv} before the
 * taker's {@code waitFor}; the data is visible after {@code waitFor} returns.
 */
public final class OutsideMatcher<A> {
    private final boolean wildcard;
    private final ConcurrentHashMap<Long, BlockingQueue<A>> queues = new ConcurrentHashMap<>();

    public OutsideMatcher(boolean wildcard) {
        this.wildcard = wildcard;
    }

    private BlockingQueue<A> queue(int source, int tag) {
        long key = wildcard ? -1 : ((long) source << 32) | (tag & 0xffffffffL);
        return queues.computeIfAbsent(key, k -> new LinkedBlockingQueue<>());
    }

    /** Called by the helper thread for each message it probed and posted a receive for. */
    public void deliver(int source, int tag, A a) {
        queue(source, tag).add(a);
    }

    /** Blocks (parked, no lock held) until a message for (source, tag) arrives; fails after {@code timeoutNanos}. */
    public A take(int source, int tag, long timeoutNanos) throws InterruptedException {
        A a = queue(source, tag).poll(timeoutNanos, TimeUnit.NANOSECONDS);
        if (a == null) {
            throw new IllegalStateException("no message for (" + source + ", " + tag + ") within the deadline");
        }
        return a;
    }
}
