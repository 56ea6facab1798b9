package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A soak of every send, receive and probe flavour, counting lost, duplicated and misordered messages
 * (all must be zero), on every granularity and engine: four ranks, each with four sending threads (half
 * platform, half virtual; twelve under {@code -Pfull}) that send to every other rank on two communicators, each thread's messages
 * alternating between two tags (a stream is one thread's messages to one rank on one communicator; MPI
 * keeps their order across tags, for receives that match both):
 * <ul>
 *   <li>W, received by two threads per rank (one platform, one virtual) with wildcards, completing their
 *       receives with {@code recv}, {@code waitFor}, {@code waitAny}, {@code waitAll}, {@code testAny} and
 *       {@code testAll} in turn: each receiver must see every stream in increasing order;
 *   <li>M, received by one thread per rank that rotates through {@code recv}, {@code irecv}+wait,
 *       {@code probe}+exact {@code recv}, {@code mprobe}+{@code mrecv}, {@code improbe}+{@code imrecv}
 *       and {@code iprobe}+exact {@code irecv}, all with wildcards: it must see every stream exactly in
 *       order. (The nonblocking tests and probes are tried once and followed by their blocking form: a
 *       loop of them would be a busy wait, and a dozen such loops on two cores starve the senders.) Wildcards and exact receives alternating make the hash engine switch modes all the time.
 * </ul>
 * Senders rotate through {@code send}, {@code ssend}, {@code isend}+wait, {@code issend}+wait, with sizes
 * on both sides of a 64-byte eager limit. Every message's payload is checked. The default run sends
 * 5,760 messages per configuration (7 threads per rank); {@code -Pfull} sends 1,728,000 per
 * configuration (15 threads per rank, 60 per job; 17.3 million messages over the ten).
 */
class SoakTest {
    private static final int RANKS = 4;
    private static final int SENDERS = Jobs.FULL ? 12 : 4;
    private static final int W_RECEIVERS = 2;
    private static final int PER_DEST = Jobs.FULL ? 6_000 : 60;
    private static final int MAX_LONGS = 24;

    static Stream<JobConfig> configs() {
        return Jobs.configs(RANKS);
    }

