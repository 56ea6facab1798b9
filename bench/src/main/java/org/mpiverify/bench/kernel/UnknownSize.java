package org.mpiverify.bench.kernel;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.mpiverify.bench.probe.OutsideMatcher;
import org.mpiverify.bench.probe.ProbeLockMap;

/**
 * Hoefler et al. §4's kernels (Figs. 2 and 3), for the core's series ({@code ProbeFigure}) and every native
 * one ({@code UnknownSizeScenario}): threads receive messages of unknown size with one
 * {@link UnknownSizeReceive} method, directed or with ANY_SOURCE/ANY_TAG.
 * <ul>
 *   <li>{@link Pattern#RATE} (Fig. 2): ranks 1..P each send their messages with tag = rank to rank 0,
 *       whose P threads receive them (thread j from rank j+1 with tag j+1, or any,any). The value is rank
 *       0's loop time.</li>
 *   <li>{@link Pattern#ROUND_TRIP} (Fig. 3): two ranks with T threads; thread j of rank 0 sends with
 *       tag j and receives a reply; rank 1's threads receive and echo with the tag they got. The value is
 *       rank 0's slowest thread's time.</li>
 * </ul>
 *
 * <p><b>Every payload is checked.</b> Message {@code seq} of a stream (origin, tag) has {@code ints}
 * elements when {@code seq} is even and one more when odd, element 0 is {@code seq} and the others a
 * function of (origin, tag, seq, index). The sizes differ so that a receive matched to another thread's
 * probe — the race that makes a bare probe+recv unsafe with wildcards (§2) — shows: as a truncation
 * or a count that is not the probed one. Receivers also count each (stream, seq) exactly once. Any
 * deviation counts as bad, and a run with bad messages has no timing.
 *
 * <p>Concurrency: the threads of a rank share only the block's {@link ProbeLockMap} (2D), its
 * {@link OutsideMatcher} queues (OUT) and its atomic counters; the bindings add no lock of their own.
 */
public final class UnknownSize {
    /** Fig. 2 or Fig. 3. */
    public enum Pattern { RATE, ROUND_TRIP }

    /** Element 0 of a fill message (sent only for a method that {@link UnknownSizeReceive#takesOthersMessages}). */
    static final int FILL = -1;

    private UnknownSize() {
    }

    /** A received message: its envelope and count, and exactly the received elements. */
    public record Message(int source, int tag, int count, int[] data) {
        static Message of(Received got, int[] buf) {
            int n = Math.max(0, Math.min(got.count, buf.length));
            return new Message(got.source, got.tag, got.count, n == buf.length ? buf : Arrays.copyOf(buf, n));
        }
    }

    /** A message OUT's helper thread has matched: the buffer and the request receiving into it. */
    public record Arrival(int[] data, Object request) {
    }

    /** Messages per second (RATE) or ns per round trip (ROUND_TRIP) from a block's nanoseconds. */
    public static double value(Pattern p, int threads, int messages, long nanos) {
        return p == Pattern.RATE ? threads * (double) messages / nanos * 1e9 : nanos / (double) messages;
    }

    /** Element {@code k >= 1} of message {@code seq} of the stream (origin, tag). */
    static int element(int origin, int tag, int seq, int k) {
        return (origin * 1_000_003) ^ (tag * 10_007) ^ (seq * 31) ^ (k * 0x9E3779B1);
    }

    /** Size in ints of message {@code seq}: odd messages are one int longer (see the class comment). */
    static int size(int ints, int seq) {
        return ints + (seq & 1);
    }

    static int[] message(int origin, int tag, int seq, int ints) {
        int[] m = new int[size(ints, seq)];
        m[0] = seq;
        for (int k = 1; k < m.length; k++) {
            m[k] = element(origin, tag, seq, k);
        }
        return m;
    }

