package org.mpiverify.core.contextid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A deterministic scheduler at the granularity "from one allreduce to the next". Each actor is a
 * daemon thread that runs one member's calls on one {@link SimComm}; its allreduce is wrapped so that
 * (1) arriving at an allreduce is counted and (2) after the allreduce completes the actor waits for a
 * permit before it runs on. So at most one actor runs allocator code at any time, and the test decides
 * which: {@link #start} runs an actor up to its first allreduce, {@link #step} lets it return from the
 * current one and run up to the next (or to its end). Both wait a bounded time and report whether the
 * actor got there — "no progress" is how a test observes a deadlock, without hanging.
 */
final class Lockstep {
    interface Body {
        void run(Actor self) throws Exception;
    }

    private static final Duration PERMIT_LIMIT = Duration.ofSeconds(60);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Duration progressLimit;
    private final List<Actor> actors = new ArrayList<>();
    private boolean aborted;                        // guarded by lock

    Lockstep(Duration progressLimit) {
        this.progressLimit = progressLimit;
    }

    final class Actor {
        final String name;
        final SimComm comm;
        final int proc;
        private final Body body;
        private final Thread thread;
        // Guarded by Lockstep.lock.
        private int arrivals;
        private int permits;
        private boolean started, finished;
        private boolean inAllreduce;    // arrived at an allreduce and not yet let out of it
        private Throwable failure;

        private Actor(String name, SimComm comm, int proc, Body body) {
            this.name = name;
            this.comm = comm;
            this.proc = proc;
            this.body = body;
            this.thread = Thread.ofPlatform().daemon(true).name("lockstep-" + name).unstarted(this::runBody);
        }

        /** The member's allreduce, instrumented for the scheduler. Use it only from this actor's thread. */
        MaskAllreduce allreduce() {
            MaskAllreduce real = comm.at(proc);
            return words -> {
                arrive();
                real.allreduceBand(words);
                awaitPermit();
            };
        }

        private void runBody() {
            try {
                body.run(this);
            } catch (Throwable t) {
                lock.lock();
                try {
                    failure = t;
                } finally {
                    lock.unlock();
                }
            } finally {
                lock.lock();
                try {
                    finished = true;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        }

        private void arrive() {
            lock.lock();
            try {
                arrivals++;
                inAllreduce = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        private void awaitPermit() {
            lock.lock();
            try {
                long nanos = PERMIT_LIMIT.toNanos();   // the test steps long before this, or aborts
                while (permits == 0 && !aborted) {
                    if (nanos <= 0) throw new HarnessTimeoutException(name + ": never stepped again");
                    try {
                        nanos = changed.awaitNanos(nanos);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new HarnessAbortedException(name + ": interrupted while waiting for a step");
                    }
                }
                if (aborted) throw new HarnessAbortedException(name + ": lockstep aborted");
                permits--;
                inAllreduce = false;
            } finally {
                lock.unlock();
            }
        }

        boolean started() {
            lock.lock();
            try {
                return started;
            } finally {
                lock.unlock();
            }
        }

        boolean finished() {
            lock.lock();
            try {
                return finished;
            } finally {
                lock.unlock();
            }
        }

        Throwable failure() {
            lock.lock();
            try {
                return failure;
            } finally {
                lock.unlock();
            }
        }

        int arrivals() {
            lock.lock();
            try {
                return arrivals;
            } finally {
                lock.unlock();
            }
        }

        Thread thread() {
            return thread;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    Actor actor(String name, SimComm comm, int proc, Body body) {
        Actor a = new Actor(name, comm, proc, body);
        actors.add(a);
        return a;
    }

    List<Actor> actors() {
        return actors;
    }

    /** Starts {@code a} and waits until it arrives at its first allreduce or finishes. */
    boolean start(Actor a) throws InterruptedException {
        lock.lock();
        try {
            if (a.started) throw new IllegalStateException(a + " already started");
            a.started = true;
        } finally {
            lock.unlock();
        }
        a.thread.start();
        return awaitProgress(a, 0);
    }

    /** Lets {@code a} return from its current allreduce and waits until it arrives at the next one or finishes. */
    boolean step(Actor a) throws InterruptedException {
        int before;
        lock.lock();
        try {
            if (!a.started || a.finished || !a.inAllreduce) {
                throw new IllegalStateException(a + " is not waiting in an allreduce");
            }
            before = a.arrivals;
            a.permits++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        return awaitProgress(a, before);
    }

    private boolean awaitProgress(Actor a, int arrivalsBefore) throws InterruptedException {
        long nanos = progressLimit.toNanos();
        lock.lock();
        try {
            while (a.arrivals == arrivalsBefore && !a.finished && !aborted) {
                if (nanos <= 0) return false;
                nanos = changed.awaitNanos(nanos);
            }
            return a.arrivals > arrivalsBefore || a.finished;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Actors the scheduler may move now: not started yet, or waiting in an allreduce that every member
     * has reached (each actor's k-th allreduce matches its comm peers' k-th).
     */
    List<Actor> ready() {
        lock.lock();
        try {
            List<Actor> r = new ArrayList<>();
            for (Actor a : actors) {
                if (!a.started) {
                    r.add(a);
                } else if (!a.finished && a.inAllreduce) {   // not blocked elsewhere (e.g. on a lock)
                    boolean complete = true;
                    for (Actor b : actors) {
                        if (b.comm == a.comm && b != a && b.arrivals < a.arrivals) complete = false;
                    }
                    if (complete) r.add(a);
                }
            }
            return r;
        } finally {
            lock.unlock();
        }
    }

    boolean allFinished() {
        lock.lock();
        try {
            return actors.stream().allMatch(a -> a.finished);
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every actor waiting for a permit with {@link HarnessAbortedException}. */
    void abort() {
        lock.lock();
        try {
            aborted = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Aborts the schedule and the world, interrupts the actors and waits (bounded) for them to end. */
    boolean abandon(SimWorld world, Duration limit) throws InterruptedException {
        abort();
        world.abort();
        for (Actor a : actors) a.thread.interrupt();
        long end = System.nanoTime() + limit.toNanos();
        for (Actor a : actors) {
            if (!a.started) continue;
            long left = end - System.nanoTime();
            if (left > 0) a.thread.join(Duration.ofNanos(left));
        }
        return actors.stream().noneMatch(a -> SimWorld.Workers.running(a.thread));
    }
}
