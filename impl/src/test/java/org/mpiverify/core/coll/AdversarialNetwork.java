package org.mpiverify.core.coll;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Test harness: the nonblocking collectives' {@link Schedule}s of every rank driven by one thread over a
 * network whose deliveries happen when an adversary says, never when the schedules would like them. A send
 * of at most {@code eagerLimit} bytes is eager: its data is copied when it starts and it completes at once.
 * A larger one is rendezvous, as in the core: its data stays in the sender's buffer, and is read only when
 * the adversary delivers it to its matching receive, which is also when the send completes. MPI allows
 * exactly this (MPI-3.1 §3.4: the send buffer may be read at any time until the send completes), so a
 * schedule that reuses a buffer before the transfer that reads it completes gets wrong data here, every
 * time the adversary's order allows, instead of once in a while under a real scheduler.
 *
 * <p>Matching: per (context, source, destination, tag), sends and receives pair in the order they were
 * started (MPI's non-overtaking rule). A pair can be delivered once both halves are started; the driver
 * interleaves {@link Schedule#progress()} calls and deliveries in an order of the {@link Order}: the oldest
 * pair first after each progress call, or choices from a seeded random stream (each seed one interleaving,
 * repeatable). The copy is {@link System#arraycopy} on same-typed arrays, independent of the core's
 * {@code Buffers}.
 *
 * <p>Not thread-safe: one thread builds the schedules and drives them ({@link #drive}).
 */
final class AdversarialNetwork {
    /** How the driver interleaves progress calls and deliveries. */
    enum Order {
        /** Every rank's schedules in turn, each progress call followed by the delivery of the oldest pair. */
        OLDEST_FIRST,
        /** A seeded random choice at each step: progress which schedule, or deliver which pair. */
        SHUFFLED
    }

    private final int size;
    private final int eagerLimit;
    private final Order order;
    private final Random random;
    /** Started and not yet paired halves, by matching key, in start order. */
    private final Map<List<Integer>, List<Half>> sends = new HashMap<>(), recvs = new HashMap<>();
    /** Pairs whose two halves are started and that are not delivered yet, in the order they became pairs. */
    private final List<Half[]> ready = new ArrayList<>();

    AdversarialNetwork(int size, int eagerLimit, Order order, long seed) {
        this.size = size;
        this.eagerLimit = eagerLimit;
        this.order = order;
        this.random = new Random(seed);
    }

    /** Rank {@code rank}'s channel on {@code context}, in the tag range of {@code slot} (as the core gives each operation). */
    PollingChannel channel(int rank, int context, int slot) {
        return new Channel(rank, context, slot * CollectiveTags.LIMIT);
    }

    /** One half of a message: a send or a receive, and its transfer. */
    private static final class Half implements PollingChannel.Transfer {
        final Object buf;
        final int offset, count;
        final Datatype type;
        Object eagerCopy;      // a send's data copied when it started, or null (rendezvous)
        boolean done;
        boolean truncated;

        Half(Object buf, int offset, int count, Datatype type) {
            this.buf = buf;
            this.offset = offset;
            this.count = count;
            this.type = type;
        }

        @Override
        public boolean isDone() {
            return done;
        }

        @Override
        public void finish() {
            if (truncated) throw new MpiException(ErrorClass.ERR_TRUNCATE, "message longer than the receive");
        }
    }

    private final class Channel implements PollingChannel {
        private final int rank, context, tagBase;

        Channel(int rank, int context, int tagBase) {
            this.rank = rank;
            this.context = context;
            this.tagBase = tagBase;
        }

        @Override
        public int rank() {
            return rank;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public Transfer startSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
            Half h = new Half(buf, offset, count, type);
            if ((long) count * type.size() <= eagerLimit) {
                h.eagerCopy = Array.newInstance(buf.getClass().getComponentType(), count);
                System.arraycopy(buf, offset, h.eagerCopy, 0, count);
                h.done = true;
            }
            started(sends, recvs, List.of(context, rank, dest, tagBase + tag), h, true);
            return h;
        }

        @Override
        public Transfer startRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
            Half h = new Half(buf, offset, count, type);
            started(recvs, sends, List.of(context, source, rank, tagBase + tag), h, false);
            return h;
        }
    }

    /** A half started: paired with the oldest waiting half of the other kind, or left waiting. */
    private void started(Map<List<Integer>, List<Half>> mine, Map<List<Integer>, List<Half>> theirs, List<Integer> key,
                         Half h, boolean isSend) {
        List<Half> waiting = theirs.get(key);
        if (waiting != null && !waiting.isEmpty()) {
            Half other = waiting.removeFirst();
            ready.add(isSend ? new Half[] {h, other} : new Half[] {other, h});
        } else {
            mine.computeIfAbsent(key, k -> new ArrayList<>()).add(h);
        }
    }

    /** Delivers pair {@code i} of {@code ready}: copies the data (from the sender's buffer if rendezvous), completes both. */
    private void deliver(int i) {
        Half[] p = ready.remove(i);
        Half send = p[0], recv = p[1];
        int n = Math.min(send.count, recv.count);
        Object from = send.eagerCopy != null ? send.eagerCopy : send.buf;
        int at = send.eagerCopy != null ? 0 : send.offset;
        if (n > 0) System.arraycopy(from, at, recv.buf, recv.offset, n);
        recv.truncated = send.count > recv.count;
        send.done = true;
        recv.done = true;
    }

    /**
     * Drives {@code schedules} (every rank's, in any order) to their end in this network's order, and
     * fails if they stop short: no pair to deliver and every unfinished schedule polled since the last
     * delivery without starting anything.
     */
    void drive(List<Schedule> schedules) {
        Set<Schedule> polledSinceChange = Collections.newSetFromMap(new IdentityHashMap<>());
        for (long steps = 0; ; steps++) {
            List<Schedule> open = schedules.stream().filter(s -> !s.isDone()).toList();
            if (open.isEmpty()) {
                if (!ready.isEmpty() || waitingHalves() != 0) {
                    throw new AssertionError("every schedule finished with messages left in the network: " + pending());
                }
                return;
            }
            if (steps > 10_000_000) throw new AssertionError("no end after " + steps + " steps: " + pending());
            boolean deliver = !ready.isEmpty()
                    && (order == Order.OLDEST_FIRST ? !polledSinceChange.isEmpty() : random.nextBoolean());
            if (deliver) {
                deliver(order == Order.OLDEST_FIRST ? 0 : random.nextInt(ready.size()));
                polledSinceChange.clear();
                continue;
            }
            if (ready.isEmpty() && polledSinceChange.containsAll(open)) {
                throw new AssertionError("stuck: " + open.size() + " schedule(s) wait for messages nobody sends: " + pending());
            }
            Schedule s = order == Order.OLDEST_FIRST ? open.get((int) (steps % open.size())) : open.get(random.nextInt(open.size()));
            int before = ready.size() + waitingHalves();
            boolean wasDone = s.isDone();
            s.progress();
            if (ready.size() + waitingHalves() != before || s.isDone() != wasDone) {
                polledSinceChange.clear();
            } else {
                polledSinceChange.add(s);
            }
        }
    }

    private int waitingHalves() {
        int n = 0;
        for (List<Half> l : sends.values()) n += l.size();
        for (List<Half> l : recvs.values()) n += l.size();
        return n;
    }

    private String pending() {
        StringBuilder sb = new StringBuilder();
        sends.forEach((k, l) -> { if (!l.isEmpty()) sb.append("\n  send ").append(k).append(" x").append(l.size()); });
        recvs.forEach((k, l) -> { if (!l.isEmpty()) sb.append("\n  recv ").append(k).append(" x").append(l.size()); });
        sb.append("\n  ").append(ready.size()).append(" pair(s) ready");
        return sb.toString();
    }
}