    /**
     * One measurement on one rank: every thread of the pattern, for one method and size. Owns the state
     * its threads share: the 2D locks, the helper's queues, the per-(stream, seq) counts and the bad count.
     */
    public static final class Block {
        private final KernelComm comm;
        private final Pattern pattern;
        private final boolean any;
        private final int rank, threads, ints, n;
        private final UnknownSizeReceive method;
        private final long deadlineNanos;
        private final ProbeLockMap locks = new ProbeLockMap();
        private final OutsideMatcher<Arrival> matcher;
        /** seen[stream * n + seq]: how many times this rank received that message; must end at exactly 1. */
        private final AtomicIntegerArray seen;
        private final LongAdder bad = new LongAdder();
        private final AtomicReference<String> firstBad = new AtomicReference<>();

        /**
         * @param threads P receiving threads (and P sending ranks) for RATE; T threads per rank for ROUND_TRIP
         * @param ints    the nominal message size in ints (odd messages have one more)
         * @param n       messages per thread (round trips for ROUND_TRIP)
         */
        public Block(KernelComm comm, Pattern pattern, boolean any, int threads, UnknownSizeReceive method, int ints,
                     int n, long deadlineNanos) {
            if (method.takesOthersMessages() && pattern != Pattern.RATE) {
                throw new IllegalArgumentException(method.name() + " is defined for RATE only (it needs fill messages to end)");
            }
            this.comm = comm;
            this.pattern = pattern;
            this.any = any;
            this.rank = comm.rank();
            this.threads = threads;
            this.method = method;
            this.ints = ints;
            this.n = n;
            this.deadlineNanos = deadlineNanos;
            this.matcher = new OutsideMatcher<>(any);
            this.seen = new AtomicIntegerArray(pattern == Pattern.ROUND_TRIP || rank == 0 ? threads * n : 0);
        }

        public KernelComm comm() {
            return comm;
        }

        public int ints() {
            return ints;
        }

        public boolean any() {
            return any;
        }

        public long deadlineNanos() {
            return deadlineNanos;
        }

        public ProbeLockMap locks() {
            return locks;
        }

        public OutsideMatcher<Arrival> matcher() {
            return matcher;
        }

        /** A barrier, then the block; returns rank 0's nanoseconds (loop time, or slowest thread's for ROUND_TRIP). */
        public long run() throws Exception {
            comm.barrier();
            if (pattern == Pattern.RATE && rank > 0) {
                for (int i = 0; i < n; i++) {
                    int[] m = message(rank, rank, i, ints);
                    comm.send(m, m.length, 0, rank);
                }
                for (int i = 0; i < fillsPerSender(); i++) {
                    int[] fill = new int[ints];
                    fill[0] = FILL;
                    comm.send(fill, fill.length, 0, rank);
                }
                return 0;
            }
            if (fillsPerSender() > 0) {
                return rateWithFills();
            }
            AtomicLong slowest = new AtomicLong();
            long t0 = System.nanoTime();
            Threads.run("unknown-size", threads + (method == ReceiveMethod.OUT ? 1 : 0), t -> {
                if (t == threads) {
                    ReceiveMethod.outsideHelper(this, threads * n);
                } else if (pattern == Pattern.RATE) {
                    for (int i = 0; i < n; i++) {
                        check(receive(t + 1, t + 1), t + 1, t + 1);
                    }
                } else {
                    long s0 = System.nanoTime();
                    roundTrips(t);
                    slowest.accumulateAndGet(System.nanoTime() - s0, Math::max);
                }
            });
            return pattern == Pattern.RATE ? System.nanoTime() - t0 : slowest.get();
        }

        /**
         * A method that can take another thread's message cannot use fixed per-thread counts: a thread whose
         * receive names a stream another thread has emptied would wait forever. So each sender adds
         * {@code P} fill messages, the receiving threads share one count of real messages, and rank 0
         * drains the fills left over at the end.
         */
        private int fillsPerSender() {
            return method.takesOthersMessages() ? threads : 0;
        }

