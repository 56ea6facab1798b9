package org.mpiverify.core.sched;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

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
 * SleepWithoutRecheck; jcstress {@code IdleHandshakeDekkerRace}).
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
    private volatile boolean stop;

    BitVectorWorker(DangScheduler scheduler, int workerId, int capacity) {
        super(scheduler.name() + "-worker-" + workerId);
        setDaemon(true);
        this.scheduler = scheduler;
        this.workerId = workerId;
        this.ready = new ReadyBitVector(capacity);
        this.tasks = new Runnable[capacity];
        this.threads = new Thread[capacity];
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

    /** {@code ThreadSignal}: marks Γ = {@code id} runnable and wakes the worker if it sleeps. */
    void signal(int id) {
        ready.signal(id);
        if (idle.sleeping()) {
            LockSupport.unpark(this);
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
                if (idle.announce(ready) && !stop) {
                    LockSupport.park(this);
                }
                idle.awake();
            }
        }
    }

    /** The paper's {@code ContextSwitch(b)}: runs thread Γ until its next {@code ThreadWait} or its end. */
    private void switchTo(int id) {
        Runnable task = tasks[id];
        task.run();
        if (threads[id].getState() == Thread.State.TERMINATED) {
            scheduler.forget(task);
            tasks[id] = null;
            threads[id] = null;
            live.decrementAndGet();
            freeIds.add(id);
        }
    }
}
