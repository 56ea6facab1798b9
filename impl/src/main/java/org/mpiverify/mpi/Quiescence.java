package org.mpiverify.mpi;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.contextid.MaskContextIdAllocator;
import org.mpiverify.core.request.ObjectPool;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.EventCount;

/**
 * What a job holds once nothing is outstanding in it, checked against what it must hold then: a read-only
 * report ({@link Job#quiescence()}) for tests and diagnostics. A job is quiescent when no call is running
 * on any of its ranks and every operation its programs started has completed and been released (waited
 * for, tested to completion or freed), as MPI requires of a program by the time it finalizes. Then:
 * <ul>
 *   <li>{@link Invariant#UNEXPECTED_BUDGET}: every rank's unexpected-message budget is back to zero;</li>
 *   <li>{@link Invariant#MATCHING}: no matching engine holds a posted receive or an unexpected message;</li>
 *   <li>{@link Invariant#POOLS}: every request and packet a pool created is back in it, exactly once;</li>
 *   <li>{@link Invariant#REQUESTS}: every pooled request state has no reference and no registered waiter;</li>
 *   <li>{@link Invariant#WAITERS}: no thread is registered as blocked or waiting: none in a rank.s
 *       blocked-thread registry or spin gate, in a rank's arrival event count (watching or parked), or in a
 *       progress engine's roles (poller, parked poller, standby);</li>
 *   <li>{@link Invariant#PROGRESS}: no schedule (nonblocking collective, idup) is live in a progress engine;</li>
 *   <li>{@link Invariant#COMMUNICATORS}: every communicator still referenced holds its handle's reference
 *       only, and none that was freed holds any;</li>
 *   <li>{@link Invariant#CONTEXT_IDS}: every context id taken from a rank's mask is held by a live
 *       communicator of that rank, and no id held by one is free.</li>
 * </ul>
 * A leak on any path (a charge never refunded, a request never recycled, a registration never undone) shows
 * as a violation after the job, even when no later call of the job would have noticed it.
 *
 * <p>Exactness: the report reads the job's structures without stopping anything. It is exact when the job
 * is quiescent and every thread that called into it has finished its last call before the report is taken
 * (its end happens-before: the rank threads of {@link Job#run} are joined by then; a test joins its own
 * threads). Taken while calls run, it describes a moment that may never have existed, and is no verdict.
 * Ranks that never initialized are checked for what they can hold without initializing (budget, matching,
 * waiters, progress).
 *
 * @param violations every invariant found violated, with its rank (or -1 for the job's own structures) and
 *                   what was found
 */
public record Quiescence(List<Violation> violations) {

    /** The invariants of a quiescent job; see the class comment. */
    public enum Invariant {
        UNEXPECTED_BUDGET, MATCHING, POOLS, REQUESTS, WAITERS, PROGRESS, COMMUNICATORS, CONTEXT_IDS
    }

    /**
     * One violated invariant.
     *
     * @param invariant the invariant
     * @param rank      the world rank whose structures violate it, or -1 for the job's own
     * @param detail    what was found
     */
    public record Violation(Invariant invariant, int rank, String detail) {
        @Override
        public String toString() {
            return invariant + (rank < 0 ? " (job)" : " (rank " + rank + ")") + ": " + detail;
        }
    }

    public Quiescence {
        violations = List.copyOf(violations);
    }

    /** True if no invariant is violated. */
    public boolean holds() {
        return violations.isEmpty();
    }

    /** The violations of invariants other than {@code except}. */
    public List<Violation> violationsExcept(Collection<Invariant> except) {
        return violations.stream().filter(v -> !except.contains(v.invariant())).toList();
    }

    /** The invariants violated, each once. */
    public Set<Invariant> violated() {
        Set<Invariant> s = EnumSet.noneOf(Invariant.class);
        violations.forEach(v -> s.add(v.invariant()));
        return s;
    }

    @Override
    public String toString() {
        if (holds()) {
            return "quiescent: every invariant holds";
        }
        StringBuilder sb = new StringBuilder("NOT quiescent: ").append(violations.size()).append(" violation(s)");
        violations.forEach(v -> sb.append("\n  ").append(v));
        return sb.toString();
    }

    /** Reads {@code job}'s structures (see the class comment for when the result is exact). */
    static Quiescence of(Job job) {
        List<Violation> out = new ArrayList<>();
        for (int r = 0; r < job.size(); r++) {
            int blocked = job.rank(r).blocked.size();
            if (blocked != 0) {
                out.add(new Violation(Invariant.WAITERS, r, blocked + " thread(s) registered as blocked: "
                        + names(job.rank(r).blocked.snapshot(8))));
            }
        }
        int spinners = job.spinGate.spinners();
        if (spinners != 0) {
            out.add(new Violation(Invariant.WAITERS, -1, spinners + " spin-gate permit(s) not given back"));
        }
        for (int r = 0; r < job.size(); r++) {
            new RankCheck(job.rank(r), out).run();
        }
        return new Quiescence(out);
    }

    private static String names(List<Thread> threads) {
        return threads.stream().map(t -> "'" + t.getName() + "'").toList().toString();
    }

    /** The checks of one rank's structures. */
    private record RankCheck(RankContext rank, List<Violation> out) {
        void run() {
            budget();
            matching();
            waiters();
            progress();
            if (rank.phase == RankContext.NEW) {
                return;   // no pools, communicators or ids in use before initThread
            }
            pool("receive request", rank.recvPool, true);
            pool("send request state", rank.sendStates, false);
            packets();
            communicators();
        }

