package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.mpiverify.core.sched.DangScheduler;
import org.mpiverify.testkit.FullBuild;

/**
 * Outstanding receives against the heap ({@link HeapGuard}): in a JVM of 48 MiB, receives posted and never
 * matched are refused with {@link ErrorClass#ERR_NO_MEM} before the JVM runs out of memory, and admitted again
 * once they are cancelled (a forked JVM, so the small heap is the test's alone); and, under {@code -Pfull} only (it fills gigabytes), 4·10^6 virtual threads,
 * each with a receive outstanding, in the test JVM's default heap either fit (every message matched once) or
 * fail fast with {@code ERR_NO_MEM} naming the heap, on both schedulers, and end well within their deadline
 * instead of collecting garbage for minutes.
 */
class HeapLimitTest {
    private static final int THREADS = 4_000_000;
    private static final int RANKS = 2;
    /** The job's deadline; the test requires it to end much sooner (see {@link #FAST}). */
    private static final Duration DEADLINE = Duration.ofSeconds(900);
    /**
     * A refused job must have ended this soon after it started: its threads are made and parked, the first
     * receive over the limit is refused, and the abort ends millions of waiting receives with {@code ERR_ABORTED}
     * (each an exception with its stack: most of the time after the refusal). Without the admission check the
     * JVM collects garbage near the limit for minutes.
     */
    private static final Duration FAST = Duration.ofSeconds(120);

    static Stream<ThreadMode> modes() {
        int perRank = THREADS / RANKS;
        int perWorker = DangScheduler.DEFAULT_THREADS_PER_WORKER;
        return Stream.of(ThreadMode.JDK_VIRTUAL_THREADS, ThreadMode.dang((perRank + perWorker - 1) / perWorker, perWorker));
    }

    @Test
    void receivesThatWouldFillASmallHeapAreRefusedNotAnOutOfMemoryError() throws Exception {
        Path out = Files.createTempFile("heap", ".log");
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx48m", "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
                    FillTheHeap.class.getName())
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean ended = p.waitFor(60, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String log = Files.readString(out, StandardCharsets.UTF_8);
            String tail = log.length() <= 20_000 ? log : "..." + log.substring(log.length() - 20_000);
            assertTrue(ended, "the receives did not end within 60 s:\n" + tail);
            assertEquals(0, p.exitValue(), tail);
            assertTrue(log.contains("refused with ERR_NO_MEM") && log.contains("-Xmx"), tail);
            assertTrue(log.contains("admitted again"), tail);
            assertTrue(log.contains("derived receives while refusing: irecv refused with ERR_NO_MEM, recv refused with"
                    + " ERR_NO_MEM; the type released once freed: true"), "a refused receive into a derived type left"
                    + " a use of its type behind:\n" + tail);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Run in the forked JVM: rank 0 posts receives nobody matches until one is refused, then cancels them all. */
    public static final class FillTheHeap {
        public static void main(String[] args) {
            JobResult r = Job.run(JobConfig.of(2).withMatching(MatchingKind.HASH_TABLE)
                    .withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm w = mpi.commWorld();
                if (w.rank() == 0) {
                    List<Request> posted = new ArrayList<>();
                    try {
                        for (int tag = 0; tag < 100_000_000; tag++) {
                            posted.add(w.irecv(new int[1], 0, 1, Datatype.INT, 1, tag % Mpi.TAG_UB));
                        }
                        System.out.println("never refused");
                    } catch (MpiException e) {
                        System.out.println("refused with " + e.errorClass() + " after " + posted.size() + " receives: "
                                + e.getMessage());
                    }
                    refusedDerivedReceivesTakeNoUseOfTheirType(w);
                    for (Request q : posted) {
                        q.cancel();
                        q.waitFor();
                    }
                    posted.clear();
                    // the heap is free again: receives are admitted again once a collection has seen it
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                    while (true) {
                        try {
                            Request q = w.irecv(new int[1], 0, 1, Datatype.INT, 1, 0);
                            q.cancel();
                            q.waitFor();
                            System.out.println("admitted again");
                            break;
                        } catch (MpiException e) {
                            if (System.nanoTime() - until > 0) {
                                System.out.println("still refused 5 s after every receive was cancelled: " + e);
                                break;
                            }
                            LockSupport.parkNanos(10_000_000);   // a retry of a refused call, not a synchronization
                        }
                    }
                }
                w.barrier();
                mpi.finalizeMpi();
            }, Duration.ofSeconds(50));
            System.out.println(r.describe());
            System.exit(r.ok() ? 0 : 1);
        }
    }

