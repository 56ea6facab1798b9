package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * {@link ProgressEngine#signalled} routes a transfer's wake-up to the thread waiting on that
 * schedule's request, which polls its own schedule when it wakes; the poller sleeps on. Two threads of one
 * rank, each waiting on its own nonblocking operation, so need one context switch per step instead of two
 * (the poller's, then the waiter's). The wait policy parks at once, so that only the engine's wake-ups
 * decide who moves; every wait is bounded and dumps the threads when it runs out.
 */
class ProgressEngineWakeRoutingTest {
    private static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 600_000_000_000L);
    private static final Duration BOUND = Duration.ofSeconds(10);

    private volatile boolean arrived;

    /**
     * P waits on a request of its own and is the poller; W waits on schedule S's request on standby. S's
     * transfer completes and signals S: W wakes and finishes S itself; P is not needed and stays parked.
     * Seen failing on two defects: a signal that ignores its schedule and wakes the poller (S finished by P),
     * and a standby waiter that does not poll its own schedule when woken (W parks again, S is never
     * finished: the bound runs out).
     */
    @Test
    void aTransferWakesTheWaiterOfItsScheduleWhichFinishesItWithoutThePoller() throws Exception {
        ProgressEngine engine = new ProgressEngine(Job.create(JobConfig.of(1).withWaitPolicy(PARK_AT_ONCE)).rank(0));
        AtomicReference<Thread> finishedBy = new AtomicReference<>();
        Schedule s = new Schedule() {
            @Override
            protected boolean advance() {
                if (!arrived) {
                    return false;
                }
                finishedBy.set(Thread.currentThread());
                return true;
            }
        };
        engine.start(s);
        Completion pollerRequest = new Completion();
        Thread p = Thread.ofPlatform().name("poller").start(() -> engine.await(pollerRequest, "P"));
        awaitUntil(() -> p.getState() == Thread.State.WAITING && pollerRequest.waiter() == p, "P parked as the poller");
        Thread w = Thread.ofPlatform().name("waiter").start(() -> engine.await(s.state(), "W"));
        awaitUntil(() -> w.getState() == Thread.State.WAITING && s.state().waiter() == w, "W parked on standby");

        arrived = true;                  // S's transfer completes ...
        engine.signalled(s.state());     // ... and tells the engine, as a completed transfer of S does

        if (!w.join(BOUND)) {
            fail("W still waits on S after S's transfer signalled it\n" + Job.threadDump());
        }
        assertSame(w, finishedBy.get(), "S was finished by the poller, not by its own waiter");
        assertEquals(Thread.State.WAITING, p.getState(), "the poller was woken for a schedule it did not wait on");
        pollerRequest.signal();
        assertTrue(p.join(BOUND), "P still waits after its request completed\n" + Job.threadDump());
    }

    /** Waits (bounded, with a thread dump on failure) until {@code c} holds. */
    static void awaitUntil(BooleanSupplier c, String what) {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!c.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("not reached within " + BOUND + ": " + what + "\n" + Job.threadDump());
            }
            Thread.yield();   // bounded; the threads it waits for need a core
        }
    }
}