        private void add(Invariant i, String detail) {
            out.add(new Violation(i, rank.worldRank, detail));
        }

        private void budget() {
            long bytes = rank.unexpected.bytes();
            if (bytes != 0) {
                add(Invariant.UNEXPECTED_BUDGET, bytes + " bytes charged to the unexpected-message budget");
            }
        }

        private void matching() {
            int held = rank.engine.size();
            if (held != 0) {
                add(Invariant.MATCHING, held + " posted receive(s) or unexpected message(s) in the matching engine");
            }
        }

        private void waiters() {
            EventCount arrivals = rank.arrivals;
            if (arrivals.watchers() != 0 || arrivals.sleepers() != 0 || arrivals.queuedWaiters() != 0) {
                add(Invariant.WAITERS, "arrival event count: " + arrivals.watchers() + " watcher(s), "
                        + arrivals.sleepers() + " sleeper(s), " + arrivals.queuedWaiters() + " queued waiter(s)");
            }
            ProgressEngine.Holdings h = rank.progress.holdings();
            if (h.poller() != null || h.parkedPoller() != null || h.standbyCount() != 0 || h.standby() != 0) {
                add(Invariant.WAITERS, "progress engine: poller " + name(h.poller()) + ", parked poller "
                        + name(h.parkedPoller()) + ", " + h.standbyCount() + " counted and " + h.standby()
                        + " queued on standby");
            }
        }

        private void progress() {
            ProgressEngine.Holdings h = rank.progress.holdings();
            if (h.outstanding() != 0 || h.active() != 0) {
                add(Invariant.PROGRESS, h.outstanding() + " schedule(s) counted outstanding, " + h.active()
                        + " in the progress engine's set");
            }
        }

        private static String name(Thread t) {
            return t == null ? "none" : "'" + t.getName() + "'";
        }

        /** POOLS for any pool of request states, and REQUESTS for the states idle in it. */
        private <T> void pool(String what, ObjectPool<T> pool, boolean receives) {
            int[] busy = {0};
            int[] waiting = {0};
            Consumer<T> stateCheck = o -> {
                RequestState st = receives ? ((RecvRequest) o).st : (RequestState) o;
                if (st.refs() != 0) busy[0]++;
                if (st.waiter() != null) waiting[0]++;
            };
            accounting(what, pool.created(), pool::forEachIdle, stateCheck);
            if (busy[0] != 0) {
                add(Invariant.REQUESTS, busy[0] + " idle " + what + "(s) still referenced");
            }
            if (waiting[0] != 0) {
                add(Invariant.REQUESTS, waiting[0] + " idle " + what + "(s) with a thread in the waiter slot");
            }
        }

        private void packets() {
            accounting("eager packet", rank.packets.created(), rank.packets::forEachIdle, p -> { });
        }

        /** Every object created is idle, once. */
        private <T> void accounting(String what, long created, Consumer<Consumer<T>> forEachIdle, Consumer<T> each) {
            Map<Object, Boolean> seen = new IdentityHashMap<>();
            long[] twice = {0};
            try {
                forEachIdle.accept(o -> {
                    if (seen.put(o, Boolean.TRUE) != null) {
                        twice[0]++;
                    } else {
                        each.accept(o);
                    }
                });
            } catch (IllegalStateException e) {
                add(Invariant.POOLS, what + " pool unreadable: " + e.getMessage());
                return;
            }
            long missing = created - seen.size();
            if (missing != 0) {
                add(Invariant.POOLS, missing + " of " + created + " " + what + "(s) not returned to their pool");
            }
            if (twice[0] != 0) {
                add(Invariant.POOLS, twice[0] + " " + what + "(s) in the pool twice (released twice)");
            }
        }

        private void communicators() {
            Set<Integer> held = new HashSet<>();
            for (Comm c : rank.liveComms) {
                int refs = c.refs();
                if (c.isFreed() || refs <= 0) {
                    add(Invariant.COMMUNICATORS, c + " was freed but holds " + refs + " reference(s)");
                } else if (refs != 1) {
                    add(Invariant.COMMUNICATORS, c + " holds " + refs + " references, its handle's and "
                            + (refs - 1) + " more");
                }
                if (c.contextId() >= ContextIdAllocator.FIRST_DYNAMIC_ID) {
                    held.add(c.contextId());
                }
            }
            ContextIdAllocator ids = rank.contextIds;
            if (ids instanceof MaskContextIdAllocator mask) {
                List<Integer> leaked = new ArrayList<>();
                List<Integer> freeWhileHeld = new ArrayList<>();
                for (int id = ContextIdAllocator.FIRST_DYNAMIC_ID; id < ids.capacity(); id++) {
                    boolean free = mask.isFree(id);
                    if (!free && !held.contains(id)) leaked.add(id);
                    if (free && held.contains(id)) freeWhileHeld.add(id);
                }
                if (!leaked.isEmpty()) {
                    add(Invariant.CONTEXT_IDS, "context id(s) " + leaked + " taken, held by no live communicator");
                }
                if (!freeWhileHeld.isEmpty()) {
                    add(Invariant.CONTEXT_IDS, "context id(s) " + freeWhileHeld + " free while a live communicator holds them");
                }
            } else {
                int taken = ids.capacity() - ContextIdAllocator.FIRST_DYNAMIC_ID - ids.freeCount();
                if (taken != held.size()) {
                    add(Invariant.CONTEXT_IDS, taken + " context id(s) taken, " + held.size()
                            + " held by live communicators");
                }
            }
        }
    }
}
