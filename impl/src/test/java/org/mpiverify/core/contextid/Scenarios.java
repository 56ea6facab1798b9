package org.mpiverify.core.contextid;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Lockstep scenarios shared by the schedule tests. */
final class Scenarios {
    private Scenarios() {}

    /**
     * Adds one actor per member of {@code comm} that makes {@code calls} allocations with key
     * {@code (parent, tag)}, each time freeing the previous id, recording everything in the world's ledger.
     */
    static List<Lockstep.Actor> members(Lockstep ls, SimWorld w, SimComm comm, int parent, int tag, int calls) {
        List<Lockstep.Actor> added = new ArrayList<>();
        for (int p : comm.members) {
            added.add(ls.actor(comm.name + "@" + p, comm, p, self -> {
                MaskAllreduce ar = self.allreduce();
                int previous = -1;
                for (long call = 0; call < calls; call++) {
                    int id = w.proc(p).allocate(parent, tag, ar);
                    w.took(comm, call, p, id);
                    if (previous >= 0) w.free(p, previous);
                    previous = id;
                }
            }));
        }
        return added;
    }

    /**
     * Round-robin over {@code order}: each move goes to the next actor after the last one moved that
     * is ready (start or step) — a fair schedule whose interleaving is fixed by {@code order}. Runs until
     * all finish or {@code maxSteps} moves were made. Returns the number of moves, or -1 if the bound
     * was hit. Throws if an actor made no progress (deadlock) or no actor is ready but some are unfinished.
     */
    static int runRoundRobin(Lockstep ls, List<Lockstep.Actor> order, int maxSteps) throws InterruptedException {
        int last = order.size() - 1;
        for (int steps = 0; steps < maxSteps; steps++) {
            if (ls.allFinished()) return steps;
            List<Lockstep.Actor> ready = ls.ready();
            int next = -1;
            for (int k = 1; k <= order.size() && next < 0; k++) {
                int i = (last + k) % order.size();
                if (ready.contains(order.get(i))) next = i;
            }
            if (next < 0) throw new AssertionError("no actor can move but not all finished: a deadlock");
            move(ls, order.get(next));
            last = next;
        }
        return ls.allFinished() ? maxSteps : -1;
    }

    /** Like {@link #runRoundRobin} but picks uniformly among the ready actors with {@code random}. */
    static int runRandomly(Lockstep ls, Random random, int maxSteps) throws InterruptedException {
        for (int steps = 0; steps < maxSteps; steps++) {
            if (ls.allFinished()) return steps;
            List<Lockstep.Actor> ready = ls.ready();
            if (ready.isEmpty()) throw new AssertionError("no actor can move but not all finished: a deadlock");
            move(ls, ready.get(random.nextInt(ready.size())));
        }
        return ls.allFinished() ? maxSteps : -1;
    }

    static void move(Lockstep ls, Lockstep.Actor a) throws InterruptedException {
        boolean progressed = a.started() ? ls.step(a) : ls.start(a);
        if (!progressed) throw new AssertionError(a + " made no progress: blocked outside an allreduce");
        Throwable f = a.failure();
        if (f != null) throw new AssertionError(a + " failed: " + f, f);
    }
}
