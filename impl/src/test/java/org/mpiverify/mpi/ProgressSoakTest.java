package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * A reliability soak of MPI's progress rule under load: nonblocking collectives and idups whose completion
 * needs every rank's calls to progress them, mixed with point-to-point traffic received through probes and
 * loops of tests, on four ranks, counting what is lost (nothing may be). Per rank:
 * <ul>
 *   <li>two sending threads (one platform, one virtual) send every other rank a stream of numbered messages
 *       on communicator B, with {@code send}, {@code isend} + a loop of {@code test}, or {@code ssend};</li>
 *   <li>one receiving thread takes them with wildcards, rotating through {@code probe}+{@code recv}, a loop of
 *       {@code iprobe}, {@code mprobe}+{@code mrecv}, a loop of {@code improbe}, {@code irecv} + a loop of
 *       {@code test}, of {@code testAny}, and {@code recv}; every stream must arrive whole and in order;</li>
 *   <li>two collective threads, each with communicators of its own, make rounds: each rank starts a nonblocking
 *       collective or an idup (rotating through ibarrier, ibcast, iallreduce, ireduce, iallgather, ialltoall,
 *       idup), then a token passes from rank 0 to rank 3, each rank completing its operation after it received
 *       the token and before it passes it on. So while a rank waits for its token (a probe, a loop of iprobes,
 *       improbes or tests, a waitAny, a recv, in turn) the ranks before it wait for their operations to
 *       complete, which needs the token-waiting rank to move its own: only the progress rule lets a round end.
 *       The operation is completed in turn with {@code waitFor}, a loop of {@code test}, {@code waitAny},
 *       {@code waitAll}, a loop of {@code testAll}, and each result is checked.</li>
 * </ul>
 * Virtual threads use only the calls that block (a {@code send}, {@code ssend}; a probe, mprobe or waitAny
 * for a token; a waitFor, waitAny or waitAll for an operation): a loop of tests on a virtual thread holds its
 * carrier, and with two carriers two such loops that yield kept the virtual threads they waited for from
 * running for the whole deadline (this soak, before it made the distinction; a property of the JDK's
 * scheduler, not of the core).
 *
 * <p>Every operation completed is counted (a send, a receive, a probe or improbe that found its message, a
 * nonblocking collective or idup, not the unsuccessful looks of a loop). The default run is a sample on two
 * configurations (seconds); {@code -Pfull} runs every configuration of {@link Jobs#configs}, each at least
 * 1.2 million operations (12 million and more in all).
 */
@Timeout(value = 60, unit = TimeUnit.MINUTES)
@ExtendWith(ThreadDumpOnFailure.class)
class ProgressSoakTest {
    private static final int RANKS = 4;
    private static final int SENDERS = 2;
    private static final int COLLECTIVE_THREADS = 2;
    private static final int PER_DEST = Jobs.FULL ? 25_000 : 80;
    private static final int ROUNDS = Jobs.FULL ? 3_000 : 21;
    /**
     * The operations one configuration completes at least: every message is a send and a receive (four in seven
     * receives also a probe that found it); the rounds add their operations and tokens.
     */
    private static final long MIN_OPERATIONS = 2L * RANKS * (RANKS - 1) * SENDERS * PER_DEST;
    /** The ways of {@link #awaitToken} and {@link #complete} that block instead of looping (for virtual threads). */
    private static final int[] BLOCKING_TOKEN_WAITS = {0, 4, 5}, BLOCKING_COMPLETIONS = {0, 2, 3};

    static Stream<JobConfig> configs() {
        return Jobs.configs(RANKS).filter(c -> Jobs.FULL
                || c.granularity() == Granularity.LOCK_FREE && c.matching() == MatchingKind.QUEUES
                || c.granularity() == Granularity.GLOBAL && c.matching() == MatchingKind.HASH_TABLE);
    }

    @ParameterizedTest
    @MethodSource("configs")
    void nonblockingCollectivesIdupsProbesAndTestLoopsUnderTrafficLoseNothing(JobConfig c) {
        LongAdder calls = new LongAdder();
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            int me = world.rank();
            int free = mpi.freeContextIds();
            Comm b = world.dup();
            Comm[] ops = new Comm[COLLECTIVE_THREADS], tokens = new Comm[COLLECTIVE_THREADS];
            for (int k = 0; k < COLLECTIVE_THREADS; k++) {
                ops[k] = world.dup();
                tokens[k] = world.dup();
            }
            Jobs.threads(SENDERS + 1 + COLLECTIVE_THREADS, false, t -> {
                try {
                    if (t < SENDERS) {
                        onThread(t == 1, () -> send(b, me, t, calls));
                    } else if (t == SENDERS) {
                        receive(b, calls);
                    } else {
                        int k = t - SENDERS - 1;
                        onThread(k == 1, () -> rounds(ops[k], tokens[k], k, calls));
                    }
                } catch (Throwable e) {
                    mpi.abort(1);   // the other ranks would wait for this thread
                    throw e;
                }
            });
            world.barrier();
            assertEquals(0, b.pendingMatches(), "messages or receives left on B");
            b.free();
            for (int k = 0; k < COLLECTIVE_THREADS; k++) {
                assertEquals(0, tokens[k].pendingMatches(), "tokens left");
                ops[k].free();
                tokens[k].free();
            }
            world.barrier();
            assertEquals(free, mpi.freeContextIds(), "a context id was lost");
            mpi.finalizeMpi();
        }, Jobs.FULL ? Duration.ofMinutes(20) : Jobs.DEADLINE);
        assertTrue(r.ok(), ProgressTable.describe(c) + ": " + r.describe());
        assertTrue(calls.sum() >= MIN_OPERATIONS, calls.sum() + " operations, fewer than " + MIN_OPERATIONS);
        System.out.println("progress soak, " + ProgressTable.describe(c) + ": " + calls.sum() + " operations in "
                + r.elapsed().toMillis() + " ms");
    }

    private interface Body {
        void run() throws Exception;
    }

    private static void onThread(boolean virtual, Body body) throws Exception {
        if (virtual) {
            Jobs.threads(1, true, ignored -> body.run());
        } else {
            body.run();
        }
    }

    /** Sender {@code t}: PER_DEST numbered messages to every other rank, tag {@code t}, three ways in turn. */
    private static void send(Comm b, int me, int t, LongAdder calls) {
        for (int i = 0; i < PER_DEST; i++) {
            for (int d = 0; d < RANKS; d++) {
                if (d == me) continue;
                int[] m = {me, t, i};
                switch (Thread.currentThread().isVirtual() ? 2 * ((i + d) % 2) : (i + d) % 3) {
                    case 0 -> b.send(m, 0, 3, Datatype.INT, d, t);
                    case 1 -> {
                        Request q = b.isend(m, 0, 3, Datatype.INT, d, t);
                        while (q.test() == null) {
                            Thread.onSpinWait();
                        }
                    }
                    default -> b.ssend(m, 0, 3, Datatype.INT, d, t);
                }
                calls.increment();
            }
        }
    }

    /** Receives every message sent to this rank with wildcards, seven ways in turn; every stream in order. */
    private static void receive(Comm b, LongAdder calls) {
        int[][] next = new int[RANKS][SENDERS];
        int total = (RANKS - 1) * SENDERS * PER_DEST;
        int[] m = new int[3];
        for (int i = 0; i < total; i++) {
            switch (i % 7) {
                case 0 -> {
                    Status s = b.probe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    b.recv(m, 0, 3, Datatype.INT, s.source(), s.tag());
                    calls.add(2);
                }
                case 1 -> {
                    Status s;
                    while ((s = b.iprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG)) == null) {
                        Thread.yield();   // a loop of probes on a loaded core: let the senders run
                    }
                    b.recv(m, 0, 3, Datatype.INT, s.source(), s.tag());
                    calls.add(2);
                }
                case 2 -> {
                    b.mprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null).mrecv(m, 0, 3, Datatype.INT);
                    calls.add(2);
                }
                case 3 -> {
                    Message msg;
                    while ((msg = b.improbe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null)) == null) {
                        Thread.yield();
                    }
                    msg.mrecv(m, 0, 3, Datatype.INT);
                    calls.add(2);
                }
                case 4 -> {
                    Request q = b.irecv(m, 0, 3, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    while (q.test() == null) {
                        Thread.yield();
                    }
                    calls.increment();   // one receive
                }
                case 5 -> {
                    Request q = b.irecv(m, 0, 3, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    while (Request.testAny(q) == Mpi.UNDEFINED) {
                        Thread.yield();
                    }
                    calls.increment();
                }
                default -> {
                    b.recv(m, 0, 3, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    calls.increment();
                }
            }
            assertEquals(next[m[0]][m[1]]++, m[2], "stream of rank " + m[0] + " thread " + m[1] + ": lost, repeated or out of order");
        }
    }

    /** One collective thread's rounds: an operation each, completed along a token's way from rank 0 to the last. */
    private static void rounds(Comm c, Comm tokens, int k, LongAdder calls) {
        int me = c.rank();
        for (int i = 0; i < ROUNDS; i++) {
            int root = i % RANKS, kind = i % 7;
            long[] a = new long[RANKS];
            int[] all = new int[RANKS];
            Request op = switch (kind) {
                case 0 -> c.ibarrier();
                case 1 -> {
                    a[0] = me == root ? 1000L * i + k : -1;
                    yield c.ibcast(a, 0, 1, Datatype.LONG, root);
                }
                case 2 -> c.iallreduce(new long[] {me + i}, 0, a, 0, 1, Datatype.LONG, Op.SUM);
                case 3 -> c.ireduce(new long[] {me + i}, 0, a, 0, 1, Datatype.LONG, Op.SUM, root);
                case 4 -> c.iallgather(new int[] {me * i}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT);
                case 5 -> c.ialltoall(new int[] {me, me + 1, me + 2, me + 3}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT);
                default -> c.idup();
            };
            calls.increment();
            if (me > 0) {
                awaitToken(tokens, me - 1, i, calls);
            }
            complete(op, i, calls);
            if (me < RANKS - 1) {
                tokens.send(new int[] {i}, 0, 1, Datatype.INT, me + 1, 0);
                calls.increment();
            }
            long n = RANKS;
            switch (kind) {
                case 1 -> assertEquals(1000L * i + k, a[0], "ibcast, round " + i);
                case 2 -> assertEquals(n * (n - 1) / 2 + n * i, a[0], "iallreduce, round " + i);
                case 3 -> { if (me == root) assertEquals(n * (n - 1) / 2 + n * i, a[0], "ireduce, round " + i); }
                case 4 -> assertArrayEquals(new int[] {0, i, 2 * i, 3 * i}, all, "iallgather, round " + i);
                case 5 -> assertArrayEquals(new int[] {me, me + 1, me + 2, me + 3}, all, "ialltoall, round " + i);
                case 6 -> {
                    Comm d = op.communicator();
                    assertEquals(RANKS, d.size());
                    d.free();
                }
                default -> { }
            }
        }
    }

    /** Waits for round {@code i}'s token from {@code from}, six ways in turn (each must progress the operation). */
    private static void awaitToken(Comm tokens, int from, int i, LongAdder calls) {
        int[] t = new int[1];
        switch (Thread.currentThread().isVirtual() ? BLOCKING_TOKEN_WAITS[i % 3] : i % 6) {
            case 0 -> {
                tokens.probe(from, 0);
                tokens.recv(t, 0, 1, Datatype.INT, from, 0);
                calls.add(2);
            }
            case 1 -> {
                while (tokens.iprobe(from, 0) == null) {
                    Thread.yield();
                }
                tokens.recv(t, 0, 1, Datatype.INT, from, 0);
                calls.add(2);
            }
            case 2 -> {
                Message m;
                while ((m = tokens.improbe(from, 0, null)) == null) {
                    Thread.yield();
                }
                m.mrecv(t, 0, 1, Datatype.INT);
                calls.add(2);
            }
            case 3 -> {
                Request q = tokens.irecv(t, 0, 1, Datatype.INT, from, 0);
                while (q.test() == null) {
                    Thread.yield();
                }
                calls.increment();
            }
            case 4 -> {
                Request.waitAny(tokens.irecv(t, 0, 1, Datatype.INT, from, 0));
                calls.increment();
            }
            default -> {
                tokens.mprobe(from, 0, null).mrecv(t, 0, 1, Datatype.INT);
                calls.add(2);
            }
        }
        assertEquals(i, t[0], "token of round " + i);
    }

    /** Completes round {@code i}'s operation, five ways in turn. */
    private static void complete(Request op, int i, LongAdder calls) {
        switch (Thread.currentThread().isVirtual() ? BLOCKING_COMPLETIONS[i % 3] : i % 5) {
            case 0 -> op.waitFor();
            case 1 -> {
                while (op.test() == null) {
                    Thread.yield();
                }
            }
            case 2 -> assertEquals(0, Request.waitAny(op));
            case 3 -> Request.waitAll(op);
            default -> {
                while (Request.testAll(op) == null) {
                    Thread.yield();
                }
            }
        }
        calls.increment();
    }
}
