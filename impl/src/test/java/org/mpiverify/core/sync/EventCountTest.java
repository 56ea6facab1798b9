package org.mpiverify.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;

/**
 * An {@link EventCount}'s registration of a waiter ends with the wait that made it, on every way out: once
 * {@code await} has returned (the count moved, or the wait was aborted) or thrown (its abort condition threw), and
 * once an {@code enlist} has been ended by {@code delist}, the count holds no sleeper and no queued thread, and a
 * registry given to the wait holds no entry (the quiescence invariant "no thread is registered as waiting" that
 * every test job checks; a registration left behind makes every later signal scan for a thread that no longer
 * waits, and keeps the thread reachable). Each way out is taken deterministically: the abort condition, which the
 * wait calls after it registered and before each park, is the injection point.
 */
class EventCountTest {
    private static final WaitPolicy NO_SPIN = new WaitPolicy(0, 0, 0, 50_000_000);
    /** A signal's unpark ends a park at once; a park that runs to this bound was not woken. */
    private static final long WOKEN_WITHIN_NANOS = Duration.ofSeconds(10).toNanos();

    @Test
    void anAwaitLeavesNoRegistrationOnAnyWayOut() {
        for (BlockedThreads blocked : new BlockedThreads[] {null, new BlockedThreads()}) {
            String with = blocked == null ? " (no registry)" : " (with a registry)";
            EventCount ec = new EventCount();

            assertFalse(ec.await(ec.ticket(), () -> true, NO_SPIN, null, blocked));
            assertNothingRegistered(ec, blocked, "after an aborted await" + with);

            IllegalStateException boom = new IllegalStateException("the abort check failed");
            BooleanSupplier throwing = () -> {
                throw boom;
            };
            assertSame(boom, assertThrows(IllegalStateException.class,
                    () -> ec.await(ec.ticket(), throwing, NO_SPIN, null, blocked)));
            assertNothingRegistered(ec, blocked, "after an await whose abort check threw" + with);

            // the signal comes from inside the first abort check, when the waiter is registered: its unpark leaves
            // the permit that the park then takes, and the wait sees the count moved
            AtomicInteger checks = new AtomicInteger();
            assertTrue(ec.await(ec.ticket(), () -> {
                if (checks.getAndIncrement() == 0) {
                    assertEquals(1, ec.sleepers(), "registered before its look at the abort condition" + with);
                    ec.signal();
                }
                return false;
            }, NO_SPIN, null, blocked));
            assertNothingRegistered(ec, blocked, "after a signalled await" + with);
        }
    }

