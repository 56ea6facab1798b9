package org.mpiverify.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What two message-passing protocol shapes cost on this machine stripped of everything MPI adds
 * (envelopes, validation, requests, pools, wildcards, blocking): an 8-byte ping-pong between two
 * platform threads that spin, read next to the core's ping-pong and the {@link SpinHandoff}.
 *
 * <ul>
 *   <li><b>Posted receive</b> ({@link #postedReceiveNanos}): the receiver publishes what it waits for, the
 *       sender claims it with one CAS, writes the payload and the status, and publishes; the receiver
 *       reads them. This is the shape of the core's protocol and of Dang, Snir &amp; Gropp's (the sender
 *       completes a receive the receiver posted), with nothing else. Two layouts: each receiver's cell on
 *       a line of its own (as a receive posted in the receiving rank's memory is), or both ranks' cells
 *       on one shared line (the best case: the line then moves once per message, as in a handoff).
 *   <li><b>Inbox cell</b> ({@link #inboxCellNanos}): the sender takes the next cell of the receiver's
 *       ring with one atomic increment and fills it; the receiver polls the cell and would match the
 *       message itself, locally. The sender never reads what the receiver wrote.
 * </ul>
 * None is a usable implementation (one message in flight, no matching, no blocking): they show what a
 * design of each shape costs before any MPI work, for the README's explanation of the ping-pong target.
 * Every spin gives up after 60 s with an exception. Cells and counters are padded to a cache line each, so
 * what is measured is the protocol's own line transfers, not false sharing between neighbours.
 */
public final class ProtocolFloors {
    private static final long DEADLINE_NANOS = 60_000_000_000L;

    private ProtocolFloors() {
    }

    /** Padding before a cell's fields: HotSpot lays out superclass fields first, so a cell shares no line. */
    abstract static class LeftPad {
        long p0, p1, p2, p3, p4, p5, p6, p7;
    }

    /** One receiver's posted-receive cell: its state, the posted match fields and the delivered payload. */
    static final class PostedCell extends LeftPad {
        static final int DELIVERED = 0, POSTED = 1, CLAIMED = 2;
        private static final VarHandle STATE;
        static {
            try {
                STATE = MethodHandles.lookup().findVarHandle(PostedCell.class, "state", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        volatile int state = DELIVERED;
        int source;
        int tag;
        long payload;
        long bytes;
        long q0, q1, q2, q3, q4, q5, q6, q7;      // padding after the fields

        /** Receiver: posts a receive for (source, tag), waits for delivery, returns the payload. */
        long receive(int source, int tag, long deadline) {
            this.source = source;
            this.tag = tag;
            state = POSTED;                                  // publishes source and tag
            for (int spins = 0; state != DELIVERED; spins++) {
                pause(spins, deadline);
            }
            return payload;                                  // written before the volatile DELIVERED
        }

        /** Sender: claims the posted receive (one CAS), checks it matches, fills it and publishes. */
        void deliver(int source, int tag, long payload, long deadline) {
            for (int spins = 0; state != POSTED || !STATE.compareAndSet(this, POSTED, CLAIMED); spins++) {
                pause(spins, deadline);
            }
            if (this.source != source || this.tag != tag) {
                throw new IllegalStateException("posted receive does not match");
            }
            this.payload = payload;
            this.bytes = 8;
            state = DELIVERED;
        }
    }

    /** One receiver's inbox: a ring of cells filled in ticket order; a cell is full when its seq is its ticket + 1. */
    static final class Inbox {
        private static final int CELLS = 64;       // a ping-pong has one message in flight: the ring never wraps onto a full cell
        private final PaddedCounter tail = new PaddedCounter();
        private final Cell[] cells = new Cell[CELLS];
        private long head;                          // read by the receiver only

        Inbox() {
            for (int i = 0; i < CELLS; i++) {
                cells[i] = new Cell();
            }
        }

        /** A cell on a line of its own. */
        static final class Cell extends LeftPad {
            volatile long seq;
            int source;
            int tag;
            long payload;
            long q0, q1, q2, q3, q4, q5, q6, q7;
        }

        /** The senders' ticket counter, on a line of its own. */
        static final class PaddedCounter extends LeftPad {
            private static final VarHandle VALUE;
            static {
                try {
                    VALUE = MethodHandles.lookup().findVarHandle(PaddedCounter.class, "value", long.class);
                } catch (ReflectiveOperationException e) {
                    throw new ExceptionInInitializerError(e);
                }
            }

            volatile long value;
            long q0, q1, q2, q3, q4, q5, q6, q7;

            long getAndIncrement() {
                return (long) VALUE.getAndAdd(this, 1L);
            }
        }

        void send(int source, int tag, long payload) {
            long t = tail.getAndIncrement();
            Cell c = cells[(int) (t % CELLS)];
            c.source = source;
            c.tag = tag;
            c.payload = payload;
            c.seq = t + 1;                          // publishes the fields
        }

        long receive(int source, int tag, long deadline) {
            Cell c = cells[(int) (head % CELLS)];
            long want = head + 1;
            for (int spins = 0; c.seq != want; spins++) {
                pause(spins, deadline);
            }
            head++;
            if (c.source != source || c.tag != tag) {
                throw new IllegalStateException("inbox message does not match");
            }
            return c.payload;
        }
    }

    /**
     * Both ranks' posted-receive cells on one cache line: the same protocol as {@link PostedCell}, with
     * the two cells' fields side by side in one padded object.
     */
    static final class PairedCells extends LeftPad {
        private static final VarHandle STATE0, STATE1;
        static {
            try {
                var l = MethodHandles.lookup();
                STATE0 = l.findVarHandle(PairedCells.class, "state0", int.class);
                STATE1 = l.findVarHandle(PairedCells.class, "state1", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        volatile int state0 = PostedCell.DELIVERED, state1 = PostedCell.DELIVERED;
        int source0, tag0, source1, tag1;
        long payload0, payload1;
        long q0, q1, q2, q3, q4, q5, q6, q7;

        // The VarHandles are used as constants on each branch: a VarHandle picked at run time is not inlined.
        private int state(int rank) {
            return rank == 0 ? state0 : state1;
        }

        private void setState(int rank, int value) {
            if (rank == 0) {
                state0 = value;
            } else {
                state1 = value;
            }
        }

        private boolean claim(int rank) {
            return rank == 0 ? STATE0.compareAndSet(this, PostedCell.POSTED, PostedCell.CLAIMED)
                    : STATE1.compareAndSet(this, PostedCell.POSTED, PostedCell.CLAIMED);
        }

        long receive(int me, int source, int tag, long deadline) {
            if (me == 0) {
                source0 = source;
                tag0 = tag;
            } else {
                source1 = source;
                tag1 = tag;
            }
            setState(me, PostedCell.POSTED);
            for (int spins = 0; state(me) != PostedCell.DELIVERED; spins++) {
                pause(spins, deadline);
            }
            return me == 0 ? payload0 : payload1;
        }

        void deliver(int to, int source, int tag, long payload, long deadline) {
            for (int spins = 0; state(to) != PostedCell.POSTED || !claim(to); spins++) {
                pause(spins, deadline);
            }
            if ((to == 0 ? source0 : source1) != source || (to == 0 ? tag0 : tag1) != tag) {
                throw new IllegalStateException("posted receive does not match");
            }
            if (to == 0) {
                payload0 = payload;
            } else {
                payload1 = payload;
            }
            setState(to, PostedCell.DELIVERED);
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