    @ParameterizedTest
    @MethodSource("configs")
    void nothingIsLostDuplicatedOrMisordered(JobConfig c) {
        int streams = RANKS * SENDERS;
        // seen[d][stream]: bit k set once rank d received message k of the stream on W
        AtomicLongArray[][] seen = new AtomicLongArray[RANKS][streams];
        for (AtomicLongArray[] perRank : seen) {
            for (int s = 0; s < streams; s++) {
                perRank[s] = new AtomicLongArray((PER_DEST + 63) / 64);
            }
        }
        AtomicLong received = new AtomicLong();
        JobResult r = Job.run(c.withEagerLimit(64), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            Comm w = world.dup();
            Comm m = world.dup();
            int me = world.rank();
            int incoming = (RANKS - 1) * SENDERS * PER_DEST;      // per communicator
            Jobs.threads(SENDERS + W_RECEIVERS + 1, false, t -> {
                try {
                    if (t < SENDERS) {
                        onThread(t % 2 == 1, () -> send(w, m, me, t));
                    } else if (t < SENDERS + W_RECEIVERS) {
                        int k = t - SENDERS;
                        int share = incoming / W_RECEIVERS + (k < incoming % W_RECEIVERS ? 1 : 0);
                        onThread(k == 1, () -> receiveWildcards(w, share, seen[me], received));
                    } else {
                        receiveInOrder(m, incoming, received);
                    }
                } catch (Throwable e) {
                    mpi.abort(1);              // the other threads would wait for this one's messages
                    throw e;
                }
            });
            world.barrier();
            assertEquals(0, w.pendingMatches(), "left in W");
            assertEquals(0, m.pendingMatches(), "left in M");
            w.free();
            m.free();
            mpi.finalizeMpi();
        }, Jobs.FULL ? Duration.ofMinutes(30) : Jobs.DEADLINE);
        assertTrue(r.ok(), c + ": " + r.describe());
        for (int d = 0; d < RANKS; d++) {
            for (int s = 0; s < streams; s++) {
                if (s / SENDERS == d) {
                    continue;
                }
                for (int k = 0; k < PER_DEST; k++) {
                    assertTrue((seen[d][s].get(k / 64) & (1L << (k % 64))) != 0,
                            "rank " + d + " lost message " + k + " of stream " + s + " on W");
                }
            }
        }
        assertEquals(2L * RANKS * (RANKS - 1) * SENDERS * PER_DEST, received.get());
    }

    private interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} on this platform thread, or on a virtual thread of its own. */
    private static void onThread(boolean virtual, Body body) throws Exception {
        if (virtual) {
            Jobs.threads(1, true, ignored -> body.run());
        } else {
            body.run();
        }
    }

    private static void send(Comm w, Comm m, int me, int t) {
        long[] msg = new long[MAX_LONGS];
        for (int k = 0; k < PER_DEST; k++) {
            int len = 1 + (k * 7 + t) % MAX_LONGS;          // 8 to 192 bytes: eager and rendezvous
            msg[0] = ((long) me << 48) | ((long) t << 40) | k;
            for (int j = 1; j < len; j++) {
                msg[j] = msg[0] * 31 + j;
            }
            for (int dest = 0; dest < RANKS; dest++) {
                if (dest == me) {
                    continue;
                }
                int tag = 2 * t + k % 2;       // two tags per stream: its order holds across them too
                for (Comm c : new Comm[] {w, m}) {
                    switch ((k + dest) % 4) {
                        case 0 -> c.send(msg, 0, len, Datatype.LONG, dest, tag);
                        case 1 -> c.ssend(msg, 0, len, Datatype.LONG, dest, tag);
                        case 2 -> c.isend(msg, 0, len, Datatype.LONG, dest, tag).waitFor();
                        default -> c.issend(msg, 0, len, Datatype.LONG, dest, tag).waitFor();
                    }
                }
            }
        }
    }

    /** Receives {@code share} messages with wildcards; every stream in increasing order, none twice. */
    private static void receiveWildcards(Comm w, int share, AtomicLongArray[] seen, AtomicLong received) {
        long[] buf = new long[MAX_LONGS];
        long[] last = new long[RANKS * SENDERS];
        Arrays.fill(last, -1);
        for (int i = 0; i < share; i++) {
            Status s;
            if (i % 6 == 0) {
                s = w.recv(buf, 0, MAX_LONGS, Datatype.LONG, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
            } else {
                Request q = w.irecv(buf, 0, MAX_LONGS, Datatype.LONG, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                switch (i % 6) {
                    case 1 -> q.waitFor();
                    case 2 -> assertEquals(1, Request.waitAny(null, q));
                    case 3 -> Request.waitAll(q, null);
                    case 4 -> {                                  // a test, then a wait if it was not done
                        if (Request.testAny(q) == Mpi.UNDEFINED) {
                            Request.waitAny(q);
                        }
                    }
                    default -> {
                        if (Request.testAll(null, q) == null) {
                            Request.waitAll(q);
                        }
                    }
                }
                s = q.status();
            }
            int k = check(buf, s);
            int stream = s.source() * SENDERS + s.tag() / 2;
            assertTrue(k > last[stream], "misordered on W: " + k + " after " + last[stream] + " of stream " + stream);
            last[stream] = k;
            long bit = 1L << (k % 64);
            long before = seen[stream].getAndUpdate(k / 64, v -> v | bit);
            assertTrue((before & bit) == 0, "duplicated on W: message " + k + " of stream " + stream);
            received.incrementAndGet();
        }
    }

    /** Receives {@code count} messages with every receive and probe flavour; every stream exactly in order. */
    private static void receiveInOrder(Comm m, int count, AtomicLong received) {
        long[] buf = new long[MAX_LONGS];
        int[] next = new int[RANKS * SENDERS];
        for (int i = 0; i < count; i++) {
            Status s = switch (i % 6) {
                case 0 -> m.recv(buf, 0, MAX_LONGS, Datatype.LONG, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                case 1 -> m.irecv(buf, 0, MAX_LONGS, Datatype.LONG, Mpi.ANY_SOURCE, Mpi.ANY_TAG).waitFor();
                case 2 -> {
                    Status p = m.probe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    yield m.recv(buf, 0, MAX_LONGS, Datatype.LONG, p.source(), p.tag());
                }
                case 3 -> m.mprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null).mrecv(buf, 0, MAX_LONGS, Datatype.LONG);
                case 4 -> {                                      // a nonblocking probe, then a blocking one
                    Message msg = m.improbe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null);
                    if (msg == null) {
                        msg = m.mprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null);
                    }
                    yield msg.imrecv(buf, 0, MAX_LONGS, Datatype.LONG).waitFor();
                }
                default -> {
                    Status p = m.iprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    if (p == null) {
                        p = m.probe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    }
                    yield m.irecv(buf, 0, MAX_LONGS, Datatype.LONG, p.source(), p.tag()).waitFor();
                }
            };
            int k = check(buf, s);
            int stream = s.source() * SENDERS + s.tag() / 2;
            assertEquals(next[stream], k, "stream " + stream + " on M: lost, duplicated or misordered");
            next[stream]++;
            received.incrementAndGet();
        }
    }

    /** Checks a message's header against its status and its payload; returns its sequence number. */
    private static int check(long[] buf, Status s) {
        int src = (int) (buf[0] >>> 48);
        int t = (int) ((buf[0] >>> 40) & 0xFF);
        int k = (int) (buf[0] & 0xFFFFFFFFFFL);
        assertEquals(s.source(), src, "source");
        assertEquals(s.tag(), 2 * t + k % 2, "tag");
        int len = 1 + (k * 7 + t) % MAX_LONGS;
        assertEquals(len, s.count(Datatype.LONG), "length");
        for (int j = 1; j < len; j++) {
            assertEquals(buf[0] * 31 + j, buf[j], "payload");
        }
        return k;
    }
}