        private long rateWithFills() throws Exception {
            AtomicInteger realLeft = new AtomicInteger(threads * n);
            AtomicInteger fillsLeft = new AtomicInteger(threads * fillsPerSender());
            long t0 = System.nanoTime();
            Threads.run("unknown-size", threads, t -> {
                while (realLeft.get() > 0) {
                    Message got = receive(t + 1, t + 1);
                    if (got != null && got.data().length > 0 && got.data()[0] == FILL) {
                        fillsLeft.decrementAndGet();
                        return;     // at most one fill per thread, so a stream always keeps one for a waiter
                    }
                    check(got, t + 1, t + 1);
                    realLeft.decrementAndGet();
                }
            });
            long nanos = System.nanoTime() - t0;
            int[] into = new int[ints + 1];
            Received got = new Received();
            for (int left = realLeft.get() + fillsLeft.get(); left > 0; left--) {  // what the threads left behind
                comm.recv(into, into.length, comm.anySource(), comm.anyTag(), got);
                if (into[0] != FILL) {
                    check(Message.of(got, into.clone()), got.source, got.tag);
                }
            }
            return nanos;
        }

        private void roundTrips(int t) {
            int peer = 1 - rank;
            for (int i = 0; i < n; i++) {
                if (rank == 0) {
                    int[] m = message(0, t, i, ints);
                    comm.send(m, m.length, peer, t);
                    check(receive(peer, t), peer, t);
                } else {
                    Message got = receive(peer, t);
                    check(got, peer, t);
                    if (got != null) {
                        comm.send(got.data(), got.data().length, peer, got.tag()); // echo
                    } else {                             // truncated (counted bad): still reply, so rank 0 ends
                        int[] m = message(0, t, 0, ints);
                        comm.send(m, m.length, peer, t);
                    }
                }
            }
        }

        /** Receives one message from (source, tag) — both wildcards when {@code any} — with this block's method. */
        private Message receive(int source, int tag) {
            int src = any ? comm.anySource() : source, tg = any ? comm.anyTag() : tag;
            try {
                return method.receive(this, src, tg);
            } catch (KernelComm.Truncated e) {
                bad("truncated: a receive got a longer message than the one its thread probed (" + e.getMessage() + ")");
                return null;                             // the message was consumed; the rank goes on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while receiving", e);
            }
        }

        /** Checks one received message against what was sent; counts it in {@link #seen}. */
        private void check(Message got, int source, int tag) {
            if (got == null) {
                return;                                  // already counted as bad
            }
            int[] d = got.data();
            if (!any && (got.source() != source || got.tag() != tag)) {
                bad("directed receive (" + source + ", " + tag + ") got (" + got.source() + ", " + got.tag() + ")");
                return;
            }
            if (got.count() != d.length || d.length == 0) {
                bad("status count " + got.count() + " but " + d.length + " ints posted (probed) from ("
                        + got.source() + ", " + got.tag() + ")");
                return;
            }
            int seq = d[0];
            int origin = pattern == Pattern.RATE ? got.source() : 0;
            int stream = pattern == Pattern.RATE ? got.source() - 1 : got.tag();
            if (seq < 0 || seq >= n || stream < 0 || stream >= threads || d.length != size(ints, seq)) {
                bad("message (" + got.source() + ", " + got.tag() + ") seq " + seq + " has " + d.length + " ints");
                return;
            }
            for (int k = 1; k < d.length; k++) {
                if (d[k] != element(origin, got.tag(), seq, k)) {
                    bad("message (" + got.source() + ", " + got.tag() + ") seq " + seq + ": element " + k + " is wrong");
                    return;
                }
            }
            seen.incrementAndGet(stream * n + seq);
        }

        private void bad(String why) {
            bad.increment();
            firstBad.compareAndSet(null, method.name() + " " + ints * 4 + " B: " + why);
        }

        /**
         * This block's wrong messages, and each (stream, seq) not received exactly once; the first one's
         * description goes to {@code evidence}.
         */
        public long bad(List<String> evidence) {
            long missing = 0;
            for (int i = 0; i < seen.length(); i++) {
                if (seen.get(i) != 1) {
                    missing++;
                }
            }
            if (missing > 0 && bad.sum() == 0) {
                firstBad.compareAndSet(null, method.name() + " " + ints * 4 + " B: " + missing
                        + " messages not received exactly once");
            }
            if (firstBad.get() != null) {
                evidence.add(firstBad.get());
            }
            return bad.sum() + missing;
        }
    }
}
