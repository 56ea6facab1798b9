package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.Races;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.ThreadDumps;
import org.mpiverify.testkit.TwinTest;

/** Completion (DSG §3.1 flag), RequestState reference counts, ObjectPool and TreiberStack. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ExtendWith(ThreadDumpOnFailure.class)
class CompletionTest {
    private static final WaitPolicy NO_SPIN = new WaitPolicy(0, 0, 0, 50_000_000);

    @Test
    void signalBeforeWaitIsNotLostAndWaitAfterSignalReturnsAtOnce() {
        Completion c = new Completion();
        c.signal();
        assertTrue(c.isDone());
        assertTrue(c.await(() -> false, NO_SPIN));
    }

    /**
     * A park slice far beyond every bound of these tests: a waiter is then woken by the signal or not at
     * all, so a lost wake-up shows as a hang (caught by a bounded wait), not as a late return.
     */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, Duration.ofMinutes(10).toNanos());

    /** A completion's two sides, so that one check runs on {@link Completion} and on its known-bad twins. */
    interface Waitable {
        boolean await(BooleanSupplier abort, WaitPolicy policy);

        void signal();
    }

    static Waitable of(Completion c) {
        return new Waitable() {
            public boolean await(BooleanSupplier abort, WaitPolicy policy) { return c.await(abort, policy); }
            public void signal() { c.signal(); }
        };
    }

    static Waitable of(RegisterAfterCheckCompletion c) {
        return new Waitable() {
            public boolean await(BooleanSupplier abort, WaitPolicy policy) { return c.await(abort, policy); }
            public void signal() { c.signal(); }
        };
    }

    /**
     * The signal arrives after the waiter's last look at {@code done} and before it parks (another thread
     * signals from inside the waiter's abort check, which runs between the two): the waiter must be woken
     * by that signal. With a ten-minute park slice, a waiter woken only by its park timeout fails the
     * bounded wait here.
     */
    static void aSignalBetweenTheLastCheckAndTheParkWakesTheWaiter(Waitable c) throws Exception {
        AtomicBoolean signalled = new AtomicBoolean();
        AtomicBoolean gaveUp = new AtomicBoolean();
        BooleanSupplier abort = () -> {
            if (signalled.compareAndSet(false, true)) {
                Thread signaller = Thread.ofPlatform().name("signaller").start(c::signal);
                try {
                    signaller.join(Duration.ofSeconds(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return gaveUp.get();
        };
        FutureTask<Boolean> wait = new FutureTask<>(() -> c.await(abort, PARK_AT_ONCE));
        Thread waiter = Thread.ofPlatform().name("waiter").start(wait);
        try {
            assertTrue(wait.get(5, TimeUnit.SECONDS), "the wait must end done");
        } catch (TimeoutException e) {
            System.err.println(ThreadDumps.dump("waiter not woken"));
            gaveUp.set(true);
            LockSupport.unpark(waiter);
            throw new AssertionError("the waiter was not woken by the signal (a lost wake-up: it would have "
                    + "slept until its park timeout); thread dump on stderr");
        }
        assertTrue(signalled.get(), "the abort check ran, so the signal came between check and park");
    }

    @Test
    void aSignalBetweenTheWaitersLastCheckAndItsParkWakesIt() throws Exception {
        aSignalBetweenTheLastCheckAndTheParkWakesTheWaiter(of(new Completion()));
    }

    @TwinTest
    void registerAfterCheckTwinIsCaught() {
        Throwable e = KnownBad.assertRejected("RegisterAfterCheckCompletion",
                () -> aSignalBetweenTheLastCheckAndTheParkWakesTheWaiter(of(new RegisterAfterCheckCompletion())));
        assertTrue(e.getMessage().contains("not woken by the signal"), e.getMessage());
    }

    /**
     * Rounds of a waiter that goes straight to register-and-park racing a signal (started together,
     * {@link Races}): every wait must end, woken by its signal; with the ten-minute park slice a lost
     * wake-up cannot hide behind a timed wake-up.
     */
    @Test
    void parkedWaiterIsWokenBySignalFromAnotherThread() {
        Completion[] c = new Completion[1];
        boolean[] returned = new boolean[1];
        Races.race(2_000, Duration.ofSeconds(10), r -> {
            c[0] = new Completion();
            returned[0] = false;
        }, r -> returned[0] = c[0].await(() -> false, r % 2 == 0 ? PARK_AT_ONCE : WaitPolicy.DEFAULT), r -> c[0].signal(),
                r -> assertTrue(returned[0], "round " + r));
    }

    /** How an interrupted wait ends: by the signal, by the abort check, or by the abort check throwing. */
    enum End { SIGNAL, ABORT, ABORT_THROWS }

    /**
     * An interrupt does not end the wait, and the waiter gets its interrupt flag back however the wait
     * then ends (the three ways out of await's park loop).
     */
    @ParameterizedTest
    @EnumSource(End.class)
    void anInterruptedWaiterWaitsOnAndKeepsItsInterrupt(End end) throws Exception {
        Completion c = new Completion();
        AtomicBoolean interruptedAfter = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Object> outcome = new AtomicReference<>();
        BooleanSupplier abort = () -> {
            boolean stopped = stop.get();   // one read: a stop between two reads would abort without the throw
            if (stopped && end == End.ABORT_THROWS) throw new IllegalStateException("abort check failed");
            return stopped;
        };
        Thread w = Thread.ofPlatform().name("waiter").start(() -> {
            try {
                outcome.set(c.await(abort, new WaitPolicy(0, 0, 0, 1_000_000)));
            } catch (IllegalStateException e) {
                outcome.set(e);
            }
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (LockSupport.getBlocker(w) != c) { // bounded: the waiter parks on c within microseconds
            assertTrue(System.nanoTime() < deadline, "the waiter never parked");
            Thread.onSpinWait();
        }
        w.interrupt();
        if (end == End.SIGNAL) c.signal(); else stop.set(true);
        assertTrue(w.join(Duration.ofSeconds(10)), "the wait ends");
        Object expected = switch (end) {
            case SIGNAL -> true;
            case ABORT -> false;
            case ABORT_THROWS -> null;
        };
        if (expected == null) assertInstanceOf(IllegalStateException.class, outcome.get());
        else assertEquals(expected, outcome.get());
        assertTrue(interruptedAfter.get(), "the waiter's interrupt flag is set again on the way out");
    }

    @Test
    void beginStartsAFreshUseThatIsNotDone() {
        RequestState st = new RequestState(s -> { });
        st.begin(1);
        st.signal();
        st.release();          // recycled
        st.begin(1);
        assertFalse(st.isDone(), "a new use starts not done");
        assertEquals(1, st.refs());
    }

    @Test
    void awaitReturnsFalseWhenAborted() {
        Completion c = new Completion();
        assertFalse(c.await(() -> true, NO_SPIN));
    }

    @Test
    void referenceCountRecyclesOnceOnTheLastReleaseFromAnyThread() throws Exception {
        AtomicInteger recycled = new AtomicInteger();
        RequestState st = new RequestState(s -> recycled.incrementAndGet());
        for (int round = 0; round < 1000; round++) {
            st.begin(2);
            int gen = st.generation();
            Thread other = Thread.ofPlatform().start(st::release);
            st.release();
            other.join();
            assertEquals(round + 1, recycled.get(), "recycled exactly once per use");
            assertEquals(gen + 1, st.generation());
        }
        assertThrows(IllegalStateException.class, st::release, "a double release is detected");
        assertThrows(IllegalStateException.class, st::retain, "a retain of a free request is detected");
    }

    @Test
    void attachmentIsReleasedAfterRecycling() {
        AtomicInteger order = new AtomicInteger();
        int[] seen = new int[2];
        RequestState st = new RequestState(s -> seen[0] = order.incrementAndGet());
        st.begin(1);
        st.attach(() -> seen[1] = order.incrementAndGet());
        st.release();
        assertEquals(1, seen[0]);
        assertEquals(2, seen[1]);
    }

    @Test
    void poolHandsEachObjectToOneUserAtATime() throws Exception {
        ObjectPool<int[]> pool = new ObjectPool<>(() -> new int[1], 4);
        int threads = 4;
        Thread[] ts = new Thread[threads];
        AtomicInteger conflicts = new AtomicInteger();
        for (int t = 0; t < threads; t++) {
            ts[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 100_000; i++) {
                    int[] o = pool.acquire();
                    if (o[0] != 0) {
                        conflicts.incrementAndGet();
                    }
                    o[0] = 1;
                    o[0] = 0;
                    pool.release(o);
                }
            });
        }
        for (Thread t : ts) {
            assertTrue(t.join(Duration.ofSeconds(50)));
        }
        assertEquals(0, conflicts.get());
        assertTrue(pool.created() <= threads * 2L, "the caches serve almost everything: " + pool.created());
    }

    /**
     * A pool without caches and with a lock around its shared stack (Balaji et al.'s REQUEST_POOL
     * section without "tlp"): it allocates only what the stack cannot give back, counts what it
     * allocated, and leaves the lock free after every call.
     */
    @Test
    void aLockedPoolWithoutCachesReusesCountsAndReleasesItsLock() {
        ReentrantLock lock = new ReentrantLock();
        ObjectPool<int[]> pool = new ObjectPool<>(() -> new int[1], 0, lock);
        int[] a = pool.acquire(), b = pool.acquire();
        assertEquals(2, pool.created(), "two objects allocated");
        assertFalse(lock.isLocked(), "acquire leaves the lock free");
        pool.release(a);
        pool.release(b);
        assertFalse(lock.isLocked(), "release leaves the lock free");
        assertSame(b, pool.acquire(), "the shared stack gives back the last released");
        assertSame(a, pool.acquire());
        assertEquals(2, pool.created(), "nothing allocated while the stack had objects");
        assertFalse(lock.isLocked());
    }

    @Test
    void treiberStackLosesAndDuplicatesNothing() throws Exception {
        TreiberStack<Integer> s = new TreiberStack<>();
        int per = 50_000;
        Thread[] pushers = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int base = t * per;
            pushers[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < per; i++) {
                    s.push(base + i);
                }
            });
        }
        boolean[] seen = new boolean[2 * per];
        int got = 0;
        while (got < 2 * per) {
            Integer v = s.pop();
            if (v == null) {
                Thread.onSpinWait();   // bounded: the pushers finish; the class @Timeout ends a hang
                continue;
            }
            assertFalse(seen[v], "duplicate " + v);
            seen[v] = true;
            got++;
        }
        for (Thread t : pushers) {
            t.join();
        }
        assertTrue(s.isEmpty());
    }
}
