package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sched.DangScheduler;

/**
 * Dang, Snir &amp; Gropp's goal, checked: many virtual threads communicating at once in one JVM, every
 * message delivered exactly once with the right payload.
 * <ul>
 *   <li><b>All outstanding at once.</b> {@code T} virtual threads in total over 2 or 4 ranks each post a
 *       receive (a distinct tag per thread, from one peer; or {@code ANY_SOURCE}, with the peers sharing
 *       the senders' work). The test waits until the ranks' engines hold all {@code T} receives at the
 *       same time ({@link Mpi#pendingMatches()}), then the peers' sending threads (8 virtual threads per
 *       rank) send one message to each; every receiver checks source, tag and payload; every (rank,
 *       tag) must be received exactly once, and nothing may be left in any engine.
 *   <li><b>Steady state.</b> {@code T} virtual threads in total ping-pong in pairs across two ranks (thread
 *       {@code i} of rank 0 with thread {@code i} of rank 1, tag {@code i}), every reply checked.
 * </ul>
 * Scales: 10^3 and 10^4 threads in {@code mvn verify}; 10^5 and 10^6 under {@code -Pfull}. The hash
 * engine (the design for this scale); the queue engine at 10^3 and 10^4 only, where its linear scans still
 * finish in seconds. Every job has a deadline, past which it is aborted (every parked thread is woken
 * through the job's {@code BlockedThreads}) and fails with its thread dump. Times are printed, not judged:
 * performance is measured by {@code ./mpiverify bench dang}.
 */
class MillionThreadsTest {
    /** The bit-vector scheduler with two workers per rank: 524,288 threads per rank at most. */
    private static final ThreadMode DANG = ThreadMode.dang(2, DangScheduler.DEFAULT_THREADS_PER_WORKER);

    static Stream<Arguments> outstanding() {
        List<Arguments> l = new ArrayList<>();
        int[] scales = Jobs.FULL ? new int[] {1_000, 10_000, 100_000, 1_000_000} : new int[] {1_000, 10_000};
        for (int threads : scales) {
            for (int ranks : new int[] {2, 4}) {
                for (boolean anySource : new boolean[] {false, true}) {
                    l.add(Arguments.of(threads, ranks, anySource, MatchingKind.HASH_TABLE));
                }
            }
        }
        for (int threads : new int[] {1_000, 10_000}) {
            l.add(Arguments.of(threads, 2, false, MatchingKind.QUEUES));
            l.add(Arguments.of(threads, 2, true, MatchingKind.QUEUES));
        }
        List<Arguments> all = new ArrayList<>();
        for (Arguments a : l) {
            all.add(Arguments.of(a.get()[0], a.get()[1], a.get()[2], a.get()[3], ThreadMode.JDK_VIRTUAL_THREADS));
        }
        // the bit-vector scheduler: a sample in mvn verify, every scale under -Pfull
        for (int threads : Jobs.FULL ? new int[] {1_000, 10_000, 100_000, 1_000_000} : new int[] {10_000}) {
            all.add(Arguments.of(threads, 2, false, MatchingKind.HASH_TABLE, DANG));
            if (Jobs.FULL) {
                all.add(Arguments.of(threads, 4, true, MatchingKind.HASH_TABLE, DANG));
            }
        }
        return all.stream();
    }

    static Stream<Arguments> steadyState() {
        List<Arguments> l = new ArrayList<>();
        for (ThreadMode mode : List.of(ThreadMode.JDK_VIRTUAL_THREADS, DANG)) {
            if (mode.isDang() && !Jobs.FULL) {
                l.add(Arguments.of(1_000, 20, mode));
                continue;
            }
            l.add(Arguments.of(1_000, 20, mode));
            l.add(Arguments.of(10_000, 5, mode));
            if (Jobs.FULL) {
                l.add(Arguments.of(100_000, 5, mode));
                l.add(Arguments.of(1_000_000, 2, mode));
            }
        }
        return l.stream();
    }