    /**
     * While receives are refused, a receive into a derived type is refused too and, as the refusal promises, changes
     * nothing: it takes no use of its type, so the type, freed, is released. Prints what it saw.
     */
    static void refusedDerivedReceivesTakeNoUseOfTheirType(Comm w) {
        DerivedDatatype pair = DerivedDatatype.contiguous(2, Datatype.INT);
        pair.commit();
        String irecv, recv = "not tried";
        try {
            Request q = w.irecv(new int[2], 0, 1, pair, 1, 0);
            q.cancel();
            q.waitFor();
            irecv = "admitted";
        } catch (MpiException e) {
            irecv = "refused with " + e.errorClass();
        }
        if (irecv.equals("refused with ERR_NO_MEM")) {   // a blocking receive admitted here would wait for good
            try {
                w.recv(new int[2], 0, 1, pair, 1, 0);
                recv = "returned";
            } catch (MpiException e) {
                recv = "refused with " + e.errorClass();
            }
        }
        pair.free();
        System.out.println("derived receives while refusing: irecv " + irecv + ", recv " + recv
                + "; the type released once freed: " + pair.isReleased());
    }

    /** {@code -Pfull}: one test per thread mode ({@link FullBuild}). */
    @TestFactory
    @LeavesOutstanding("a refused receive aborts the job: the other threads' receives end with ERR_ABORTED, and"
            + " millions of them are still ending (requests, posted receives, registrations) when the job returns")
    Stream<DynamicTest> fourMillionOutstandingReceivesFitOrFailFast() {
        return FullBuild.eachOf(DEADLINE.plusMinutes(1), HeapLimitTest::fourMillionOutstandingReceives,
                modes().toArray(ThreadMode[]::new));
    }

    private static void fourMillionOutstandingReceives(ThreadMode mode) {
        int perRank = THREADS / RANKS;
        AtomicIntegerArray received = new AtomicIntegerArray(RANKS * perRank);
        AtomicReference<MpiException> refusal = new AtomicReference<>();
        AtomicLong refusedAt = new AtomicLong();
        AtomicReference<String> wrong = new AtomicReference<>();
        long t0 = System.nanoTime();
        JobResult r = Job.run(JobConfig.of(RANKS).withMatching(MatchingKind.HASH_TABLE)
                .withErrorHandler(ErrorHandler.ERRORS_RETURN).withThreads(mode), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int from = 1 - me;
            List<Thread> receivers = new ArrayList<>(perRank);
            for (int i = 0; i < perRank && refusal.get() == null; i++) {
                int tag = i;
                receivers.add(Thread.ofVirtual().start(() -> {
                    int[] buf = new int[1];
                    try {
                        w.recv(buf, 0, 1, Datatype.INT, from, tag);
                    } catch (MpiException e) {
                        if (e.errorClass() == ErrorClass.ERR_NO_MEM && refusal.compareAndSet(null, e)) {
                            refusedAt.set(System.nanoTime());
                        } else if (e.errorClass() != ErrorClass.ERR_NO_MEM && e.errorClass() != ErrorClass.ERR_ABORTED) {
                            wrong.compareAndSet(null, "tag " + tag + ": " + e);
                        }
                        return;
                    }
                    if (buf[0] != tag) {
                        wrong.compareAndSet(null, "rank " + me + " tag " + tag + " got " + buf[0]);
                    }
                    received.incrementAndGet(me * perRank + tag);
                }));
            }
            long pause = 1_000_000;
            while (w.pendingMatches() < perRank) {
                if (refusal.get() != null) {
                    throw refusal.get();                  // aborts the job: the other rank's receives end
                }
                LockSupport.parkNanos(pause);             // a poll of a count, not a synchronization
                pause = Math.min(pause * 2, 50_000_000);
            }
            w.barrier();
            int[] buf = new int[1];
            for (int tag = 0; tag < perRank; tag++) {
                buf[0] = tag;
                w.send(buf, 0, 1, Datatype.INT, from, tag);
            }
            for (Thread t : receivers) {
                t.join();
            }
            w.barrier();
            mpi.finalizeMpi();
        }, DEADLINE);
        long end = System.nanoTime();
        assertFalse(r.hung(), () -> "the job hung: " + r);
        assertEquals(null, wrong.get());
        MpiException refused = refusal.get();
        if (refused == null) {
            r.orThrow();
            for (int k = 0; k < received.length(); k++) {
                assertEquals(1, received.get(k), "receiving thread " + k);
            }
            System.out.printf(Locale.ROOT, "[heap] %s: %,d outstanding receives fit, all matched in %.1f s%n", mode,
                    THREADS, (end - t0) / 1e9);
            return;
        }
        assertTrue(r.aborted(), () -> "a refused receive ends the job: " + r);
        MpiException thrown = assertInstanceOf(MpiException.class,
                r.failures().stream().filter(f -> f != null).findFirst().orElse(null));
        assertEquals(ErrorClass.ERR_NO_MEM, thrown.errorClass());
        assertTrue(thrown.getMessage().contains("-Xmx"), thrown.getMessage());
        Duration afterRefusal = Duration.ofNanos(end - refusedAt.get());
        System.out.printf(Locale.ROOT, "[heap] %s: first receive refused at %.1f s, job ended %.1f s later: %s%n", mode,
                (refusedAt.get() - t0) / 1e9, afterRefusal.toMillis() / 1e3, thrown.getMessage());
        Duration total = Duration.ofNanos(end - t0);
        assertTrue(total.compareTo(FAST) < 0, "the job ended " + total + " after it started, " + afterRefusal
                + " after the first refusal");
    }
}
