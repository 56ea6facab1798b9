package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Deterministic schedules (see {@link Lockstep}): the interleaving of the allocator code of different
 * threads between allreduces is chosen by the test, either adversarially (to force the published
 * algorithm's livelock) or at random from a seed (to explore many interleavings reproducibly).
 */
@ExtendWith(ThreadDumpOnFailure.class)
class ContextIdScheduleTest {
    static final Duration WAIT = Duration.ofSeconds(5);
    static final Duration PROGRESS = Duration.ofSeconds(5);

    /**
     * 3 processes. dup-like calls on A={0,1}, B={1,2}, C={2,0} (cyclic), plus two createGroup calls
     * with the same parent context and tags 1 and 2 on identical memberships G1=G2={0,1}, all at once.
     * Every seed gives a different interleaving; every one must finish with agreeing, unique ids.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void randomSchedulesAlwaysFinishWithAgreeingIds() throws InterruptedException {
        int seeds = 150, worstSteps = 0;
        long worstRounds = 0;
        for (int seed = 0; seed < seeds; seed++) {
            SimWorld w = new SimWorld(3, () -> new MultithreadedContextIdAllocator(1024, true), WAIT);
            SimComm world = w.comm("W", 0, 1, 2);
            int parentW = w.allocateOnAll(world, 0, -1);
            SimComm a = w.comm("A", 0, 1), b = w.comm("B", 1, 2), c = w.comm("C", 2, 0);
            int ca = w.allocateOnAll(a, parentW, 10), cb = w.allocateOnAll(b, parentW, 11), cc = w.allocateOnAll(c, parentW, 12);
            SimComm g1 = w.comm("G1", 0, 1), g2 = w.comm("G2", 0, 1);
            Lockstep ls = new Lockstep(PROGRESS);
            Scenarios.members(ls, w, a, ca, -1, 2);
            Scenarios.members(ls, w, b, cb, -1, 2);
            Scenarios.members(ls, w, c, cc, -1, 2);
            Scenarios.members(ls, w, g1, parentW, 1, 2);
            Scenarios.members(ls, w, g2, parentW, 2, 2);
            int steps;
            try {
                steps = Scenarios.runRandomly(ls, new Random(seed), 5_000);
            } finally {
                ls.abandon(w, WAIT);
            }
            assertTrue(steps >= 0, "seed " + seed + ": no finish within 5000 steps (livelock?)");
            w.assertConsistent();
            worstSteps = Math.max(worstSteps, steps);
            for (MaskContextIdAllocator p : w.procs) worstRounds = Math.max(worstRounds, p.stats().maxRoundsPerCall());
        }
        System.out.printf("random schedules: %d seeds, worst %d steps, worst %d allreduce rounds in one call%n",
                seeds, worstSteps, worstRounds);
    }

    /**
     * The adversarial (but fair, round-robin) schedule of the createGroup livelock: G1@0, G2@1, G2@0,
     * G1@1 — on process 0 G1 always runs first, on process 1 G2 does.
     */
    static int createGroupSameParent(Supplier<MaskContextIdAllocator> algorithm, int maxSteps, long[] roundsOut)
            throws InterruptedException {
        SimWorld w = new SimWorld(2, algorithm, WAIT);
        int parent = w.allocateOnAll(w.comm("P", 0, 1), 0, -1);
        SimComm g1 = w.comm("G1", 0, 1), g2 = w.comm("G2", 0, 1);
        Lockstep ls = new Lockstep(PROGRESS);
        List<Lockstep.Actor> one = Scenarios.members(ls, w, g1, parent, 1, 1);   // G1@0, G1@1
        List<Lockstep.Actor> two = Scenarios.members(ls, w, g2, parent, 2, 1);   // G2@0, G2@1
        List<Lockstep.Actor> order = List.of(one.get(0), two.get(1), two.get(0), one.get(1));
        try {
            int steps = Scenarios.runRoundRobin(ls, order, maxSteps);
            if (steps >= 0) w.assertConsistent();
            roundsOut[0] = g1.rounds();
            roundsOut[1] = g2.rounds();
            return steps;
        } finally {
            assertTrue(ls.abandon(w, WAIT), "actors did not end after abort");
        }
    }

    /**
     * Published Fig. 3 keys on the parent context only, so two createGroup calls on one parent from
     * two threads of a process tie. Under the schedule "on process 0 G1 runs first, on process 1 G2 runs
     * first" each wins the mask on one process only, both allreduces return 0, both retry, and the state
     * repeats exactly: a livelock, forced deterministically here (every move makes progress; nobody
     * finishes in 400 moves, the state after every 4 moves being the same).
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void publishedFig3LivelocksOnConcurrentCreateGroupFromOneParent() throws InterruptedException {
        long[] rounds = new long[2];
        int steps = createGroupSameParent(() -> new PublishedFig3ContextIdAllocator(1024, true), 400, rounds);
        assertEquals(-1, steps, "the published algorithm finished, but this schedule should livelock it");
        assertTrue(rounds[0] >= 99 && rounds[1] >= 99, "rounds: " + rounds[0] + ", " + rounds[1]);
    }

    /** The same adversarial schedule cannot stop the (parent, tag) keys: G1's lower key wins on both processes. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void multithreadedFinishesUnderTheSameSchedule() throws InterruptedException {
        long[] rounds = new long[2];
        int steps = createGroupSameParent(() -> new MultithreadedContextIdAllocator(1024, true), 400, rounds);
        assertTrue(steps >= 0, "livelocked");
        assertTrue(rounds[0] <= 4 && rounds[1] <= 5, "rounds: " + rounds[0] + ", " + rounds[1]);
    }

    /**
     * The deadly-embrace start of §5.2 for the cyclic memberships A={0,1}, B={1,2}, C={2,0}: process 0
     * enters for A, 1 for B, 2 for C, then the other member of each comm arrives. Fig. 3 holds no lock in
     * the allreduce, so everyone keeps moving and the lowest key (A's) wins first.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void multithreadedSurvivesTheDeadlyEmbraceOrder() throws InterruptedException {
        SimWorld w = new SimWorld(3, () -> new MultithreadedContextIdAllocator(1024, true), WAIT);
        List<Lockstep.Actor> order = new ArrayList<>();
        Lockstep ls = cyclic(w, order, PROGRESS);
        try {
            for (Lockstep.Actor a : order) assertTrue(ls.start(a), a + " blocked before its allreduce");
            assertTrue(Scenarios.runRoundRobin(ls, order, 1_000) >= 0, "did not finish");
        } finally {
            assertTrue(ls.abandon(w, WAIT));
        }
        w.assertConsistent();
        assertEquals(3, w.calls());
    }

    /**
     * Fig. 3 gives progress, not starvation freedom (class comment, "Non-guarantees"). Comm L with the
     * lower key (2,-1) allocates 50 times in a row; comm H = the same processes, key (9,-1), wants one id.
     * Before the eager round, this fair round-robin schedule starved H through all 50 of L's calls: L's
     * owner finished a call and took the mask again within one move. Now every call of L begins with an
     * eager round that does not take the mask (the segment is kept full by L's first 64 ids, so that
     * round never ends a call), and H's Fig. 3 round gets through in that gap.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aHigherKeyGetsThroughBetweenTheCallsOfALowerKey() throws InterruptedException {
        SimWorld w = new SimWorld(2, () -> new MultithreadedContextIdAllocator(1024, true), WAIT);
        SimComm l = w.comm("L", 0, 1), h = w.comm("H", 0, 1);
        int eager = ((MultithreadedContextIdAllocator) w.proc(0)).eagerIds();
        for (int i = 0; i < eager; i++) w.allocateOnAll(l, 2, -1);          // live: the segment stays full
        long hRoundsBefore = h.rounds();
        java.util.concurrent.ConcurrentLinkedQueue<String> finished = new java.util.concurrent.ConcurrentLinkedQueue<>();
        Lockstep ls = new Lockstep(PROGRESS);
        List<Lockstep.Actor> order = new ArrayList<>();
        for (SimComm c : List.of(l, h)) {
            int key = c == l ? 2 : 9, calls = c == l ? 50 : 1;
            for (int p : c.members) {
                order.add(ls.actor(c.name + "@" + p, c, p, self -> {
                    MaskAllreduce ar = self.allreduce();
                    for (long call = 0; call < calls; call++) {
                        int id = w.proc(p).allocate(key, -1, ar);
                        w.took(c, call, p, id);
                        w.free(p, id);
                        finished.add(c.name + "@" + p + "#" + call);
                    }
                }));
            }
        }
        try {
            assertTrue(Scenarios.runRoundRobin(ls, order, 10_000) >= 0, "did not finish");
        } finally {
            assertTrue(ls.abandon(w, WAIT));
        }
        w.assertConsistent();
        List<String> sequence = new ArrayList<>(finished);
        assertTrue(sequence.indexOf("H@0#0") < sequence.indexOf("L@0#4"), "H waited for L's calls: " + sequence);
        System.out.printf("no starvation: H needed %d allreduce rounds while L made %d calls%n", h.rounds() - hRoundsBefore, 50);
    }

    /**
     * Actors for A={0,1}, B={1,2}, C={2,0}, one dup each; {@code order} gets A@0, B@1, C@2, A@1, B@2, C@0.
     * {@code progressLimit} bounds each start/step's wait for the actor to reach its next allreduce.
     */
    static Lockstep cyclic(SimWorld w, List<Lockstep.Actor> order, Duration progressLimit) {
        SimComm a = w.comm("A", 0, 1), b = w.comm("B", 1, 2), c = w.comm("C", 2, 0);
        Lockstep ls = new Lockstep(progressLimit);
        List<Lockstep.Actor> as = Scenarios.members(ls, w, a, 100, -1, 1);
        List<Lockstep.Actor> bs = Scenarios.members(ls, w, b, 101, -1, 1);
        List<Lockstep.Actor> cs = Scenarios.members(ls, w, c, 102, -1, 1);
        order.addAll(List.of(as.get(0), bs.get(0), cs.get(0), as.get(1), bs.get(1), cs.get(1)));
        assertFalse(order.isEmpty());
        return ls;
    }
}
