package org.mpiverify.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * What message-passing protocol shapes cost on this machine stripped of everything MPI adds
 * (validation, requests, pools, wildcards, blocking): an 8-byte ping-pong between two platform threads
 * that spin, read next to the core's ping-pong and the {@link SpinHandoff}.
 *
 * <ul>
 *   <li><b>Posted receive</b> ({@link #postedReceiveNanos}): the receiver publishes what it waits for, the
 *       sender claims it with one CAS, writes the payload and the count, and publishes; the receiver
 *       reads them. This is the shape of the core's protocol and of Dang, Snir &amp; Gropp's (the sender
 *       completes a receive the receiver posted), with nothing else. Two layouts: each receiver's cell on
 *       a line of its own (as a receive posted in the receiving rank's memory is), or both ranks' cells
 *       on one shared line (the best case: the line then moves once per message, as in a handoff).
 *   <li><b>Inbox cell</b> ({@link #inboxCellNanos}): the sender takes the next cell of the receiver's
 *       ring with one atomic increment and fills it; the receiver polls the cell and would match the
 *       message itself, locally. The sender never reads what the receiver wrote.
 *   <li><b>Mailbox</b> ({@link #mailboxNanos}): one slot per direction, one producer and one consumer, the
 *       envelope, the payload and a sequence number on one line; no claim, no ring. About the least any
 *       protocol that carries 8 bytes one way can do: the sender writes one line, the receiver reads it.
 *       It differs from the handoff only in using a line per direction instead of one line for both.
 * </ul>
 * None is a usable implementation (one message in flight, no matching, no blocking): they show what a
 * design of each shape costs before any MPI work, for the explanation of the ping-pong target in docs/measurements.md.
 *
 * <p>Layout is exact: every cell lives in native memory aligned to {@value #STRIDE} bytes (a cache line and
 * the adjacent line a spatial prefetcher pulls with it), its fields in the first line. Java objects could not
 * give this: HotSpot orders fields by size and puts an {@code int} into the header's gap, and objects are
 * only 8-byte aligned, so a padded object's few hot fields measured at offsets 12, 80, 88 and 160 — three
 * lines, not one. The source and tag travel packed in one {@code long}, as an envelope word.
 * Every spin gives up after 60 s with an exception.
 */
public final class ProtocolFloors {
    private static final long DEADLINE_NANOS = 60_000_000_000L;
    /** Bytes between cells: a line plus its prefetch buddy, so no two cells interfere. */
    static final long STRIDE = 128;
    /** A long at (segment, byte offset); access modes pick plain, volatile or CAS per use. */
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private ProtocolFloors() {
    }

    /** {@code n} cells of {@link #STRIDE} bytes, zeroed, aligned to {@link #STRIDE}; freed by the GC. */
    static MemorySegment cells(int n) {
        return Arena.ofAuto().allocate(STRIDE * n, STRIDE);
    }

    static long envelope(int source, int tag) {
        return ((long) source << 32) | (tag & 0xFFFF_FFFFL);
    }

    /** One receiver's posted-receive cell: state, envelope, payload and count on one line. */
    static final class PostedCell {
        static final long DELIVERED = 0, POSTED = 1, CLAIMED = 2;
        private static final long STATE = 0, ENVELOPE = 8, PAYLOAD = 16, COUNT = 24;
        private final MemorySegment m;
        private final long at;

        PostedCell() {
            this(cells(1), 0);
        }

        PostedCell(MemorySegment m, long at) {
            this.m = m;
            this.at = at;
        }

        /** Receiver: posts a receive for (source, tag), waits for delivery, returns the payload. */
        long receive(int source, int tag, long deadline) {
            LONG.set(m, at + ENVELOPE, envelope(source, tag));
            LONG.setVolatile(m, at + STATE, POSTED);                 // publishes the envelope
            for (int spins = 0; (long) LONG.getVolatile(m, at + STATE) != DELIVERED; spins++) {
                pause(spins, deadline);
            }
            return (long) LONG.get(m, at + PAYLOAD);                 // written before the volatile DELIVERED
        }

        /** Sender: claims the posted receive (one CAS), checks it matches, fills it and publishes. */
        void deliver(int source, int tag, long payload, long deadline) {
            for (int spins = 0; (long) LONG.getVolatile(m, at + STATE) != POSTED
                    || !LONG.compareAndSet(m, at + STATE, POSTED, CLAIMED); spins++) {
                pause(spins, deadline);
            }
            if ((long) LONG.get(m, at + ENVELOPE) != envelope(source, tag)) {
                throw new IllegalStateException("posted receive does not match");
            }
            LONG.set(m, at + PAYLOAD, payload);
            LONG.set(m, at + COUNT, 8L);
            LONG.setVolatile(m, at + STATE, DELIVERED);
        }
    }

    /** Both ranks' posted-receive cells on one line: rank r's four words at offset 32 r. */
    static final class PairedCells {
        private final PostedCell[] cell;

        PairedCells() {
            MemorySegment m = cells(1);
            cell = new PostedCell[] {new PostedCell(m, 0), new PostedCell(m, 32)};
        }

        long receive(int me, int source, int tag, long deadline) {
            return cell[me].receive(source, tag, deadline);
        }

        void deliver(int to, int source, int tag, long payload, long deadline) {
            cell[to].deliver(source, tag, payload, deadline);
        }
    }

    /** One receiver's inbox: a ring of cells filled in ticket order; a cell is full when its seq is its ticket + 1. */
    static final class Inbox {
        private static final int CELLS = 64;       // a ping-pong has one message in flight: the ring never wraps onto a full cell
        private static final long SEQ = 0, ENVELOPE = 8, PAYLOAD = 16;
        private final MemorySegment ring = cells(CELLS);
        /** Cell 0: the senders' ticket counter; cell 1: the receiver's position (only it reads it). */
        private final MemorySegment counters = cells(2);

        void send(int source, int tag, long payload) {
            long t = (long) LONG.getAndAdd(counters, 0L, 1L);
            long c = (t & (CELLS - 1)) * STRIDE;
            LONG.set(ring, c + ENVELOPE, envelope(source, tag));
            LONG.set(ring, c + PAYLOAD, payload);
            LONG.setVolatile(ring, c + SEQ, t + 1);                  // publishes the fields
        }

        long receive(int source, int tag, long deadline) {
            long h = (long) LONG.get(counters, STRIDE);
            long c = (h & (CELLS - 1)) * STRIDE;
            for (int spins = 0; (long) LONG.getVolatile(ring, c + SEQ) != h + 1; spins++) {
                pause(spins, deadline);
            }
            LONG.set(counters, STRIDE, h + 1);
            if ((long) LONG.get(ring, c + ENVELOPE) != envelope(source, tag)) {
                throw new IllegalStateException("inbox message does not match");
            }
            return (long) LONG.get(ring, c + PAYLOAD);
        }
    }

    /**
     * One direction's mailbox: a single slot, a single producer and a single consumer. The sender fills the
     * slot and bumps its sequence; the receiver waits for the next sequence. A ping-pong never sends into a
     * slot whose message has not been taken (the reply proves it), so no claim is needed.
     */
    static final class Mailbox {
        private static final long SEQ = 0, ENVELOPE = 8, PAYLOAD = 16;
        /** Cell 0: the slot; cell 1: the receiver's count of messages taken (only it reads it). */
        private final MemorySegment m = cells(2);

        void send(int source, int tag, long payload) {
            LONG.set(m, ENVELOPE, envelope(source, tag));
            LONG.set(m, PAYLOAD, payload);
            LONG.setVolatile(m, SEQ, (long) LONG.get(m, SEQ) + 1);   // only the sender writes seq; publishes
        }

        long receive(int source, int tag, long deadline) {
            long want = (long) LONG.get(m, STRIDE) + 1;
            for (int spins = 0; (long) LONG.getVolatile(m, SEQ) != want; spins++) {
                pause(spins, deadline);
            }
            LONG.set(m, STRIDE, want);
            if ((long) LONG.get(m, ENVELOPE) != envelope(source, tag)) {
                throw new IllegalStateException("mailbox message does not match");
            }
            return (long) LONG.get(m, PAYLOAD);
        }
    }

    /** Half round trip (ns) of {@code iterations} ping-pongs through posted-receive cells sharing one line. */
    public static double pairedPostedReceiveNanos(int iterations) throws InterruptedException {
        PairedCells line = new PairedCells();
        return pingPong(iterations, (me, deadline, value) -> {
            int peer = 1 - me;
            if (me == 0) {
                line.deliver(peer, me, 0, value, deadline);
                return line.receive(me, peer, 0, deadline);
            }
            long v = line.receive(me, peer, 0, deadline);
            line.deliver(peer, me, 0, v + 1, deadline);
            return v;
        });
    }

    /** Half round trip (ns) of {@code iterations} ping-pongs through posted-receive cells, one line per receiver. */
    public static double postedReceiveNanos(int iterations) throws InterruptedException {
        PostedCell[] at = {new PostedCell(), new PostedCell()};
        return pingPong(iterations, (me, deadline, value) -> {
            int peer = 1 - me;
            if (me == 0) {
                at[peer].deliver(me, 0, value, deadline);
                return at[me].receive(peer, 0, deadline);
            }
            long v = at[me].receive(peer, 0, deadline);
            at[peer].deliver(me, 0, v + 1, deadline);
            return v;
        });
    }

    /** Half round trip (ns) of {@code iterations} ping-pongs through inbox cells. */
    public static double inboxCellNanos(int iterations) throws InterruptedException {
        Inbox[] at = {new Inbox(), new Inbox()};
        return pingPong(iterations, (me, deadline, value) -> {
            int peer = 1 - me;
            if (me == 0) {
                at[peer].send(me, 0, value);
                return at[me].receive(peer, 0, deadline);
            }
            long v = at[me].receive(peer, 0, deadline);
            at[peer].send(me, 0, v + 1);
            return v;
        });
    }

    /**
     * Half round trip (ns) of {@code iterations} ping-pongs through one mailbox per direction. The same round as
     * the inbox's, on purpose: through a shared interface the mailbox measured 5 ns (10 %) slower.
     */
    public static double mailboxNanos(int iterations) throws InterruptedException {
        Mailbox[] at = {new Mailbox(), new Mailbox()};
        return pingPong(iterations, (me, deadline, value) -> {
            int peer = 1 - me;
            if (me == 0) {
                at[peer].send(me, 0, value);
                return at[me].receive(peer, 0, deadline);
            }
            long v = at[me].receive(peer, 0, deadline);
            at[peer].send(me, 0, v + 1);
            return v;
        });
    }

    @FunctionalInterface
    private interface Round {
        long run(int me, long deadline, long value);
    }

    private static double pingPong(int iterations, Round round) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        Throwable[] partnerFailure = new Throwable[1];
        Thread partner = Thread.ofPlatform().daemon(true).start(() -> {
            try {
                for (int i = 0; i < iterations; i++) {
                    round.run(1, deadline, 0);
                }
            } catch (Throwable t) {
                partnerFailure[0] = t;
            }
        });
        long t0 = System.nanoTime();
        long v = 0;
        for (int i = 0; i < iterations; i++) {
            long back = round.run(0, deadline, v);
            if (back != v + 1) {
                throw new IllegalStateException("ping-pong " + i + ": sent " + v + ", got back " + back);
            }
            v = back;
        }
        long t1 = System.nanoTime();
        partner.join();
        if (partnerFailure[0] != null) {
            throw new IllegalStateException("partner failed", partnerFailure[0]);
        }
        return (t1 - t0) / (2.0 * iterations);
    }

    /** One step of a bounded spin: gives up with an exception once {@code deadline} has passed. */
    private static void pause(int spins, long deadline) {
        if ((spins & 0xFFFF) == 0xFFFF && System.nanoTime() - deadline > 0) {
            throw new IllegalStateException("protocol floor made no progress for 60 s");
        }
        Thread.onSpinWait();
    }
}
