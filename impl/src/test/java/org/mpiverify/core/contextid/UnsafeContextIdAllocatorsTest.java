package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The deliberately unsafe variants fail the way Gropp &amp; Thakur §5 says, and the test observes each
 * failure with a bounded wait instead of hanging: the stuck threads are daemons, and the harness
 * aborts their allreduces (and interrupts them) so they end before the test does.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class UnsafeContextIdAllocatorsTest {
    static final Duration WAIT = Duration.ofSeconds(5);

    /**
     * §5.2's deadly embrace, forced deterministically: cyclic comms A={0,1}, B={1,2}, C={2,0}, one
     * thread per member. Process 0 enters for A, 1 for B, 2 for C (each now holds its process lock inside
     * the allreduce); then A@1, B@2, C@0 try to enter and block on those locks. No actor can move: A waits
     * for A@1 which waits for B@1's lock, B waits for C's, C for A's.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void singleThreadedLockedDeadlocksOnCyclicMemberships() throws InterruptedException {
        SimWorld w = new SimWorld(3, () -> new SingleThreadedContextIdAllocator(1024, true), WAIT);
        List<Lockstep.Actor> order = new ArrayList<>();
        // 300 ms per start: long enough for an unblocked thread to reach its allreduce many times over;
        // the blocked ones can never get there, so the limit only bounds how long we watch them.
        Lockstep ls = ContextIdScheduleTest.cyclic(w, order, Duration.ofMillis(300));
        try {
            for (Lockstep.Actor a : order.subList(0, 3)) assertTrue(ls.start(a), a + " should reach its allreduce");
            for (Lockstep.Actor a : order.subList(3, 6)) {
                assertFalse(ls.start(a), a + " should block on its process lock, but reached its allreduce");
            }
            assertTrue(ls.ready().isEmpty(), "some actor could still move: " + ls.ready());
            assertEquals(Thread.State.WAITING, order.get(3).thread().getState(), "A@1 should be parked on the lock");
        } finally {
            assertTrue(ls.abandon(w, WAIT), "deadlocked actors did not end after abort + interrupt");
        }
        for (Lockstep.Actor a : order) {
            Throwable f = a.failure();
            assertTrue(f instanceof HarnessAbortedException || f instanceof MpiException, a + " ended with " + f);
        }
        assertEquals(0, w.calls(), "no allocation can have completed");
    }

    /** With one thread per process, the same algorithm is fine (and is §5.1's baseline: one round, one lock). */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void singleThreadedLockedIsFineWithOneThreadPerProcess() {
        SimWorld w = new SimWorld(3, () -> new SingleThreadedContextIdAllocator(1024, true), WAIT);
        SimComm a = w.comm("A", 0, 1), b = w.comm("B", 1, 2);
        for (int i = 0; i < 20; i++) {
            w.allocateOnAll(a, 5, -1);
            w.allocateOnAll(b, 6, -1);
        }
        ContextIdStats s = w.proc(1).stats();
        assertEquals(40, s.allocations());
        assertEquals(40, s.allreduceRounds());
        assertEquals(40, s.lockAcquisitions());
    }

    /**
     * Published Fig. 3 cannot tell "someone did not own the mask" from "no common free id": once the
     * members share no free id, every round's AND is 0 and everyone retries forever. Observed as: the
     * comm keeps completing allreduce rounds (a livelock, not a deadlock) and the calls never return.
     * The fixed algorithm raises ERR_OTHER on every member in the same situation.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void publishedFig3LoopsForeverOnExhaustion() throws InterruptedException {
        SimWorld w = new SimWorld(2, () -> new PublishedFig3ContextIdAllocator(4, true), WAIT);   // ids 2, 3
        SimComm c = w.comm("c", 0, 1);
        assertEquals(2, w.allocateOnAll(c, 0, -1));
        assertEquals(3, w.allocateOnAll(c, 0, -1));
        long before = c.rounds();

        ConcurrentLinkedQueue<Object> outcomes = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int p : c.members) {
            threads.add(Thread.ofPlatform().daemon(true).name("fig3-exhaust-" + p).start(() -> {
                try {
                    outcomes.add(w.proc(p).allocate(0, -1, c.at(p)));
                } catch (Throwable t) {
                    outcomes.add(t);
                }
            }));
        }
        try {
            assertTrue(c.awaitRounds(before + 1_000, WAIT), "the members stopped reducing (a deadlock?)");
            assertTrue(outcomes.isEmpty(), "a call returned: " + outcomes);
            for (Thread t : threads) assertTrue(t.isAlive());
        } finally {
            w.abort();
            for (Thread t : threads) t.join(WAIT);
        }
        for (Thread t : threads) assertFalse(SimWorld.Workers.running(t), t + " did not end after abort");
        for (Object o : outcomes) assertInstanceOf(HarnessAbortedException.class, o);
        assertEquals(0, w.proc(0).stats().exhausted());                    // it never notices

        // Control: the fixed algorithm in the same situation.
        SimWorld fixed = new SimWorld(2, () -> new MultithreadedContextIdAllocator(4, true), WAIT);
        SimComm fc = fixed.comm("c", 0, 1);
        fixed.allocateOnAll(fc, 0, -1);
        fixed.allocateOnAll(fc, 0, -1);
        for (Throwable t : MultithreadedContextIdAllocatorTest.allocateExpectingFailure(fixed, fc)) {
            assertEquals(ErrorClass.ERR_OTHER, assertInstanceOf(MpiException.class, t).errorClass());
        }
    }

    /**
     * §5.2's livelock, forced deterministically with a fair round-robin schedule: two comms A and B over
     * the same processes {0,1}, one thread per member; order a@0, b@1, b@0, a@1. Each round: both read
     * the same mask and agree on candidate x; on process 0 A checks first and claims x, so B's check fails;
     * on process 1 B claims first, so A's fails; both second allreduces fail; both give x back; the next
     * round starts from exactly the same state. Nobody finishes in 400 moves though every move progresses.
     *
     * <p>What this does and does not show: the livelock needs this adversarial (if fair) schedule. With
     * the same 400-move budget a random schedule almost always finishes (see the next test), and the OS
     * scheduler cannot be forced to repeat the pattern; so the free-running test only counts the extra
     * rounds it pays.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void naiveRetryLivelocksUnderAFairAdversarialSchedule() throws InterruptedException {
        SimWorld w = new SimWorld(2, () -> new NaiveRetryContextIdAllocator(1024, true), WAIT);
        SimComm a = w.comm("A", 0, 1), b = w.comm("B", 0, 1);
        Lockstep ls = new Lockstep(WAIT);
        List<Lockstep.Actor> as = Scenarios.members(ls, w, a, 100, -1, 1);
        List<Lockstep.Actor> bs = Scenarios.members(ls, w, b, 101, -1, 1);
        List<Lockstep.Actor> order = List.of(as.get(0), bs.get(1), bs.get(0), as.get(1));
        try {
            assertEquals(-1, Scenarios.runRoundRobin(ls, order, 400), "naive retry finished under the livelock schedule");
            // 400 moves = 100 per actor = 100 allreduces per comm = 50 naive rounds (two allreduces each)
            assertTrue(a.rounds() >= 98 && b.rounds() >= 98, "rounds A " + a.rounds() + ", B " + b.rounds());
            assertEquals(0, w.calls());
            for (Lockstep.Actor x : order) assertNull(x.failure());
        } finally {
            assertTrue(ls.abandon(w, WAIT));
        }

        // Control: the multithreaded algorithm under the same schedule finishes within a few rounds.
        SimWorld mw = new SimWorld(2, () -> new MultithreadedContextIdAllocator(1024, true), WAIT);
        SimComm ma = mw.comm("A", 0, 1), mb = mw.comm("B", 0, 1);
        Lockstep mls = new Lockstep(WAIT);
        List<Lockstep.Actor> mas = Scenarios.members(mls, mw, ma, 100, -1, 1);
        List<Lockstep.Actor> mbs = Scenarios.members(mls, mw, mb, 101, -1, 1);
        try {
            assertTrue(Scenarios.runRoundRobin(mls, List.of(mas.get(0), mbs.get(1), mbs.get(0), mas.get(1)), 400) >= 0);
        } finally {
            assertTrue(mls.abandon(mw, WAIT));
        }
        mw.assertConsistent();
        assertTrue(ma.rounds() + mb.rounds() <= 8, "rounds A " + ma.rounds() + ", B " + mb.rounds());
    }

    /**
     * Naive retry, random fair schedules (seeded, reproducible) and free-running threads: it is safe
     * (ids agree, nothing live twice) but pays at least two allreduces per allocate, and more under
     * contention. We count; we do not claim a livelock here, and a run that does not finish within its
     * budget is reported, not failed (it would be the livelock, observed by chance).
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void naiveRetryIsSafeButPaysExtraRounds() throws InterruptedException {
        int unfinished = 0;
        long rounds = 0, calls = 0;
        for (int seed = 0; seed < 50; seed++) {
            SimWorld w = new SimWorld(2, () -> new NaiveRetryContextIdAllocator(1024, true), WAIT);
            SimComm a = w.comm("A", 0, 1), b = w.comm("B", 0, 1);
            Lockstep ls = new Lockstep(WAIT);
            Scenarios.members(ls, w, a, 100, -1, 3);
            Scenarios.members(ls, w, b, 101, -1, 3);
            int steps;
            try {
                steps = Scenarios.runRandomly(ls, new java.util.Random(seed), 400);
            } finally {
                assertTrue(ls.abandon(w, WAIT));
            }
            w.assertConsistent();
            if (steps < 0) {
                unfinished++;
            } else {
                rounds += a.rounds() + b.rounds();
                calls += 6;
            }
        }
        double perCall = (double) rounds / calls;
        System.out.printf("naive retry, random schedules: %.2f allreduces per comm-allocate (multithreaded uncontended: 1), "
                + "%d of 50 seeds unfinished in 400 moves%n", perCall, unfinished);
        assertTrue(perCall > 2.0, "contended naive retry should need more than 2 allreduces per call: " + perCall);

        // Free-running threads: 2 processes, 2 comms, 200 allocations each.
        SimWorld w = new SimWorld(2, () -> new NaiveRetryContextIdAllocator(1024, true), WAIT);
        SimComm a = w.comm("A", 0, 1), b = w.comm("B", 0, 1);
        List<Runnable> tasks = new ArrayList<>();
        for (SimComm c : List.of(a, b)) {
            for (int p : c.members) {
                int parent = c == a ? 100 : 101;
                tasks.add(() -> {
                    for (long call = 0; call < 200; call++) {
                        int id = w.proc(p).allocate(parent, -1, c.at(p));
                        w.took(c, call, p, id);
                        w.free(p, id);
                    }
                });
            }
        }
        SimWorld.Workers.runAll("naive", tasks, Duration.ofSeconds(15), w);
        w.assertConsistent();
        ContextIdStats s = w.proc(0).stats();
        System.out.printf("naive retry, free-running: %.2f allreduces and %.2f lock acquisitions per allocate, max %d rounds%n",
                s.roundsPerCall(), s.locksPerCall(), s.maxRoundsPerCall());
        assertTrue(s.roundsPerCall() >= 2.0);
        assertEquals(400, s.allocations());
    }
}
