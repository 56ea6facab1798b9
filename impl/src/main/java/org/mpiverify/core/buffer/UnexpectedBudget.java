package org.mpiverify.core.buffer;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory one rank's unexpected eager messages may hold: copies of messages that arrived before
 * their receive was posted (Dang, Snir &amp; Gropp §3.3's eager protocol keeps them in packets). Past the
 * bound, senders to this rank use rendezvous instead, whatever the message's size: the data stays in
 * the sender's buffer and a blocking send waits until a receive matches it. That is back-pressure, as
 * MPI allows (MPI-3.1 §3.4: a standard-mode send may block until the message is matched; a correct
 * program never relies on buffering), so a flood nobody receives holds its senders back instead of
 * filling the heap.
 *
 * <p>Only messages that really wait as unexpected are charged: a sender charges its message after the
 * matching engine queued it (a message that met a posted receive costs nothing here), and the thread that
 * later copies it out refunds the charge. So the common path, a receive posted first, touches nothing
 * shared. The charge is the packet's length plus {@link #OVERHEAD_BYTES} for the envelope and queue node,
 * so a flood of empty messages is bounded too.
 *
 * <p>Invariant: {@code bytes} is the sum of the charges of eager messages queued as unexpected and not yet
 * copied out, give or take charges in flight (it may be briefly negative when a receiver refunds before
 * the sender charged). Bound: a sender admits an eager message only while {@code bytes < limit}, so the
 * memory held stays below {@code limit} plus one eager message per thread sending to this rank at once.
 *
 * <p>Memory consistency effects: none beyond the atomic counter's; the messages themselves are published
 * through the matching engine.
 */
public final class UnexpectedBudget {
    /** What an unexpected message costs besides its packet: its envelope and queue node, roughly. */
    public static final int OVERHEAD_BYTES = 96;

    private final long limit;
    private final AtomicLong bytes = new AtomicLong();

    /** A budget of {@code limit} bytes (at least 1). */
    public UnexpectedBudget(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("unexpected-message limit " + limit + " must be positive");
        }
        this.limit = limit;
    }

    /** True if a sender may send eagerly to this rank now; false means: use rendezvous (back-pressure). */
    public boolean admitsEager() {
        return bytes.get() < limit;
    }

    /** Charges an eager message of a {@code packetBytes}-byte packet that the engine queued as unexpected. */
    public void queued(int packetBytes) {
        bytes.addAndGet(packetBytes + OVERHEAD_BYTES);
    }

    /** Refunds the charge of an unexpected eager message whose packet was copied out. */
    public void delivered(int packetBytes) {
        bytes.addAndGet(-(packetBytes + OVERHEAD_BYTES));
    }

    /** Bytes charged now (for tests and reports). */
    public long bytes() {
        return bytes.get();
    }

    public long limit() {
        return limit;
    }
}
