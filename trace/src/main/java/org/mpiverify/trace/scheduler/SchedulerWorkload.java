package org.mpiverify.trace.scheduler;

import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.mpiverify.core.sched.DangScheduler;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.ThreadMode;

/**
 * The bit-vector scheduler's workload of trace validation: on one worker, a driver thread and {@code threads}
 * threads pass a token round a ring ({@link LockSupport#unpark}: a signal from a thread of the same worker), each
 * thread yielding once it holds it (the JDK hands a yielding thread back from the worker's own call: a signal of a
 * thread still on the worker); after each round the driver pauses 200 µs, long enough for the worker to find nothing
 * and sleep, and its timed park ends on the JDK's timer thread (a signal from outside that must wake the worker).
 *
 * <p>{@link #run}: inside a job (the core's own scheduler, made by {@code Job} for the rank, records through the
 * job's recorder). {@link #drive}: on a scheduler of its own, real or, loaded in a class loader that puts a twin in
 * a class's place, known-bad; the recording then ends once every thread of the run has ended, which the trace's end
 * checks (every thread handed over has run).
 */
public final class SchedulerWorkload {
    /** Threads of one worker's bit-vector: one group of words. */
    static final int CAPACITY = 512;
    /** The fact that says every thread of the run had ended when the recording was read. */
    public static final String CLOSED = "scheduler.closed";
    /** Each wait for the token parks at most this long before it looks again (and at the deadline). */
    private static final long SLICE_NANOS = 20_000_000L;
    /** The driver's pause between rounds: the worker idles and sleeps in it. */
    private static final long PAUSE_NANOS = 200_000L;

    private SchedulerWorkload() {}

    /** About {@code events} events in a job of one rank on one worker ({@code trace --workload}): measured, 40 a thread and round. */
    public static JobResult run(JobConfig config, int threads, int events, Duration deadline) {
        int rounds = Math.max(1, events / (40 * threads));
        long end = System.nanoTime() + deadline.toNanos();
        return Job.run(config.withThreads(ThreadMode.dang(1, CAPACITY)), mpi -> ring(threads, rounds, end), deadline);
    }

    /**
     * The ring on a scheduler of its own with one worker, recorded; returns the recorder once every thread has ended
     * (fact {@link #CLOSED}), or with the fact false if the deadline passed first.
     */
    public static TraceRecorder drive(int threads, int rounds, Duration deadline) throws InterruptedException {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.SCHEDULER), false);
        long end = System.nanoTime() + deadline.toNanos();
        boolean closed = false;
        try (DangScheduler s = new DangScheduler("trace-sched", 1, CAPACITY, rec)) {
            Thread driver = s.threads().name("ring-driver").start(() -> {
                try {
                    ring(threads, rounds, end);
                } catch (TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            });
            driver.join(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            while (s.liveThreads() > 0 && System.nanoTime() < end) {
                LockSupport.parkNanos(100_000);   // the worker frees a slot after it records the thread's end
            }
            closed = !driver.isAlive() && s.liveThreads() == 0;
        }
        rec.fact(CLOSED, closed);
        return rec;
    }

    /** The ring, run by a thread of the scheduler: its threads inherit the scheduler. */
    static void ring(int threads, int rounds, long end) throws TimeoutException {
        AtomicIntegerArray tokens = new AtomicIntegerArray(threads + 1);   // slot `threads`: the driver's
        Thread[] ring = new Thread[threads + 1];
        ring[threads] = Thread.currentThread();
        for (int i = 0; i < threads; i++) {
            int me = i;
            ring[i] = Thread.ofVirtual().name("ring-" + i).unstarted(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        take(tokens, me, end);
                        Thread.yield();
                        give(tokens, ring, me + 1);
                    }
                } catch (TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        for (int i = 0; i < threads; i++) ring[i].start();
        for (int r = 0; r < rounds; r++) {
            give(tokens, ring, 0);
            take(tokens, threads, end);
            LockSupport.parkNanos(PAUSE_NANOS);   // pacing, not synchronization: lets the worker go to sleep
        }
        for (int i = 0; i < threads; i++) {
            try {
                ring[i].join(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void give(AtomicIntegerArray tokens, Thread[] ring, int i) {
        tokens.incrementAndGet(i);
        LockSupport.unpark(ring[i]);
    }

    private static void take(AtomicIntegerArray tokens, int i, long end) throws TimeoutException {
        while (tokens.get(i) == 0) {
            if (System.nanoTime() - end > 0) throw new TimeoutException("ring member " + i + ": no token by the deadline");
            LockSupport.parkNanos(SLICE_NANOS);
        }
        tokens.decrementAndGet(i);
    }
}
