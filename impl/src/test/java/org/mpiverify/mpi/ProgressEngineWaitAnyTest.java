package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * A waitany that returned leaves its other requests to whoever waits on them next. MPI-3.1 §3.7.5: waitany
 * completes one request and the others stay active; a later wait on one of them, from any thread, returns
 * once it completes (the progress rule, §3.7.4). The wait policy parks at once with a slice longer than the
 * bound, so only a completion's wake-up can end a wait; every wait is bounded and dumps the threads when it
 * runs out. The same program is the spec model {@code progress_waitany_slot_left}.
 */
class ProgressEngineWaitAnyTest {
    private static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 600_000_000_000L);
    private static final Duration BOUND = Duration.ofSeconds(10);

    /**
     * Thread A waits on r2 or r3 (nothing outstanding: the point-to-point wait, registered on both) and
     * returns when r2 completes; then thread B waits on r3, and r3 completes: B must return. Seen failing on
     * a deregistration that gives back only the slots of the requests that completed (r3's waiter slot stays
     * A's, so r3's completion unparks A, and B, finding the slot taken, parks for a slice: the bound runs out).
     */
    @Test
    void aWaitAnyThatReturnedLeavesItsOtherRequestToTheNextWaiter() throws Exception {
        ProgressEngine engine = new ProgressEngine(Job.create(JobConfig.of(1).withWaitPolicy(PARK_AT_ONCE)).rank(0));
        RequestState r2 = new RequestState(st -> { });
        RequestState r3 = new RequestState(st -> { });
        r2.begin(1);
        r3.begin(1);

        Thread a = Thread.ofPlatform().name("waitany").start(() -> engine.awaitAny(
                new RequestState[] {r2, r3}, new int[] {r2.generation(), r3.generation()}, "A"));
        ProgressEngineWakeRoutingTest.awaitUntil(() -> a.getState() == Thread.State.WAITING && r2.waiter() == a && r3.waiter() == a,
                "A parked in its waitany on r2 and r3");
        r2.signal();
        if (!a.join(BOUND)) {
            fail("the waitany still waits after r2 completed\n" + Job.threadDump());
        }

        Thread b = Thread.ofPlatform().name("receive").start(() -> engine.await(r3, r3.generation(), "B"));
        ProgressEngineWakeRoutingTest.awaitUntil(() -> b.getState() == Thread.State.WAITING || b.getState() == Thread.State.TIMED_WAITING,
                "B parked in its wait on r3");
        assertFalse(r3.isDone());
        r3.signal();
        if (!b.join(BOUND)) {
            fail("the wait on r3 still waits after r3 completed (its waiter slot: " + r3.waiter() + ")\n"
                    + Job.threadDump());
        }
    }
}
