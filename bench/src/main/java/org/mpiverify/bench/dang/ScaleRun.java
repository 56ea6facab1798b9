package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.mpi.ThreadMode;

/**
 * Dang, Snir &amp; Gropp's goal itself: {@code threads} virtual threads over two ranks, each with a receive
 * outstanding at the same time (distinct tags from the other rank), then all matched by the other
 * rank's sending threads (8 virtual threads per rank); every message checked (source, tag, payload) and
 * counted exactly once.
 *
 * <p>Timed: from the start of the job to the moment both engines hold every receive ("posted": thread
 * creation, mounting, posting), and from then to the moment every receiver has its message and has ended
 * ("matched"). Between the two, untimed, the heap is measured with every receive outstanding: bytes in
 * use after a full collection, against the same before the job, per thread; and optionally the class
 * histogram, per thread and category.
 */
final class ScaleRun {
    static final int SENDERS = 8;

    /** What one run measured. */
    record Result(int threads, long postNanos, long matchNanos, double heapBytesPerThread,
                  Map<String, Double> histogramBytesPerThread) {
        double totalSeconds() {
            return (postNanos + matchNanos) / 1e9;
        }
    }

    private ScaleRun() {
    }

    static Result run(int threads, boolean histogram, Duration deadline) {
        return run(threads, histogram, ThreadMode.JDK_VIRTUAL_THREADS, deadline);
    }

    /** The same with the rank's threads run as {@code mode} says (the bit-vector scheduler: {@link WakeUps#schedulerFor}). */
    static Result run(int threads, boolean histogram, ThreadMode mode, Duration deadline) {
        int ranks = 2;
        int perRank = threads / ranks;
        AtomicIntegerArray received = new AtomicIntegerArray(ranks * perRank);
        AtomicReference<String> wrong = new AtomicReference<>();
        AtomicLong posted = new AtomicLong(), matched = new AtomicLong(), heapWithAll = new AtomicLong();
        Map<String, Long> hist = new LinkedHashMap<>();
        long before = HeapAccounting.usedAfterGc();
        long t0 = System.nanoTime();
        DangJobs.run(JobConfig.of(ranks).withMatching(MatchingKind.HASH_TABLE).withThreads(mode), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int from = 1 - me;
            List<Thread> receivers = new ArrayList<>(perRank);
            for (int i = 0; i < perRank; i++) {
                int tag = i;
                receivers.add(Thread.ofVirtual().start(() -> {
                    int[] buf = new int[2];
                    Status s = w.recv(buf, 0, 2, Datatype.INT, from, tag);
                    if (s.source() != from || s.tag() != tag || buf[0] != payload(from, me, tag) || buf[1] != tag) {
                        wrong.compareAndSet(null, "rank " + me + " tag " + tag + ": source " + s.source()
                                + " tag " + s.tag() + " payload " + buf[0] + "/" + buf[1]);
                    }
                    received.incrementAndGet(me * perRank + tag);
                }));
            }
            awaitPending(w, perRank);
            w.barrier();
            long t1 = 0;
            if (me == 0) {
                t1 = System.nanoTime();
                posted.set(t1 - t0);
                heapWithAll.set(HeapAccounting.usedAfterGc());       // untimed: every receive outstanding
                if (histogram) {
                    hist.putAll(HeapAccounting.histogramByCategory());
                }
            }
            w.barrier();
            long t2 = System.nanoTime();
            sendAll(w, me, perRank);
            for (Thread t : receivers) {
                t.join();                                          // the job's deadline aborts a hung receive
            }
            w.barrier();
            if (me == 0) {
                matched.set(System.nanoTime() - t2);
            }
            if (w.pendingMatches() != 0) {
                throw new IllegalStateException("rank " + me + ": " + w.pendingMatches() + " items left in the engine");
            }
            mpi.finalizeMpi();
        }, deadline);
        if (wrong.get() != null) {
            throw new IllegalStateException(wrong.get());
        }
        for (int k = 0; k < received.length(); k++) {
            if (received.get(k) != 1) {
                throw new IllegalStateException("receiving thread " + k + " got " + received.get(k) + " messages");
            }
        }
        int n = ranks * perRank;
        Map<String, Double> perThread = new LinkedHashMap<>();
        hist.forEach((k, v) -> perThread.put(k, (double) v / n));
        return new Result(n, posted.get(), matched.get(), (double) (heapWithAll.get() - before) / n, perThread);
    }

    static int payload(int from, int to, int tag) {
        return tag * 31 + from * 7 + to;
    }

    /** Polls the rank's point-to-point context every few ms (within the job's deadline) until it holds {@code n} items. */
    private static void awaitPending(Comm w, int n) {
        long pause = 1_000_000;
        while (w.pendingMatches() < n) {
            LockSupport.parkNanos(pause);     // a poll of a count, not a synchronization
            pause = Math.min(pause * 2, 50_000_000);
        }
    }

    private static void sendAll(Comm w, int me, int perRank) throws Exception {
        int to = 1 - me;
        DangJobs.onThreads(SENDERS, true, s -> {
            int[] buf = new int[2];
            for (int tag = s; tag < perRank; tag += SENDERS) {
                buf[0] = payload(me, to, tag);
                buf[1] = tag;
                w.send(buf, 0, 2, Datatype.INT, to, tag);
            }
        });
    }
}
