package org.mpiverify.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.DerivedDatatype;
import org.mpiverify.mpi.Group;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Keyval;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.Op;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;

/**
 * The main job on the embedded core: a multithreaded MPI program with several ranks and several threads
 * per rank, at {@code THREAD_MULTIPLE}. Each phase checks its own results and the demo fails (exit 1)
 * if any is wrong:
 * <ol>
 *   <li>point-to-point with wildcards: every thread of every rank sends to every other rank, with a derived
 *       datatype (every other int of an array); one thread per rank receives them all with ANY_SOURCE/ANY_TAG
 *       as plain INTs and checks each payload;
 *   <li>matched probe (Hoefler et al.): several threads of rank 0 receive messages of unknown size with
 *       mprobe + mrecv, each message exactly once;
 *   <li>communicator creation from concurrent threads: every thread dups its own communicator, and
 *       several threads call createGroup on one parent at once (MPI-3), with Gropp &amp; Thakur's
 *       multithreaded context-id algorithm; each parent carries an attribute whose copy callback every dup runs
 *       (the dup must hold the parent's value plus one) and whose delete callback every free runs;
 *   <li>a collective: every thread runs allreduce on its new communicator concurrently, of a derived datatype
 *       (every other long of an array), whose holes must keep their values.
 * </ol>
 */
public final class Demo {
    /**
     * What {@code ./mpiverify demo} runs, checked: a usage error is an {@link IllegalArgumentException} naming
     * the option.
     *
     * @param ranks       2-64
     * @param threads     threads per rank, 1-64
     * @param messages    messages per thread, 1-1,000,000
     * @param granularity the critical sections; not an experimental (unsafe) one, which only the audit uses
     * @param matching    the matching engine
     */
    public record Options(int ranks, int threads, int messages, Granularity granularity, MatchingKind matching) {
        public Options {
            inRange("--ranks", ranks, 2, 64);
            inRange("--threads", threads, 1, 64);
            inRange("--messages", messages, 1, 1_000_000);
            if (granularity.isExperimental()) {
                throw new IllegalArgumentException("granularity " + granularity
                        + " is experimental and unsafe; the audit uses it, the demo does not");
            }
        }

