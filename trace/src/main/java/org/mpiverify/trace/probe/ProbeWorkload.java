package org.mpiverify.trace.probe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.Status;
import org.mpiverify.mpi.ThreadLevel;

/**
 * The probe workload of the trace validation (Hoefler et al. §2-§3): rank 0 receives with {@code threads}
 * threads on a communicator of its own; every other rank (rank 1 only for {@link Variant#PROBE_THEN_RECV})
 * sends them their messages first, in chunks of {@code CHUNK} rounds, all of them eager, then the receiving
 * threads start together, so they find a queue full of a chunk's messages and probe it at once; the next chunk
 * is sent once they have received this one, so the queue, and the trace spec's state, stay the same size
 * however long the run. Neighbouring messages of a sender have different sizes (message k carries
 * 1 + k mod 64 ints), so a receive that gets another message than its probe saw shows in the received count.
 */
public final class ProbeWorkload {
    /** How the receiving threads receive a message of unknown size. */
    public enum Variant {
        /** mprobe(ANY_SOURCE, ANY_TAG) then mrecv: no false match (Hoefler et al. §3). */
        MPROBE,
        /** probe(ANY_SOURCE, own tag) then recv(probed source, probed tag): each thread has a tag of its own,
         *  so no other thread can take its message; correct. */
        PROBE_OWN_TAG,
        /** Known bad: probe(ANY_SOURCE, ANY_TAG) then recv(probed source, probed tag) in every thread, the
         *  probe/recv race of Hoefler et al. §2: another thread can receive the probed message in between.
         *  Only rank 1 sends, with one tag: with two senders a thread can wait forever in a receive whose
         *  message another thread took (the spec's probe_stolen_message deadlock); with one envelope every
         *  receive gets some message, so the run ends and its trace shows the false match. */
        PROBE_THEN_RECV;

        /** The name on the command line: {@code mprobe}, {@code probe-own-tag}, {@code probe-then-recv}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The variant named {@code id} ({@link #id()} or the enum name). */
        public static Variant of(String id) {
            for (Variant v : values()) {
                if (v.id().equalsIgnoreCase(id) || v.name().equalsIgnoreCase(id)) return v;
            }
            throw new IllegalArgumentException("no probe variant " + id + "; one of mprobe, probe-own-tag, probe-then-recv");
        }

        /** True for the known-bad variant, whose traces the spec must reject once the race is hit. */
        public boolean knownBad() {
            return this == PROBE_THEN_RECV;
        }
    }

    /** A run's job result and how many receives got another message than their probe saw. */
    public record Outcome(JobResult result, int falseMatches) {}

    /** Message lengths cycle through 1..SIZES ints (256 bytes at most: the core's smallest eager packet). */
    private static final int SIZES = 64;

    /** Rounds per chunk: the queue rank 0's threads start on holds at most this many rounds' messages. */
    private static final int CHUNK = 8;

    /** The rounds of chunk {@code chunk} of a run of {@code rounds}: CHUNK, the last one the rest. */
    private static int roundsOf(int chunk, int rounds) {
        return Math.min(CHUNK, rounds - chunk * CHUNK);
    }

    private ProbeWorkload() {}

    /**
     * Runs the workload on {@code config}'s ranks (at least 2): rank 0 receives with {@code threads} threads,
     * each receiving {@code rounds} messages from every sending rank.
     */
    public static Outcome run(JobConfig config, Variant variant, int threads, int rounds, Duration deadline) {
        if (config.ranks() < 2) throw new IllegalArgumentException("the probe workload needs 2 ranks or more");
        AtomicInteger falseMatches = new AtomicInteger();
        JobResult r = Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            Comm c = world.dup();
            int senders = variant == Variant.PROBE_THEN_RECV ? 1 : c.size() - 1;
            // in chunks of CHUNK rounds: the senders send a chunk's messages, then all meet in a barrier, and rank 0's
            // threads receive them all before the next chunk, so the queue holds one chunk however long the run
            int chunks = (rounds + CHUNK - 1) / CHUNK;
            if (c.rank() > senders) {
                for (int chunk = 0; chunk < chunks; chunk++) c.barrier();
            } else if (c.rank() != 0) {
                int k = 0;
                for (int chunk = 0; chunk < chunks; chunk++) {
                    for (int end = threads * roundsOf(chunk, rounds); end > 0; end--, k++) {
                        // sizes differ between neighbours (a false match shows in the bytes) and stay small: a
                        // chunk's messages are all sent before rank 0 receives, so they must fit rank 0's
                        // unexpected budget, or the senders are held back and the barrier never comes
                        int n = 1 + k % SIZES;
                        int[] buf = new int[n];
                        buf[0] = k;
                        c.send(buf, 0, n, Datatype.INT, 0, variant == Variant.PROBE_OWN_TAG ? k % threads : 0);
                    }
                    c.barrier();
                }
            } else {
                List<Thread> workers = new ArrayList<>();
                List<Throwable> failures = new ArrayList<>();
                CyclicBarrier start = new CyclicBarrier(threads + 1);   // a chunk has arrived: the threads start together
                CyclicBarrier done = new CyclicBarrier(threads + 1);    // ... and all of it is received
                for (int t = 0; t < threads; t++) {
                    int me = t;
                    workers.add(Thread.ofPlatform().name("probe-t" + t).start(() -> {
                        try {
                            int[] buf = new int[SIZES];
                            for (int chunk = 0; chunk < chunks; chunk++) {
                                start.await();
                                for (int i = roundsOf(chunk, rounds) * senders; i > 0; i--) {
                                    if (receiveOne(c, variant, me, buf)) falseMatches.incrementAndGet();
                                }
                                done.await();
                            }
                        } catch (Throwable e) {
                            synchronized (failures) {
                                failures.add(e);
                            }
                            start.reset();   // the others' waits end (BrokenBarrierException) instead of hanging
                            done.reset();
                        }
                    }));
                }
                try {
                    for (int chunk = 0; chunk < chunks; chunk++) {
                        c.barrier();                  // the chunk's messages have all arrived
                        start.await();
                        done.await();
                    }
                } finally {
                    for (Thread w : workers) w.join();
                }
                if (!failures.isEmpty()) throw new IllegalStateException("a probe thread failed", failures.getFirst());
            }
            c.free();
            mpi.finalizeMpi();
        }, deadline);
        return new Outcome(r, falseMatches.get());
    }

    /** Receives one message; true if it is not the one the probe saw. */
    private static boolean receiveOne(Comm c, Variant variant, int me, int[] buf) {
        switch (variant) {
            case MPROBE -> {
                Status[] st = new Status[1];
                Message m = c.mprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, st);
                Status got = m.mrecv(buf, 0, buf.length, Datatype.INT);
                return got.bytes() != st[0].bytes();
            }
            case PROBE_OWN_TAG -> {
                Status p = c.probe(Mpi.ANY_SOURCE, me);
                Status got = c.recv(buf, 0, buf.length, Datatype.INT, p.source(), p.tag());
                return got.bytes() != p.bytes();
            }
            default -> {
                Status p = c.probe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                Status got = c.recv(buf, 0, buf.length, Datatype.INT, p.source(), p.tag());
                return got.bytes() != p.bytes();
            }
        }
    }
}