    /** Deadline of one job: generous on a shared 2-core machine (the 10^6 job takes about a minute quiet). */
    private static Duration deadline(int threads) {
        return Duration.ofSeconds(threads >= 1_000_000 ? 900 : threads >= 100_000 ? 300 : 120);
    }

    @ParameterizedTest(name = "{0} threads, {1} ranks, ANY_SOURCE {2}, {3}, {4}")
    @MethodSource("outstanding")
    void everyThreadHasAReceiveOutstandingAtOnceAndEachMessageArrivesOnce(int threads, int ranks, boolean anySource,
                                                                          MatchingKind matching, ThreadMode mode) {
        int perRank = threads / ranks;
        // received[r * perRank + i] counts the messages receiving thread i of rank r got: must end at 1
        AtomicIntegerArray received = new AtomicIntegerArray(ranks * perRank);
        AtomicReference<String> wrong = new AtomicReference<>();
        AtomicLong postedAllNanos = new AtomicLong(), matchedAllNanos = new AtomicLong();
        long t0 = System.nanoTime();
        JobResult r = Job.run(JobConfig.of(ranks).withMatching(matching).withThreads(mode), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            List<Thread> receivers = new ArrayList<>(perRank);
            for (int i = 0; i < perRank; i++) {
                int tag = i;
                int from = sender(me, tag, ranks);
                receivers.add(Thread.ofVirtual().start(() -> {
                    if (mode.isDang() && !DangScheduler.onScheduler()) {
                        wrong.compareAndSet(null, "rank " + me + " tag " + tag + ": not on the bit-vector scheduler");
                    }
                    int[] buf = new int[2];
                    Status s = w.recv(buf, 0, 2, Datatype.INT, anySource ? Mpi.ANY_SOURCE : from, tag);
                    if (s.source() != from || s.tag() != tag || buf[0] != payload(from, me, tag) || buf[1] != tag) {
                        wrong.compareAndSet(null, "rank " + me + " tag " + tag + " got source " + s.source()
                                + " tag " + s.tag() + " payload " + buf[0] + "/" + buf[1] + ", expected source " + from);
                    }
                    received.incrementAndGet(me * perRank + tag);
                }));
            }
            awaitPending(w, perRank);                     // all of this rank's receives are in its engine now
            w.barrier();                                  // ... and every other rank's
            if (me == 0) {
                postedAllNanos.set(System.nanoTime() - t0);
            }
            sendEverything(w, me, ranks, perRank);
            for (Thread t : receivers) {
                t.join();                                 // the job's deadline aborts a hung receive
            }
            w.barrier();
            if (me == 0) {
                matchedAllNanos.set(System.nanoTime() - t0);
            }
            assertEquals(0, w.pendingMatches(), "rank " + me + ": something left in the engine");
            mpi.finalizeMpi();
        }, deadline(threads));
        r.orThrow();
        assertEquals(null, wrong.get());
        for (int k = 0; k < received.length(); k++) {
            assertEquals(1, received.get(k), "receiving thread " + k + " got " + received.get(k) + " messages");
        }
        System.out.printf(Locale.ROOT, "[scale] %,d threads with a receive outstanding, %d ranks, %s, %s, " + mode + ": all posted "
                        + "at %.2f s, all matched at %.2f s%n", ranks * perRank, ranks,
                anySource ? "ANY_SOURCE" : "distinct tags", matching, postedAllNanos.get() / 1e9,
                matchedAllNanos.get() / 1e9);
    }

    /**
     * Which rank sends tag {@code tag} to rank {@code me}: with 2 ranks the other one; with more, the
     * tags are dealt round-robin over the other ranks, so an {@code ANY_SOURCE} receive really may be
     * matched by any of several senders' streams.
     */
    static int sender(int me, int tag, int ranks) {
        return (me + 1 + tag % (ranks - 1)) % ranks;
    }

    static int payload(int from, int to, int tag) {
        return tag * 31 + from * 7 + to;
    }

    /**
     * Waits (polling the rank's engine every few milliseconds, within the job's deadline) until it holds
     * {@code n} items of {@code w}'s point-to-point context (collective traffic is not counted).
     */
    private static void awaitPending(Comm w, int n) {
        long pause = 1_000_000;
        while (w.pendingMatches() < n) {
            LockSupport.parkNanos(pause);               // a poll of a count, not a synchronization
            pause = Math.min(pause * 2, 50_000_000);
        }
    }

    /** Rank {@code me} sends, from 8 virtual threads, every message the other ranks' receivers expect from it. */
    private static void sendEverything(Comm w, int me, int ranks, int perRank) throws Exception {
        int senders = 8;
        AtomicReference<Throwable> failed = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int k = 0; k < senders; k++) {
            int s = k;
            ts.add(Thread.ofVirtual().start(() -> {
                try {
                    sendShare(w, me, ranks, perRank, s, senders);
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : ts) {
            t.join();                                     // the job's deadline aborts a hung send
        }
        if (failed.get() != null) {
            throw new IllegalStateException("a sending thread failed", failed.get());
        }
    }

    private static void sendShare(Comm w, int me, int ranks, int perRank, int s, int senders) {
        {
            int[] buf = new int[2];
            for (int to = 0; to < ranks; to++) {
                if (to == me) {
                    continue;
                }
                for (int tag = s; tag < perRank; tag += senders) {
                    if (sender(to, tag, ranks) == me) {
                        buf[0] = payload(me, to, tag);
                        buf[1] = tag;
                        w.send(buf, 0, 2, Datatype.INT, to, tag);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} threads, {1} round trips each, {2}")
    @MethodSource("steadyState")
    void threadsPingPongInPairsAndEveryReplyIsRight(int threads, int roundTrips, ThreadMode mode) {
        int pairs = threads / 2;
        AtomicLong messages = new AtomicLong();
        AtomicReference<String> wrong = new AtomicReference<>();
        AtomicLong nanos = new AtomicLong();
        JobResult r = Job.run(JobConfig.of(2).withMatching(MatchingKind.HASH_TABLE).withThreads(mode), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            w.barrier();
            long t0 = System.nanoTime();
            List<Thread> ts = new ArrayList<>(pairs);
            for (int i = 0; i < pairs; i++) {
                int tag = i;
                ts.add(Thread.ofVirtual().start(() -> {
                    if (mode.isDang() && !DangScheduler.onScheduler()) {
                        wrong.compareAndSet(null, "pair " + tag + ": not on the bit-vector scheduler");
                    }
                    int[] b = new int[1];
                    for (int k = 0; k < roundTrips; k++) {
                        if (me == 0) {
                            b[0] = tag * 1_000 + 2 * k;
                            w.send(b, 0, 1, Datatype.INT, 1, tag);
                            w.recv(b, 0, 1, Datatype.INT, 1, tag);
                            if (b[0] != tag * 1_000 + 2 * k + 1) {
                                wrong.compareAndSet(null, "pair " + tag + " round " + k + ": reply " + b[0]);
                            }
                        } else {
                            w.recv(b, 0, 1, Datatype.INT, 0, tag);
                            if (b[0] != tag * 1_000 + 2 * k) {
                                wrong.compareAndSet(null, "pair " + tag + " round " + k + ": ping " + b[0]);
                            }
                            b[0]++;
                            w.send(b, 0, 1, Datatype.INT, 0, tag);
                        }
                        messages.incrementAndGet();
                    }
                }));
            }
            for (Thread t : ts) {
                t.join();
            }
            w.barrier();
            if (me == 0) {
                nanos.set(System.nanoTime() - t0);
            }
            assertEquals(0, w.pendingMatches());
            mpi.finalizeMpi();
        }, deadline(threads));
        r.orThrow();
        assertEquals(null, wrong.get());
        assertEquals(2L * pairs * roundTrips, messages.get());
        System.out.printf(Locale.ROOT, "[scale] %s: %,d threads ping-ponging, %,d messages in %.2f s (%.0f messages/s)%n",
                mode, 2 * pairs, messages.get(), nanos.get() / 1e9, messages.get() / (nanos.get() / 1e9));
        assertTrue(messages.get() > 0);
    }
}