        private static void inRange(String option, int value, int min, int max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(option + " must be in [" + min + ", " + max + "], not " + value);
            }
        }
    }

    private final int ranks;
    private final int threads;
    private final int messages;
    private final JobConfig config;
    private final PrintStream out;

    private Demo(JobConfig config, int threads, int messages, PrintStream out) {
        this.ranks = config.ranks();
        this.config = config;
        this.threads = threads;
        this.messages = messages;
        this.out = out;
    }

    /** {@code ./mpiverify demo}: runs it and prints what happened; 0 if every phase checked out, else 1. */
    public static int run(Options o, PrintStream out) {
        return run(JobConfig.of(o.ranks()).withGranularity(o.granularity()).withMatching(o.matching()), o.threads(),
                o.messages(), out);
    }

    /**
     * The demo on {@code config} (at least 2 ranks; {@code ./mpiverify trace --demo} passes one that records), with
     * {@code threads} threads per rank and {@code messages} messages per thread; 0 if every phase checked out.
     */
    public static int run(JobConfig config, int threads, int messages, PrintStream out) {
        return new Demo(config, threads, messages, out).run();
    }

    private int run() {
        out.printf("mpiverify demo: %s, %d threads per rank, %d messages per thread pair%n", config, threads, messages);
        ConcurrentLinkedQueue<String> log = new ConcurrentLinkedQueue<>();
        AtomicLong[] phaseNanos = {new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong()};
        JobResult result = Job.run(config, mpi -> rankMain(mpi, log, phaseNanos), Duration.ofMinutes(2));
        String[] names = {"point-to-point with wildcards", "matched probe, unknown sizes",
            "concurrent dup + createGroup", "concurrent allreduce"};
        for (int i = 0; i < names.length; i++) {
            out.printf("  %-32s %8.2f ms (slowest rank)%n", names[i], phaseNanos[i].get() / 1e6);
        }
        log.stream().sorted().forEach(l -> out.println("  " + l));
        out.println(result.describe());
        return result.ok() ? 0 : 1;
    }

    private void rankMain(Mpi mpi, ConcurrentLinkedQueue<String> log, AtomicLong[] phaseNanos) throws Exception {
        ThreadLevel provided = mpi.initThread(ThreadLevel.MULTIPLE);
        if (provided != ThreadLevel.MULTIPLE) {
            throw new IllegalStateException("needs THREAD_MULTIPLE, got " + provided);
        }
        Comm world = mpi.commWorld();
        int me = world.rank();

        // Phase 1: all-to-all traffic from every thread, one receiver thread per rank with wildcards; the
        // senders send every other int of a strided array (a derived datatype), the receiver gets three INTs.
        DerivedDatatype strided = DerivedDatatype.vector(3, 1, 2, Datatype.INT);
        strided.commit();
        world.barrier();
        long t0 = System.nanoTime();
        int expected = (ranks - 1) * threads * messages;
        long[] sum = new long[1];
        runThreads(threads + 1, t -> {
            if (t == threads) {
                int[] msg = new int[3];
                for (int i = 0; i < expected; i++) {
                    Status s = world.recv(msg, 0, 3, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    if (msg[0] != s.source() || msg[1] != s.tag() || msg[2] != payload(s.source(), s.tag(), me)) {
                        throw new IllegalStateException("wrong message " + java.util.Arrays.toString(msg) + " " + s);
                    }
                    sum[0] += msg[2];
                }
            } else {
                for (int m = 0; m < messages; m++) {
                    for (int dest = 0; dest < ranks; dest++) {
                        if (dest != me) {
                            world.send(new int[] {me, -1, t, -1, payload(me, t, dest)}, 0, 1, strided, dest, t);
                        }
                    }
                }
            }
        });
        strided.free();
        phaseNanos[0].accumulateAndGet(System.nanoTime() - t0, Math::max);
        log.add("rank " + me + ": received " + expected + " wildcard messages, checksum " + sum[0]);

        // Phase 2: rank 0's threads receive messages of unknown size with mprobe/mrecv.
        world.barrier();
        t0 = System.nanoTime();
        int perSender = threads * 4;
        if (me == 0) {
            int total = (ranks - 1) * perSender;
            java.util.concurrent.atomic.AtomicInteger received = new java.util.concurrent.atomic.AtomicInteger();
            int perThread = total / threads;   // perSender is a multiple of threads
            runThreads(threads, t -> {
                for (int i = 0; i < perThread; i++) {
                    Status[] st = new Status[1];
                    Message msg = world.mprobe(Mpi.ANY_SOURCE, 99, st);     // blocks; no lock held
                    byte[] buf = new byte[st[0].count(Datatype.BYTE)];      // size known only now
                    msg.mrecv(buf, 0, buf.length, Datatype.BYTE);
                    if (buf.length != 1 + (buf[0] & 0xff) || buf[buf.length - 1] != buf[0]) {
                        throw new IllegalStateException("matched message corrupted");
                    }
                    received.incrementAndGet();
                }
            });
            log.add("rank 0: " + threads + " threads received " + received.get() + " messages of unknown size by mprobe/mrecv");
        } else {
            for (int i = 0; i < perSender; i++) {
                int len = 1 + ((me * 31 + i * 7) % 200);
                byte[] b = new byte[len];
                java.util.Arrays.fill(b, (byte) (len - 1));
                world.send(b, 0, len, Datatype.BYTE, 0, 99);
            }
        }
        phaseNanos[1].accumulateAndGet(System.nanoTime() - t0, Math::max);

        // Phase 3: per-thread parents (made by the main thread), then concurrent dup and createGroup.
        world.barrier();
        List<Comm> parents = new ArrayList<>();
        // An attribute on every parent (Gropp & Thakur §3, Read List / Update List): each concurrent dup runs its
        // copy callback, each free its delete callback.
        AtomicInteger deletions = new AtomicInteger();
        Keyval generation = mpi.createKeyval((old, key, extra, value) -> (Integer) value + 1,
                (comm, key, value, extra) -> deletions.incrementAndGet(), null);
        for (int t = 0; t < threads; t++) {
            parents.add(world.dup());
            parents.get(t).setAttr(generation, 10 * t);
        }
        Comm[] dups = new Comm[threads];
        Comm[] groups = new Comm[threads];
        t0 = System.nanoTime();
        runThreads(threads, t -> {
            dups[t] = parents.get(t).dup();
            // Several threads create from the SAME parent (world) at once: pairs {me, me+1+t}.
            Group pair = world.group().incl(t % 2 == 0 ? new int[] {0, 1} : new int[] {ranks - 2, ranks - 1});
            if (pair.rank() != Mpi.UNDEFINED) {
                groups[t] = world.createGroup(pair, t);
            }
        });
        phaseNanos[2].accumulateAndGet(System.nanoTime() - t0, Math::max);
        StringBuilder ids = new StringBuilder();
        for (int t = 0; t < threads; t++) {
            if (!Integer.valueOf(10 * t + 1).equals(dups[t].getAttr(generation))) {
                throw new IllegalStateException("dup of thread " + t + " carries attribute " + dups[t].getAttr(generation)
                        + ", not its parent's " + 10 * t + " plus one");
            }
            ids.append(dups[t].contextId()).append(groups[t] == null ? "" : "/" + groups[t].contextId()).append(' ');
        }
        log.add("rank " + me + ": context ids (dup/createGroup) per thread: " + ids.toString().trim());

        // Phase 4: concurrent allreduce, one per thread, each on its own communicator, of a derived datatype
        // (every other long): the sums land in r[0] and r[2], the hole r[1] keeps its value.
        DerivedDatatype everyOther = DerivedDatatype.vector(2, 1, 2, Datatype.LONG);
        everyOther.commit();
        t0 = System.nanoTime();
        runThreads(threads, t -> {
            long[] v = {me + 1, -1, t};
            long[] r = {0, -7, 0};
            dups[t].allreduce(v, 0, r, 0, 1, everyOther, Op.SUM);
            if (r[0] != (long) ranks * (ranks + 1) / 2 || r[1] != -7 || r[2] != (long) t * ranks) {
                throw new IllegalStateException("allreduce gave " + java.util.Arrays.toString(r));
            }
        });
        everyOther.free();
        phaseNanos[3].accumulateAndGet(System.nanoTime() - t0, Math::max);
        for (int t = 0; t < threads; t++) {
            dups[t].free();
            parents.get(t).free();
            if (groups[t] != null) {
                groups[t].free();
            }
        }
        if (deletions.get() != 2 * threads) {
            throw new IllegalStateException(deletions.get() + " attribute deletions on freeing " + threads
                    + " parents and their dups, not " + 2 * threads);
        }
        generation.free();
        mpi.finalizeMpi();
    }

    private static int payload(int source, int tag, int dest) {
        return source * 1_000_003 + tag * 1009 + dest;
    }

    private interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /** Runs {@code n} platform threads of this rank and rethrows the first failure. */
    private static void runThreads(int n, ThreadBody body) throws Exception {
        Thread[] ts = new Thread[n];
        Throwable[] fail = new Throwable[1];
        for (int i = 0; i < n; i++) {
            int t = i;
            ts[i] = Thread.ofPlatform().daemon(true).start(() -> {
                try {
                    body.run(t);
                } catch (Throwable e) {
                    synchronized (fail) {
                        if (fail[0] == null) {
                            fail[0] = e;
                        }
                    }
                }
            });
        }
        for (Thread t : ts) {
            t.join();
        }
        if (fail[0] != null) {
            throw new Exception("a thread failed: " + fail[0], fail[0]);
        }
    }
}
