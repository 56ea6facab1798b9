package org.mpiverify.core.sched;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import org.mpiverify.core.trace.SchedulerStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * One worker ω of {@link DangScheduler} (Dang, Snir &amp; Gropp §3.1, Algorithm 3): a platform thread that
 * repeatedly drains its {@link ReadyBitVector}, switching to each thread it takes (running the thread's
 * continuation until the thread parks, that is until its {@code ThreadWait}), and that parks itself only
 * when its bit-vector is empty.
 *
 * <p>Thread safety: {@link #signal} and {@link #allocate} may be called by any thread; everything else
 * runs on the worker. A slot's task is written before the signal that first marks it, so the worker reads
 * it after the exchange that takes that bit (happens-before through the bit-vector word).
 *
 * <p>Implementation notes. The paper's workers poll their vector for ever on a dedicated core; these
 * machines have two shared cores, so an idle worker spins briefly and then parks, through an {@link
 * IdleHandshake} (Dekker's: the worker announces and then reads the index, a signaller sets its bits and then
 * reads the announcement), so no signal is left with its worker asleep (specs/scheduler, the mutant
 * SleepWithoutRecheck; jcstress {@code IdleHandshakeDekkerRace}, which races this class's own {@link #signal} and
 * {@link #announceSleep}).
 */
final class BitVectorWorker extends Thread {
    /** Empty passes before an idle worker parks: a few microseconds. */
    private static final int IDLE_PASSES = 64;

    final int workerId;
    private final DangScheduler scheduler;
    private final ReadyBitVector ready;
    private final Runnable[] tasks;
    private final Thread[] threads;
    private final ConcurrentLinkedQueue<Integer> freeIds = new ConcurrentLinkedQueue<>();
    private final AtomicInteger nextId = new AtomicInteger();
    private final AtomicInteger live = new AtomicInteger();
    private final IntConsumer switchTo = this::switchTo;
    private final IdleHandshake idle = new IdleHandshake();
    /** Null unless the scheduler's steps are recorded; every hook is one test of this final field. */
    private final WorkerTracer trace;
    private volatile boolean stop;

    /** @param recorder the recorder of the scheduler's steps, or null (not recorded) */
    BitVectorWorker(DangScheduler scheduler, int workerId, int capacity, TraceRecorder recorder) {
        this(scheduler, scheduler.name() + "-worker-" + workerId, workerId, capacity, recorder);
    }

    /**
     * A worker named {@code name}; {@code scheduler} may be null for a worker that is never started (jcstress's
     * harness drives its {@link #signal} and {@link #announceSleep} alone).
     */
    BitVectorWorker(DangScheduler scheduler, String name, int workerId, int capacity, TraceRecorder recorder) {
        super(name);
        setDaemon(true);
        this.scheduler = scheduler;
        this.workerId = workerId;
        this.tasks = new Runnable[capacity];
        this.threads = new Thread[capacity];
        this.trace = recorder == null ? null : new WorkerTracer(recorder, getName(), threads, capacity);
        this.ready = new ReadyBitVector(capacity, trace);
    }

    /** A free thread id Γ on this worker for {@code task} (the continuation of {@code thread}), or -1 if full. */
    int allocate(Runnable task, Thread thread) {
        Integer reused = freeIds.poll();
        int id;
        if (reused != null) {
            id = reused;
        } else {
            id = nextId.getAndIncrement();
            if (id >= tasks.length) {
                nextId.decrementAndGet();
                return -1;
            }
        }
        tasks[id] = task;
        threads[id] = thread;
        live.incrementAndGet();
        return id;
    }

    /**
     * {@code ThreadSignal}: marks Γ = {@code id} runnable and wakes the worker if it sleeps.
     *
     * @return true if it unparked the worker (it read the worker's sleep announcement after its bit sets)
     */
    boolean signal(int id) {
        ready.signal(id);
        if (trace == null ? idle.sleeping() : sleepingRecorded(id)) {
            LockSupport.unpark(this);
            return true;
        }
        return false;
    }

    private boolean sleepingRecorded(int id) {
        synchronized (trace) {
            boolean sleeping = idle.sleeping();
            trace.step(Kind.WAKE, id, 0, sleeping);
            return sleeping;
        }
    }

    boolean schedulerIs(DangScheduler s) {
        return scheduler == s;
    }

    int capacity() {
        return tasks.length;
    }

    /** Threads that have a slot on this worker (started and not ended). */
    int liveThreads() {
        return live.get();
    }

    void shutdown() {
        stop = true;
        LockSupport.unpark(this);
    }

    @Override
    public void run() {
        int empty = 0;
        while (!stop) {
            if (ready.drain(switchTo) != 0) {
                empty = 0;
            } else if (++empty < IDLE_PASSES) {
                Thread.onSpinWait();
            } else {
                empty = 0;
                if (announceSleep() && !stop) {
                    LockSupport.park(this);
                }
                if (trace == null) {
                    idle.awake();
                } else {
                    awakeRecorded();
                }
            }
        }
    }

    /**
     * The idle worker announces its sleep and re-reads its bit-vector ({@link IdleHandshake#announce}).
     *
     * @return true if it may park: nothing was marked when it re-read
     */
    boolean announceSleep() {
        return trace == null ? idle.announce(ready) : announceRecorded();
    }

    /** The announcement and the re-read, with their steps, under one hold of the tracer's monitor. */
    private boolean announceRecorded() {
        synchronized (trace) {
            trace.step(Kind.IDLE, 0, 0, false);
            boolean park = idle.announce(ready);
            trace.step(Kind.ANNOUNCE, 0, 0, false);
            trace.step(Kind.RECHECK, 0, 0, park);
            return park;
        }
    }

    private void awakeRecorded() {
        synchronized (trace) {
            idle.awake();
            trace.step(Kind.AWAKE, 0, 0, false);
        }
    }

    /** The paper's {@code ContextSwitch(b)}: runs thread Γ until its next {@code ThreadWait} or its end. */
    private void switchTo(int id) {
        Runnable task = tasks[id];
        if (trace != null) {
            trace.switchStep(Kind.RUN, id);
        }
        task.run();
        boolean ended = threads[id].getState() == Thread.State.TERMINATED;
        if (trace != null) {
            trace.switchStep(ended ? Kind.END : Kind.YIELD, id);
        }
        if (ended) {
            scheduler.forget(task);
            tasks[id] = null;
            threads[id] = null;
            live.decrementAndGet();
            freeIds.add(id);
        }
    }
}
