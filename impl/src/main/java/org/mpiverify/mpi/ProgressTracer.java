package org.mpiverify.mpi;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.trace.ProgressStep;
import org.mpiverify.core.trace.ProgressStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * The recording half of one rank's {@link ProgressEngine}, present only while its job records
 * {@link TraceRecorder.Algorithm#PROGRESS} (trace validation against {@code specs/progress/ProgressTrace.tla}).
 *
 * <p>Each step of the engine that {@code ProgressEngine.tla} names is one lock-free access (a CAS of the
 * poller role, a write or read of the doorbell, a waiter slot, the active set). Recorded, each runs here,
 * under this tracer's lock together with its stamp, so that the recorded order is the order in which the
 * accesses took effect: a stamp taken beside an unlocked access could be ordered before the write it read.
 * The lock is held for the access only, never across a park or a schedule's step. Two exceptions, each
 * argued where it is: a schedule's poll is stamped before {@code Schedule.progress()} runs (a pass that
 * begins after a completer's count sees its transfer; that is the poll's place for the spec), and a park's
 * return is stamped after it (its unpark was stamped before).
 *
 * <p>Requests and schedules are named by identity, numbered in order of first sight (a schedule by its
 * request, which its transfers' completions name when they tell the engine). The engine hands each access
 * over as a function of its own fields, so that its known-bad twins (copies of it, generated from patches)
 * record through the same tracer.
 *
 * <p>Thread safety: any thread of the rank, and the completing threads of other ranks, call it at once.
 */
final class ProgressTracer {
    private final TraceRecorder rec;
    private final int rank;
    private final Object lock = new Object();
    private final Map<Object, Long> ids = new IdentityHashMap<>();   // guarded by lock

    ProgressTracer(TraceRecorder rec, int rank) {
        this.rec = rec;
        this.rank = rank;
    }

    /** The next place in the recorder's order. */
    long stamp() {
        return rec.stamp();
    }

    private long id(Object o) {
        synchronized (lock) {
            return ids.computeIfAbsent(o, x -> (long) ids.size() + 1);
        }
    }

    private long[] ids(Completion[] cs) {
        long[] out = new long[cs.length];
        for (int i = 0; i < cs.length; i++) out[i] = id(cs[i]);
        return out;
    }

    /** The requests of {@code target} whose waiter slot {@code me} holds. */
    private long[] held(Awaited target, Thread me) {
        List<Long> out = new ArrayList<>();
        for (Completion c : target.completions()) {
            if (c.waiter() == me) out.add(id(c));
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static long[] threads(List<Thread> ts) {
        long[] out = new long[ts.size()];
        for (int i = 0; i < out.length; i++) out[i] = ts.get(i).threadId();
        return out;
    }

    private static long[] thread(Thread t) {
        return t == null ? new long[0] : new long[] {t.threadId()};
    }

    private static long bit(boolean b) {
        return b ? 1 : 0;
    }

    private void record(long seq, Kind kind, long lane, long subject, long value, long[] ids) {
        rec.record(seq, new ProgressStep(kind, rank, Thread.currentThread().threadId(), lane, subject, value, ids));
    }

    private void record(Kind kind, long subject, long value) {
        record(stamp(), kind, 0, subject, value, new long[0]);
    }

    // ---- a wait: the look, the role, the poller's loop

    /**
     * A wait's look at its target (a probe's arrival after its ticket names no request: the spec's wait on
     * nothing, whose look is taken as recorded).
     */
    boolean look(Awaited target) {
        synchronized (lock) {
            boolean done = target.reached();
            record(stamp(), Kind.LOOK, 0, 0, bit(done), ids(target.completions()));
            return done;
        }
    }

    boolean claim(AtomicReference<Thread> poller, Thread me) {
        synchronized (lock) {
            boolean ok = poller.compareAndSet(null, me);
            record(Kind.CLAIM, 0, bit(ok));
            return ok;
        }
    }

    long ticket(LongSupplier events) {
        synchronized (lock) {
            long v = events.getAsLong();
            record(Kind.TICKET, 0, v);
            return v;
        }
    }

    void test() {
        synchronized (lock) {
            record(Kind.TEST, 0, 0);
        }
    }

    /**
     * A poll of {@code s} (kind POLL, SPIN_POLL or OWN_POLL) stamped {@code seq}, taken before
     * {@code s.progress()} ran: a completer that counted its event before that stamp had completed its transfer
     * before, so the pass the poll asked for sees it. {@code first}: a standby's first poll of its own
     * operations in this look (waitAny over several polls more than one).
     */
    void polled(long seq, Kind kind, Schedule s, boolean done, boolean first) {
        record(seq, kind, 0, id(s.state()), bit(done) | (first ? 0 : 2), new long[0]);
    }

    /** A standby's poll of its own operations found none in the active set. */
    void polledNone(Kind kind) {
        synchronized (lock) {
            record(kind, 0, 0);
        }
    }

    boolean drop(BooleanSupplier remove, Schedule s) {
        synchronized (lock) {
            boolean removed = remove.getAsBoolean();
            record(Kind.DROP, id(s.state()), bit(removed));
            return removed;
        }
    }

    void passEnd(boolean done) {
        synchronized (lock) {
            record(Kind.PASS_END, 0, bit(done));
        }
    }

    /** The target's registration ({@code Awaited.register}), recording the slots it holds and the result. */
    int register(Awaited target, Thread me) {
        synchronized (lock) {
            int result = target.register(me);
            long code = result == Completion.ALREADY_DONE ? 1 : result == Completion.TAKEN ? 2 : 0;
            record(stamp(), Kind.REGISTER, 0, 0, code, held(target, me));
            return result;
        }
    }

    /** publishParked: the write of parkedPoller and the re-read of the count, each a step. */
    boolean publishParked(Runnable publish, BooleanSupplier unchanged) {
        synchronized (lock) {
            publish.run();
            record(Kind.PUBLISH, 0, 0);
        }
        synchronized (lock) {
            boolean quiet = unchanged.getAsBoolean();
            record(Kind.RECHECK, 0, bit(quiet));
            return quiet;
        }
    }

    /** A park returned (stamped after it: whoever unparked it stamped its step before the unpark). */
    void returned() {
        record(Kind.RETURN, 0, 0);
    }

    void unregister(Runnable clear) {
        synchronized (lock) {
            clear.run();
            record(Kind.UNREGISTER, 0, 0);
        }
    }

    void leave(AtomicReference<Thread> poller) {
        synchronized (lock) {
            poller.set(null);
            record(Kind.LEAVE, 0, 0);
        }
    }

    void wake(Queue<Thread> standby) {
        List<Thread> ts;
        synchronized (lock) {
            ts = List.copyOf(standby);
            record(stamp(), Kind.WAKE, 0, 0, 0, threads(ts));
        }
        for (Thread t : ts) {
            LockSupport.unpark(t);
        }
    }

    // ---- standby

    void enlist(Runnable enlist) {
        synchronized (lock) {
            enlist.run();
            record(Kind.ENLIST, 0, 0);
        }
    }

    boolean pollerPresent(AtomicReference<Thread> poller) {
        synchronized (lock) {
            boolean present = poller.get() != null;
            record(Kind.STANDBY_CHECK, 0, bit(present));
            return present;
        }
    }

    /** Deregistration, standby.remove, standbyCount--: one step (see SLeave in ProgressEngine.tla). */
    void leaveStandby(Runnable leave) {
        synchronized (lock) {
            leave.run();
            record(Kind.STANDBY_LEAVE, 0, 0);
        }
    }

    // ---- start

    /** start's first step, stamped {@code seq} before it ran; {@code done}: it finished the schedule. */
    void started(long seq, Schedule s, boolean done) {
        record(seq, Kind.START, 0, id(s.state()), bit(done), new long[0]);
    }

    /** outstanding++ and the active set, one step; returns whether the count went from 0 to 1. */
    boolean add(BooleanSupplier add, Schedule s) {
        synchronized (lock) {
            boolean first = add.getAsBoolean();
            record(Kind.ADD, id(s.state()), bit(first));
            return first;
        }
    }

    /** start's signal(): the count, then the parked poller, as the starting thread's own steps. */
    void startSignal(Runnable count, Supplier<Thread> parkedPoller) {
        synchronized (lock) {
            count.run();
            record(Kind.START_TELL, 0, 0);
        }
        Thread p;
        synchronized (lock) {
            p = parkedPoller.get();
            record(stamp(), Kind.START_RING, 0, 0, 0, thread(p));
        }
        if (p != null) {
            LockSupport.unpark(p);
        }
    }

    /**
     * The start of the first outstanding schedule wakes the rank's blocked threads, the point-to-point waits
     * among them (SWake). Recorded with the threads registered then (for the reader: the registry also holds
     * threads parked for other reasons, and the point-to-point waits are not recorded, so the spec's registry
     * of a trace is empty).
     */
    void wakeBlocked(BlockedThreads blocked) {
        synchronized (lock) {
            record(stamp(), Kind.START_WAKE, 0, 0, 0, threads(blocked.snapshot(16)));
        }
        if (!blocked.isEmpty()) {
            blocked.wakeAll();
        }
    }

    // ---- a completer

    /** transferDone(owner), step for step: the count, the routed waiter, the parked poller. */
    void transferDone(Completion owner, Runnable count, IntSupplier standbyCount, Supplier<Thread> parkedPoller) {
        long lane;
        long subject;
        synchronized (lock) {
            lane = stamp();
            count.run();
            subject = owner == null ? 0 : id(owner);
            record(lane, Kind.TELL, lane, subject, 0, new long[0]);
        }
        if (owner != null) {
            Thread w;
            synchronized (lock) {
                boolean counted = standbyCount.getAsInt() != 0;
                w = counted ? owner.waiter() : null;
                record(stamp(), Kind.ROUTE, lane, subject, bit(counted), thread(w));
            }
            if (w != null) {
                LockSupport.unpark(w);
                return;
            }
        }
        Thread p;
        synchronized (lock) {
            p = parkedPoller.get();
            record(stamp(), Kind.RING, lane, subject, 0, thread(p));
        }
        if (p != null) {
            LockSupport.unpark(p);
        }
    }
}
