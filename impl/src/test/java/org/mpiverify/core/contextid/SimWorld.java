package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.mpiverify.testkit.ThreadDumps;

/**
 * P simulated processes (one allocator each) and simulated communicators over them, plus a ledger
 * that checks the allocator's contract as the test runs: members of one call agree on the id, and no
 * process has one id live twice.
 */
final class SimWorld {
    final List<MaskContextIdAllocator> procs = new ArrayList<>();
    final Duration waitLimit;
    private final List<SimComm> comms = new CopyOnWriteArrayList<>();
    private final List<Set<Integer>> live = new ArrayList<>();
    /** "comm#call" -> proc -> id (or -1 for "out of ids"). */
    private final Map<String, Map<Integer, Integer>> outcomes = new ConcurrentHashMap<>();
    final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();

    SimWorld(int processes, Supplier<MaskContextIdAllocator> factory, Duration waitLimit) {
        this.waitLimit = waitLimit;
        for (int p = 0; p < processes; p++) {
            procs.add(factory.get());
            live.add(ConcurrentHashMap.newKeySet());
        }
    }

    MaskContextIdAllocator proc(int p) {
        return procs.get(p);
    }

    SimComm comm(String name, int... members) {
        SimComm c = new SimComm(name, members, waitLimit);
        comms.add(c);
        return c;
    }

    /** The allocators' and communicators' state, for failure messages. */
    String describe() {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < procs.size(); p++) sb.append("process ").append(p).append(": ").append(procs.get(p)).append('\n');
        for (SimComm c : comms) sb.append(c).append(" rounds=").append(c.rounds()).append('\n');
        return sb.toString();
    }

    /** Wakes every waiter of every communicator with {@link HarnessAbortedException}. */
    void abort() {
        for (SimComm c : comms) c.abort();
    }

    /** Records that call {@code call} of {@code comm} returned {@code id} on {@code proc}; marks it live. */
    void took(SimComm comm, long call, int proc, int id) {
        if (!live.get(proc).add(id)) {
            violations.add("process " + proc + " has id " + id + " live twice (" + comm.name + " call " + call + ")");
        }
        outcome(comm, call, proc, id);
    }

    /** Records that call {@code call} of {@code comm} raised "out of ids" on {@code proc}. */
    void exhausted(SimComm comm, long call, int proc) {
        outcome(comm, call, proc, -1);
    }

    private void outcome(SimComm comm, long call, int proc, int id) {
        outcomes.computeIfAbsent(comm.name + "#" + call, k -> new ConcurrentHashMap<>()).put(proc, id);
    }

    /** Frees {@code id} on {@code proc}: unmarks it, then returns it to the allocator. */
    void free(int proc, int id) {
        if (!live.get(proc).remove(id)) violations.add("process " + proc + " freed id " + id + " that was not live");
        proc(proc).release(id);
    }

    /** Every recorded call had one outcome on all its members, and nothing was live twice. */
    void assertConsistent() {
        if (!violations.isEmpty()) fail("violations: " + violations);
        outcomes.forEach((call, byProc) -> {
            if (byProc.values().stream().distinct().count() != 1) fail("members disagree on " + call + ": " + byProc);
        });
    }

    int calls() {
        return outcomes.size();
    }

    /**
     * Runs one collective allocate on {@code comm} from one fresh thread per member, waits for all
     * (bounded) and returns the agreed id. For set-up and single-threaded tests.
     */
    int allocateOnAll(SimComm comm, int parentCtx, int tag) {
        int[] ids = new int[comm.members.length];
        List<Runnable> tasks = new ArrayList<>();
        for (int i = 0; i < comm.members.length; i++) {
            int index = i, p = comm.members[i];
            tasks.add(() -> ids[index] = proc(p).allocate(parentCtx, tag, comm.at(p)));
        }
        Workers.runAll("alloc-" + comm.name, tasks, waitLimit.multipliedBy(2), this);
        for (int i = 1; i < ids.length; i++) assertEquals(ids[0], ids[i], "members of " + comm + " disagree");
        return ids[0];
    }

    /** Worker threads with a deadline. */
    static final class Workers {
        private Workers() {}

        /**
         * Runs every task on its own daemon thread and waits for all of them until {@code deadline}.
         * Fails (after aborting the world and printing a thread dump) if any is still running then;
         * rethrows the first failure of any task.
         */
        static void runAll(String name, List<Runnable> tasks, Duration deadline, SimWorld world) {
            runAll(name, tasks, deadline, world, false);
        }

        /**
         * Whether {@code t} has not terminated, judged the way {@link Thread#join(Duration)} judges it.
         * Not {@link Thread#isAlive()}: join(Duration) reads the thread's state without the lock the
         * JVM holds while it marks the thread TERMINATED and then clears the native link, so join can
         * return true while isAlive() is still true for a moment (seen on JDK 25).
         */
        static boolean running(Thread t) {
            return t.getState() != Thread.State.TERMINATED;
        }

        static void runAll(String name, List<Runnable> tasks, Duration deadline, SimWorld world, boolean virtual) {
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < tasks.size(); i++) {
                Runnable task = tasks.get(i);
                Runnable body = () -> {
                    try {
                        task.run();
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                };
                Thread t = virtual ? Thread.ofVirtual().name(name + "-" + i).unstarted(body)
                                   : Thread.ofPlatform().daemon(true).name(name + "-" + i).unstarted(body);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            long end = System.nanoTime() + deadline.toNanos();
            try {
                for (Thread t : threads) {
                    long left = end - System.nanoTime();
                    if (left > 0) t.join(Duration.ofNanos(left));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                world.abort();
                throw new AssertionError(name + ": interrupted while waiting for the workers", e);
            }
            List<Thread> stuck = threads.stream().filter(Workers::running).toList();
            if (!stuck.isEmpty()) {
                String dump = world.describe() + ThreadDumps.dump();
                world.abort();
                fail(name + ": " + stuck.size() + " of " + threads.size() + " workers made no progress within "
                        + deadline.toMillis() + " ms: " + stuck + "\n" + dump);
            }
            if (!failures.isEmpty()) {
                Throwable first = failures.poll();
                AssertionError e = new AssertionError(name + ": a worker failed: " + first, first);
                failures.forEach(e::addSuppressed);
                throw e;
            }
        }
    }
}
