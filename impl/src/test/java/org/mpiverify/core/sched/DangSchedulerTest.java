package org.mpiverify.core.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.sync.SpinThenParkLock;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.SchedulerStep;
import org.mpiverify.core.trace.TraceRecorder;

/** The scheduler's promises: threads run on its workers, a signal makes a waiting thread run, no lost wake-up. */
class DangSchedulerTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void threadsRunOnTheWorkersAndInheritTheScheduler() throws Exception {
        try (DangScheduler s = new DangScheduler("t", 2, 512)) {
            AtomicReference<Boolean> parent = new AtomicReference<>();
            AtomicReference<Boolean> child = new AtomicReference<>();
            Thread t = s.threads().start(() -> {
                parent.set(DangScheduler.onScheduler());
                Thread c = Thread.ofVirtual().start(() -> child.set(DangScheduler.onScheduler()));
                joinUnchecked(c);
            });
            join(t);
            assertEquals(Boolean.TRUE, parent.get(), "a thread of the scheduler runs on a worker");
            assertEquals(Boolean.TRUE, child.get(), "a virtual thread it starts runs on the scheduler too");
            assertTrue(!DangScheduler.onScheduler(), "the test thread is not on a scheduler");
            awaitNoLiveThreads(s);
        }
    }

    /** ThreadSignal from another thread wakes a thread in ThreadWait; many rounds, so a lost wake-up hangs. */
    @Test
    void everySignalOfAWaitingThreadMakesItRun() throws Exception {
        try (DangScheduler s = new DangScheduler("t", 1, 512)) {
            int rounds = 20_000;
            AtomicInteger turn = new AtomicInteger();
            Thread[] pair = new Thread[2];
            for (int k = 0; k < 2; k++) {
                int me = k;
                pair[k] = s.threads().unstarted(() -> {
                    for (int i = 0; i < rounds; i++) {
                        while (turn.get() % 2 != me) {
                            LockSupport.park();
                        }
                        turn.incrementAndGet();
                        LockSupport.unpark(pair[1 - me]);
                    }
                });
            }
            pair[0].start();
            pair[1].start();
            join(pair[0]);
            join(pair[1]);
            assertEquals(2 * rounds, turn.get());
        }
    }

    /** A platform thread signals; the worker may be asleep (the Dekker hand-shake of BitVectorWorker). */
    @Test
    void aSignalFromOutsideWakesASleepingWorker() throws Exception {
        try (DangScheduler s = new DangScheduler("t", 1, 512)) {
            for (int i = 0; i < 2_000; i++) {
                CountDownLatch go = new CountDownLatch(1);
                Thread t = s.threads().start(() -> await(go));
                go.countDown();
                join(t);
            }
        }
    }

    /**
     * One worker: a thread blocks on a lock (the core's own and a {@code ReentrantLock}) held by another
     * thread of the same worker that is itself waiting; the worker must stay free to run the holder.
     */
    @Test
    void aThreadBlockedOnALockDoesNotBlockItsWorker() throws Exception {
        try (DangScheduler s = new DangScheduler("t", 1, 512)) {
            for (java.util.concurrent.locks.Lock lock : List.of(new SpinThenParkLock(), new ReentrantLock())) {
                CountDownLatch holding = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                Thread holder = s.threads().start(() -> {
                    lock.lock();
                    try {
                        holding.countDown();
                        await(release);
                    } finally {
                        lock.unlock();
                    }
                });
                Thread blocked = s.threads().start(() -> {
                    await(holding);
                    lock.lock();
                    lock.unlock();
                });
                Thread releaser = s.threads().start(() -> {
                    await(holding);
                    release.countDown();
                });
                join(releaser);
                join(holder);
                join(blocked);
            }
        }
    }

    @Test
    void aWorkerRefusesThreadsBeyondItsBitVector() throws Exception {
        try (DangScheduler s = new DangScheduler("t", 1, 512)) {
            CountDownLatch end = new CountDownLatch(1);
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < 512; i++) {
                ts.add(s.threads().start(() -> await(end)));
            }
            assertInstanceOf(RejectedExecutionException.class,
                    assertThrows(RuntimeException.class, () -> s.threads().start(() -> { })));
            end.countDown();
            for (Thread t : ts) {
                join(t);
            }
            awaitNoLiveThreads(s);
            join(s.threads().start(() -> { })); // ended threads' slots are reused
        }
    }

    @Test
    void timedWaitsAndYieldsComeBack() throws Exception {
        try (DangScheduler s = new DangScheduler("t", 1, 512)) {
            AtomicInteger n = new AtomicInteger();
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                ts.add(s.threads().start(() -> {
                    for (int k = 0; k < 50; k++) {
                        LockSupport.parkNanos(100_000);
                        Thread.yield();
                        n.incrementAndGet();
                    }
                }));
            }
            for (Thread t : ts) {
                join(t);
            }
            assertEquals(400, n.get());
        }
    }

    /**
     * {@code close} stops the workers ({@link DangScheduler#close}), also a worker that has gone idle and parked:
     * once close has returned, the worker has ended. Each round starts a one-worker scheduler, runs one thread on
     * it (which names its worker), waits for the worker to park with nothing to run, and closes it. A shutdown
     * that woke the worker before it asked it to stop lets the woken worker find nothing to do and park again for
     * good: close then gives up after its 2 s join and the worker lives on. That needs the closing thread to be
     * taken off its core between the two (on 2 loaded cores the woken worker often preempts its waker there).
     */
    @Test
    void closeEndsAnIdleParkedWorker() throws Exception {
        for (int round = 0; round < 300; round++) {
            AtomicReference<Thread> worker = new AtomicReference<>();
            DangScheduler s = new DangScheduler("close-" + round, 1, 512);
            try {
                join(s.threads().start(() -> worker.set(JdkVirtualThreads.carrier())));
                awaitParked(worker.get());
            } finally {
                s.close();
            }
            assertTrue(!worker.get().isAlive(), "round " + round + ": the idle worker " + worker.get().getName()
                    + " still runs after close returned (" + worker.get().getState() + ")");
        }
    }

    /**
     * A recorded worker records its sleep hand-shake in the order the scheduler's trace spec
     * ({@code specs/scheduler/BitVectorSchedulerTrace.tla}) takes it: Idle (the decision to sleep), Announce, Recheck
     * (the re-read of the index after the announcement, which decides the park), then Awake once the park returned;
     * a trace with Recheck before Announce says the worker re-read before it announced, the order that loses a
     * signal. One worker goes idle, parks, is woken by a thread started on it, goes idle again and is closed.
     */
    @Test
    void aRecordedWorkerRecordsItsSleepHandshakeInTheSpecsOrder() throws Exception {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.SCHEDULER), false);
        AtomicReference<Thread> worker = new AtomicReference<>();
        DangScheduler s = new DangScheduler("recorded", 1, 512, rec);
        try {
            join(s.threads().start(() -> worker.set(JdkVirtualThreads.carrier())));
            awaitParked(worker.get());
            join(s.threads().start(() -> { }));
            awaitParked(worker.get());
        } finally {
            s.close();
        }
        List<SchedulerStep.Kind> handshake = new ArrayList<>();
        for (RecordedEvent e : rec.events()) {
            if (e.step() instanceof SchedulerStep step && SLEEP_HANDSHAKE.contains(step.kind())) {
                handshake.add(step.kind());
            }
        }
        assertTrue(handshake.size() >= 8, "the worker slept fewer than twice: " + handshake);
        for (int i = 0; i < handshake.size(); i++) {
            assertEquals(SLEEP_HANDSHAKE.get(i % 4), handshake.get(i), "step " + i + " of the sleep hand-shake "
                    + handshake);
        }
    }

    /** The spec's sleep hand-shake, in its order. */
    private static final List<SchedulerStep.Kind> SLEEP_HANDSHAKE = List.of(SchedulerStep.Kind.IDLE,
            SchedulerStep.Kind.ANNOUNCE, SchedulerStep.Kind.RECHECK, SchedulerStep.Kind.AWAKE);

    /** Waits (bounded) until {@code t} is parked with nothing to do: WAITING, which an idle worker is only in its park. */
    private static void awaitParked(Thread t) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        for (int spins = 0; t.getState() != Thread.State.WAITING; spins++) {
            if (System.nanoTime() > end) {
                throw new AssertionError(t + " never parked: " + t.getState());
            }
            if (spins > 1_000) {
                Thread.yield();
            }
        }
    }

    static void join(Thread t) throws InterruptedException {
        if (!t.join(DEADLINE)) {
            throw new AssertionError(t + " did not end within " + DEADLINE + "\n" + org.mpiverify.mpi.Job.threadDump());
        }
    }

    private static void joinUnchecked(Thread t) {
        try {
            join(t);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void await(CountDownLatch l) {
        try {
            if (!l.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void awaitNoLiveThreads(DangScheduler s) throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (s.liveThreads() != 0) {
            if (System.nanoTime() > end) {
                throw new AssertionError("slots not freed: " + s);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }
}
