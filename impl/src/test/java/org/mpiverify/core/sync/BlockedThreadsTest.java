package org.mpiverify.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.request.Completion;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@link BlockedThreads}: registrations are counted and listed, {@code wakeAll} unparks every registered
 * thread, and the register-then-check protocol never loses an abort, while the check-then-register order
 * does (forced schedule): so the order the class comment prescribes is the one that matters.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ExtendWith(ThreadDumpOnFailure.class)
class BlockedThreadsTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void registrationsAreCountedListedAndRemoved() {
        BlockedThreads b = new BlockedThreads(4);
        List<Thread> ts = new ArrayList<>();
        List<BlockedThreads.Entry> es = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Thread t = Thread.ofVirtual().unstarted(() -> { });
            ts.add(t);
            es.add(b.add(t));
        }
        assertEquals(100, b.size());
        assertEquals(new HashSet<>(ts), new HashSet<>(b.snapshot(1_000)));
        assertEquals(10, b.snapshot(10).size(), "a snapshot stops at its bound");
        for (int i = 0; i < 100; i += 2) {
            b.remove(es.get(i));        // from the middle, the head and the tail of the stripes' lists
        }
        assertEquals(50, b.size());
        for (int i = 1; i < 100; i += 2) {
            assertTrue(b.snapshot(1_000).contains(ts.get(i)));
            b.remove(es.get(i));
        }
        assertEquals(0, b.size());
        assertEquals(List.of(), b.snapshot(1_000));
    }

    /** A waiter of the protocol: register, check the flag, park without a timeout; loop until the flag is seen. */
    private static void waitRegisteredFirst(BlockedThreads b, AtomicBoolean aborted) {
        BlockedThreads.Entry e = b.add(Thread.currentThread());
        try {
            while (!aborted.get()) {
                LockSupport.park(b);
            }
        } finally {
            b.remove(e);
        }
    }

    @Test
    void wakeAllEndsEveryParkedWaiterThousandsOfVirtualThreads() throws InterruptedException {
        BlockedThreads b = new BlockedThreads();
        AtomicBoolean aborted = new AtomicBoolean();
        AtomicInteger ended = new AtomicInteger();
        int n = 10_000;
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ts.add(Thread.ofVirtual().start(() -> {
                waitRegisteredFirst(b, aborted);
                ended.incrementAndGet();
            }));
        }
        aborted.set(true);            // the flag first, then the wake-up: as Job.abort
        b.wakeAll();
        for (Thread t : ts) {
            assertTrue(t.join(DEADLINE), "a waiter missed the abort");
        }
        assertEquals(n, ended.get());
        assertEquals(0, b.size());
    }

    @Test
    void anAbortRacingRegistrationsIsNeverLost() throws InterruptedException {
        for (int round = 0; round < 500; round++) {
            BlockedThreads b = new BlockedThreads(1);   // one stripe: every registration meets the sweep
            AtomicBoolean aborted = new AtomicBoolean();
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                ts.add(Thread.ofPlatform().start(() -> {
                    awaitQuietly(go);
                    waitRegisteredFirst(b, aborted);
                }));
            }
            Thread aborter = Thread.ofPlatform().start(() -> {
                awaitQuietly(go);
                aborted.set(true);
                b.wakeAll();
            });
            go.countDown();
            aborter.join();
            for (Thread t : ts) {
                assertTrue(t.join(DEADLINE), "round " + round + ": a waiter that registered missed the abort");
            }
        }
    }

    /**
     * The wrong order, with the race forced: the waiter checks the flag (not set), the abort happens
     * (flag, then wakeAll finds nobody), and only then the waiter registers and parks. It would sleep
     * forever; here it parks with a 300 ms timeout, which must run out.
     */
    @Test
    void checkingBeforeRegisteringLosesTheAbort() throws InterruptedException {
        BlockedThreads b = new BlockedThreads();
        AtomicBoolean aborted = new AtomicBoolean();
        CountDownLatch checked = new CountDownLatch(1);
        CountDownLatch abortDone = new CountDownLatch(1);
        AtomicBoolean timedOut = new AtomicBoolean();
        Thread waiter = Thread.ofPlatform().start(() -> {
            boolean seen = aborted.get();           // THE WRONG ORDER: check ...
            checked.countDown();
            awaitQuietly(abortDone);
            BlockedThreads.Entry e = b.add(Thread.currentThread()); // ... then register
            try {
                if (!seen) {
                    long t0 = System.nanoTime();
                    LockSupport.parkNanos(b, TimeUnit.MILLISECONDS.toNanos(300));
                    timedOut.set(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(300));
                }
            } finally {
                b.remove(e);
            }
        });
        awaitQuietly(checked);
        aborted.set(true);
        b.wakeAll();
        abortDone.countDown();
        assertTrue(waiter.join(DEADLINE));
        assertTrue(timedOut.get(), "the check-then-register waiter was woken: the test cannot show the lost abort");
    }

    @Test
    void aCompletionWaitRegistersOnlyWhileParkedAndAnAbortEndsIt() throws InterruptedException {
        BlockedThreads b = new BlockedThreads();
        AtomicBoolean aborted = new AtomicBoolean();
        Completion c = new Completion();
        WaitPolicy noSpin = new WaitPolicy(0, 0, 0, Long.MAX_VALUE);   // a huge slice: only the registry can wake it
        AtomicBoolean result = new AtomicBoolean(true);
        Thread waiter = Thread.ofVirtual().start(() -> result.set(c.await(aborted::get, noSpin, null, b)));
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (b.size() == 0) {
            assertTrue(System.nanoTime() < deadline, "the waiter never registered");
            LockSupport.parkNanos(1_000_000);
        }
        aborted.set(true);
        b.wakeAll();
        assertTrue(waiter.join(DEADLINE), "the abort did not end the untimed park");
        assertFalse(result.get(), "an aborted wait returns false");
        assertEquals(0, b.size(), "the wait deregistered");
    }

    /** Runs {@code body} in {@code n} platform threads started together; fails if one does not end within the deadline. */
    private static void inThreads(int n, Runnable body) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ts.add(Thread.ofPlatform().start(() -> {
                awaitQuietly(go);
                body.run();
            }));
        }
        go.countDown();
        for (Thread t : ts) {
            assertTrue(t.join(DEADLINE), "a churning thread did not finish (a list left corrupt?)");
        }
    }

    /**
     * Registrations and deregistrations racing on one stripe keep its list and its count exact: every
     * link and the count change under the stripe's lock. An unlink made in two sections, or from a
     * neighbour read before the lock, loses or resurrects entries; a count changed after the unlock loses
     * updates. Checked when quiescent, as {@code size} promises.
     */
    @Test
    void churningRegistrationsOnOneStripeKeepItsListAndCountExact() throws InterruptedException {
        for (int round = 0; round < 5; round++) {
            BlockedThreads b = new BlockedThreads(1);
            Thread me = Thread.currentThread();
            List<BlockedThreads.Entry> kept = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                kept.add(b.add(me));       // long-lived entries behind the churn
            }
            inThreads(4, () -> {
                for (int i = 0; i < 50_000; i++) {
                    b.remove(b.add(Thread.currentThread()));
                }
            });
            assertEquals(4, b.size(), "round " + round + ": the count after the churn");
            assertEquals(List.of(me, me, me, me), b.snapshot(1_000), "round " + round + ": the list after the churn");
            for (BlockedThreads.Entry e : kept) {
                b.remove(e);
            }
            assertEquals(0, b.size());
            assertEquals(List.of(), b.snapshot(1_000));
        }
    }

    /**
     * A registration that takes the stripe while a removal waits for it is counted: {@code size} is exact when
     * quiescent, so a removal must read the count it decrements under the stripe's lock, after any registration
     * that took the lock first. The schedule is forced: the test holds the stripe's lock, a registration queues
     * on it, then a removal; the lock hands over in queue order, so the registration links and counts first.
     */
    @Test
    void aRegistrationThatTakesTheStripeBeforeAWaitingRemovalIsCounted() throws InterruptedException {
        BlockedThreads b = new BlockedThreads(1);
        BlockedThreads.Entry leaving = b.add(Thread.currentThread());
        BlockedThreads.Stripe stripe = leaving.stripe;
        List<BlockedThreads.Entry> added = new ArrayList<>();
        Thread adder = Thread.ofPlatform().unstarted(() -> added.add(b.add(Thread.currentThread())));
        Thread remover = Thread.ofPlatform().unstarted(() -> b.remove(leaving));
        stripe.lock();
        try {
            adder.start();
            awaitQueued(stripe, adder);
            remover.start();
            awaitQueued(stripe, remover);
        } finally {
            stripe.unlock();
        }
        assertTrue(adder.join(DEADLINE) && remover.join(DEADLINE), "the adder or the remover did not end");
        assertEquals(List.of(adder), b.snapshot(10), "the list once both are done");
        assertEquals(1, b.size(), "the count once both are done: the registration made while the removal waited "
                + "for the stripe is lost from it");
        b.remove(added.getFirst());
        assertEquals(0, b.size());
    }

    /** Waits (bounded) until {@code t} is queued on {@code lock}, past its spins and yields. */
    private static void awaitQueued(SpinThenParkLock lock, Thread t) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!lock.isQueued(t)) {
            assertTrue(System.nanoTime() - end < 0, t + " never queued on the stripe: " + t.getState());
            Thread.yield();
        }
    }

    /**
     * A snapshot lists every thread that stays registered throughout it, whatever registers and leaves
     * around it: the walk of a stripe holds its lock, so no entry it stands on is unlinked under it (an
     * unlinked entry's links are cleared, and a walk without the lock would stop there).
     */
    @Test
    void aSnapshotListsEveryThreadRegisteredThroughoutIt() throws InterruptedException {
        BlockedThreads b = new BlockedThreads(1);
        Thread deep = Thread.ofVirtual().unstarted(() -> { });
        BlockedThreads.Entry e = b.add(deep);   // first in, so last in the walk: behind every churning entry
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger misses = new AtomicInteger();
        Thread walker = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 200_000 && !stop.get(); i++) {
                if (!b.snapshot(1_000).contains(deep)) {
                    misses.incrementAndGet();
                }
            }
            stop.set(true);
        });
        inThreads(3, () -> {
            while (!stop.get()) {
                b.remove(b.add(Thread.currentThread()));
            }
        });
        assertTrue(walker.join(DEADLINE));
        assertEquals(0, misses.get(), "snapshots that missed a thread registered throughout them");
        b.remove(e);
    }

    /**
     * {@code wakeAll} reaches every waiter registered before it, however many registrations come and go in
     * front of them meanwhile: its walk holds the stripe's lock, so the entry it stands on cannot be
     * unlinked (and its link cleared) under it.
     */
    @Test
    void wakeAllReachesWaitersBehindChurningRegistrations() throws InterruptedException {
        for (int round = 0; round < 100; round++) {
            BlockedThreads b = new BlockedThreads(1);
            AtomicBoolean aborted = new AtomicBoolean();
            AtomicInteger parked = new AtomicInteger();
            List<Thread> waiters = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                waiters.add(Thread.ofPlatform().start(() -> {
                    BlockedThreads.Entry e = b.add(Thread.currentThread());
                    parked.incrementAndGet();
                    try {
                        while (!aborted.get()) {
                            LockSupport.park(b);
                        }
                    } finally {
                        b.remove(e);
                    }
                }));
            }
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (parked.get() < 8) {
                assertTrue(System.nanoTime() < deadline, "the waiters never registered");
                Thread.onSpinWait();
            }
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> churn = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                churn.add(Thread.ofPlatform().start(() -> {
                    while (!stop.get()) {
                        for (int j = 0; j < 16; j++) {
                            b.remove(b.add(Thread.currentThread()));
                        }
                    }
                }));
            }
            // Not the protocol's flag-then-wake order for the churners (they never wait); the waiters are
            // registered before the flag, so wakeAll alone must reach them.
            aborted.set(true);
            b.wakeAll();
            for (Thread t : waiters) {
                assertTrue(t.join(DEADLINE), "round " + round + ": a waiter registered before wakeAll was not woken");
            }
            stop.set(true);
            for (Thread t : churn) {
                assertTrue(t.join(DEADLINE));
            }
        }
    }

    private static void awaitQuietly(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