    /** A wait that spun with a permit of its gate gives the permit back, whether the count moved while it spun or not. */
    @Test
    void aWaitThatSpunWithAPermitGivesItBack() {
        SpinGate gate = new SpinGate(1);
        WaitPolicy spinLong = new WaitPolicy(5_000_000, 5_000_000, 0, 50_000_000);   // past the ungated 2 us
        EventCount ec = new EventCount();
        // not moved while spinning: the wait parks, and the signal from its abort check ends it
        assertTrue(ec.await(ec.ticket(), () -> {
            ec.signal();
            return false;
        }, spinLong, gate));
        assertEquals(0, gate.spinners(), "spinners after a wait that spun out its budget");
        // moved while spinning
        long ticket = ec.ticket();
        Thread signaller = Thread.ofPlatform().start(() -> {
            long end = System.nanoTime() + 1_000_000_000L;   // the waiter takes the permit within microseconds
            while (gate.spinners() == 0 && System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            ec.signal();
        });
        assertTrue(ec.await(ticket, () -> false, spinLong, gate));
        assertEquals(0, gate.spinners(), "spinners after a wait that the count's move ended while it spun");
        assertNothingRegistered(ec, null, "after the spinning waits");
        try {
            signaller.join(Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anEnlistedThreadIsWokenByASignalAndDelistEndsItsRegistration() throws Exception {
        EventCount ec = new EventCount();
        Thread me = Thread.currentThread();
        for (int round = 0; round < 3; round++) {
            ec.enlist(me);
            try {
                long ticket = ec.ticket();
                Thread signaller = Thread.ofPlatform().start(ec::signal);
                long start = System.nanoTime();
                while (ec.ticket() == ticket) {
                    LockSupport.parkNanos(WOKEN_WITHIN_NANOS);   // the signal's unpark ends it
                    assertTrue(System.nanoTime() - start < WOKEN_WITHIN_NANOS,
                            "round " + round + ": the enlisted thread was not woken by the signal");
                }
                signaller.join();
            } finally {
                ec.delist(me);
            }
            assertNothingRegistered(ec, null, "round " + round + ": after delist");
        }
    }

    /**
     * A signal made after a wait's look at the count and before its park ends the wait at once: the signal's unpark
     * leaves the permit that the park takes, and the wait must look at the count again and return, without another
     * look at its abort condition (MPI's promise: a blocking probe whose message has arrived returns). The signal
     * comes from inside the wait's first abort check, which it makes after that look; a second check means the wait
     * went round and parked again on a count that had moved, and it answers "abort", so a wait that would sleep
     * through the signal returns false instead of hanging. With and without a registry.
     */
    @Test
    void aSignalAfterTheWaitsLookAtTheCountEndsItWithoutAnotherLook() {
        signalAfterTheLookEndsTheWait(new Counted() {
            final EventCount ec = new EventCount();
            public long ticket() { return ec.ticket(); }
            public void signal() { ec.signal(); }
            public boolean await(long t, BooleanSupplier abort, BlockedThreads b) {
                return ec.await(t, abort, NO_SPIN, null, b);
            }
        });
    }

    @TwinTest
    void countReadOnceTwinIsRejected() {
        Throwable e = KnownBad.assertRejected("CountReadOnceEventCount", () -> signalAfterTheLookEndsTheWait(new Counted() {
            final CountReadOnceEventCount ec = new CountReadOnceEventCount();
            public long ticket() { return ec.ticket(); }
            public void signal() { ec.signal(); }
            public boolean await(long t, BooleanSupplier abort, BlockedThreads b) {
                return ec.await(t, abort, NO_SPIN, null, b);
            }
        }));
        System.out.println("CountReadOnceEventCount rejected: " + e.getMessage());
    }

    /** The operations of an event count the check needs (the count and its twin are unrelated final classes). */
    interface Counted {
        long ticket();

        void signal();

        boolean await(long ticket, BooleanSupplier abort, BlockedThreads blocked);
    }

    private static void signalAfterTheLookEndsTheWait(Counted ec) {
        for (BlockedThreads blocked : new BlockedThreads[] {null, new BlockedThreads()}) {
            String with = blocked == null ? " (no registry)" : " (with a registry)";
            AtomicInteger checks = new AtomicInteger();
            boolean moved = ec.await(ec.ticket(), () -> {
                if (checks.getAndIncrement() == 0) {
                    ec.signal();          // after the wait's look at the count, before its park
                    return false;
                }
                return true;              // the wait went round after the signal: stop it instead of parking for good
            }, blocked);
            assertTrue(moved && checks.get() == 1, "the wait did not return on a signal made after its look at the count"
                    + with + ": abort checked " + checks.get() + " times, await returned " + moved);
        }
    }

    /**
     * The points of a registered wait come in the order {@link WaitPoint} states, which the abort-at-each-phase tests
     * rely on to put an abort exactly there: LOOKED after the registration and the last look, before the park; WOKEN
     * only once the park has returned. While the waiter is parked, it has reached LOOKED and not WOKEN.
     */
    @Test
    void aRegisteredWaitReachesItsPointsAroundItsPark() throws Exception {
        List<WaitPoint.Phase> seen = new CopyOnWriteArrayList<>();
        BlockedThreads blocked = new BlockedThreads(1, (wait, phase) -> seen.add(phase));
        EventCount ec = new EventCount();
        long ticket = ec.ticket();
        AtomicInteger result = new AtomicInteger(-1);
        Thread waiter = Thread.ofPlatform().start(
                () -> result.set(ec.await(ticket, () -> false, NO_SPIN, null, blocked) ? 1 : 0));
        long end = System.nanoTime() + WOKEN_WITHIN_NANOS;
        while (!(waiter.getState() == Thread.State.WAITING && blocked.size() == 1)) {
            assertTrue(System.nanoTime() - end < 0, "the waiter never parked: " + waiter.getState() + " " + seen);
            Thread.onSpinWait();
        }
        List<WaitPoint.Phase> whileParked = List.copyOf(seen);
        ec.signal();
        assertTrue(waiter.join(Duration.ofNanos(WOKEN_WITHIN_NANOS)), "the signal did not end the wait");
        assertEquals(List.of(WaitPoint.Phase.BEFORE_REGISTRATION, WaitPoint.Phase.LOOKED), whileParked,
                "the points reached while parked");
        assertEquals(List.of(WaitPoint.Phase.BEFORE_REGISTRATION, WaitPoint.Phase.LOOKED, WaitPoint.Phase.WOKEN), seen);
        assertEquals(1, result.get());
        assertNothingRegistered(ec, blocked, "after the wait");
    }

    private static void assertNothingRegistered(EventCount ec, BlockedThreads blocked, String when) {
        assertEquals(0, ec.sleepers(), "sleepers " + when);
        assertEquals(0, ec.queuedWaiters(), "queued threads " + when);
        if (blocked != null) {
            assertEquals(0, blocked.size(), "registry entries " + when);
        }
    }
}
