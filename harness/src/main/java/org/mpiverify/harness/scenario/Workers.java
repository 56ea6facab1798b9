package org.mpiverify.harness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.mpiverify.core.sched.DangScheduler;

/**
 * Runs a scenario's threads on one rank and joins them with a bound. The kinds of thread are the
 * ones MPI programs meet: platform threads the rank starts, virtual threads, a pool the rank
 * creates, and threads of a pool the rank did not start ({@link #FOREIGN}).
 *
 * <p>On a rank whose threads are user-level threads of the core's bit-vector scheduler (Dang, Snir &amp; Gropp
 * §3.1: every user thread is one of the scheduler's; {@link DangScheduler#onScheduler()}), the threads the rank
 * starts itself, {@link Kind#PLATFORM} and {@link Kind#POOL} as well as {@link Kind#VIRTUAL}, are the scheduler's
 * too (virtual threads inherit it); a {@link Kind#FOREIGN} pool's threads stay platform threads, as threads the
 * rank did not start.
 *
 * <p>Bounded join: every thread is joined by {@code bound}; once one thread has failed the others
 * get a short grace ({@link #GRACE}) and are then left behind, so a failure reaches the judge as
 * evidence instead of turning into a hang. Left-behind threads are blocked in MPI calls; the target
 * ends them when it aborts the run. The failure then carries a {@link ThreadsLeftBehind}, so a rank
 * knows it must not call {@code MPI_Finalize} (MPI forbids it while other threads are inside MPI calls;
 * MPICH over UCX asserts on it).
 */
public final class Workers {
    /** How long the other threads may still run after one has failed. */
    static final Duration GRACE = Duration.ofSeconds(2);
    /** Frames per left-behind thread in a {@link ThreadsLeftBehind} message. */
    private static final int STACK_FRAMES = 8;

    /** A pool shared by the whole JVM and created outside any rank: "threads the rank did not start". */
    private static final class Foreign {
        static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "audit-foreign-pool");
            t.setDaemon(true);
            return t;
        });
    }

    public enum Kind { PLATFORM, VIRTUAL, POOL, FOREIGN }

    /** Marks a failure after which some of the scenario's threads were still running (in MPI calls). */
    public static final class ThreadsLeftBehind extends IllegalStateException {
        ThreadsLeftBehind(String message) {
            super(message);
        }
    }

    /** Whether {@code t}, its causes or anything suppressed by them says threads were left behind. */
    public static boolean leftThreadsBehind(Throwable t) {
        java.util.ArrayDeque<Throwable> pending = new java.util.ArrayDeque<>();
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        if (t != null) pending.add(t);
        while (!pending.isEmpty()) {
            Throwable x = pending.poll();
            if (!seen.add(x)) continue;
            if (x instanceof ThreadsLeftBehind) return true;
            if (x.getCause() != null) pending.add(x.getCause());
            pending.addAll(java.util.Arrays.asList(x.getSuppressed()));
        }
        return false;
    }

    @FunctionalInterface
    public interface Body {
        void run(int thread) throws Exception;
    }

    private Workers() { }

    /** Runs {@code body(0..n-1)} on {@code n} platform threads; rethrows the first failure. */
    public static void run(int n, Duration bound, Body body) throws Exception {
        run(Kind.PLATFORM, n, bound, body);
    }

    /** Runs {@code body(0..n-1)} on {@code n} threads of {@code kind}; rethrows the first failure. */
    public static void run(Kind kind, int n, Duration bound, Body body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Future<?>> futures = new ArrayList<>(n);
        AtomicReferenceArray<Thread> running = new AtomicReferenceArray<>(n);
        String prefix = Thread.currentThread().getName() + "/"; // names say which rank a stack in a hang report is on
        // a virtual thread's factory, used by a thread of a bit-vector scheduler, makes threads of that scheduler
        boolean userLevel = DangScheduler.onScheduler();
        ExecutorService own = switch (kind) {
            case PLATFORM -> Executors.newThreadPerTaskExecutor(userLevel ? Thread.ofVirtual().name(prefix + "worker-", 0).factory()
                    : Thread.ofPlatform().daemon(true).name(prefix + "worker-", 0).factory());
            case VIRTUAL -> Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(prefix + "virtual-", 0).factory());
            case POOL -> Executors.newFixedThreadPool(n, userLevel ? Thread.ofVirtual().name(prefix + "pool-", 0).factory()
                    : Thread.ofPlatform().daemon(true).name(prefix + "pool-", 0).factory());
            case FOREIGN -> null;
        };
        ExecutorService exec = own != null ? own : Foreign.POOL;
        try {
            for (int i = 0; i < n; i++) {
                int t = i;
                futures.add(exec.submit(() -> {
                    running.set(t, Thread.currentThread());
                    try {
                        body.run(t);
                    } catch (Throwable e) {
                        if (!failure.compareAndSet(null, e)) {
                            failure.get().addSuppressed(e);
                        }
                    }
                    return null;
                }));
            }
            long end = System.nanoTime() + bound.toNanos();
            List<Integer> unfinished = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                while (true) {
                    if (failure.get() != null) {
                        end = Math.min(end, System.nanoTime() + GRACE.toNanos());
                    }
                    long slice = Math.min(end - System.nanoTime(), TimeUnit.MILLISECONDS.toNanos(100));
                    if (slice <= 0) {
                        unfinished.add(i);
                        break;
                    }
                    try {
                        futures.get(i).get(slice, TimeUnit.NANOSECONDS);
                        break;
                    } catch (TimeoutException e) {
                        // re-check the failure flag and the bound
                    }
                }
            }
            Throwable f = failure.get();
            if (f != null) {
                if (!unfinished.isEmpty()) {
                    f.addSuppressed(new ThreadsLeftBehind("threads " + unfinished + " of " + n
                            + " were still running when the failure was reported"));
                }
                if (f instanceof Exception e) throw e;
                if (f instanceof Error e) throw e;
                throw new IllegalStateException(f);
            }
            if (!unfinished.isEmpty()) {
                throw new ThreadsLeftBehind("threads " + unfinished + " of " + n + " did not finish within "
                        + bound.toMillis() + " ms" + whereTheyAre(running, unfinished));
            }
        } finally {
            if (own != null) {
                own.shutdown(); // never close(): that would wait without a bound for left-behind threads
            }
        }
    }

    /**
     * Where each unfinished thread is: on the first line the innermost project method of each (for a
     * native library, the binding's MPI call it waits in; the line becomes the verdict's summary), then
     * each thread's top frames.
     */
    private static String whereTheyAre(AtomicReferenceArray<Thread> running, List<Integer> unfinished) {
        List<String> calls = new ArrayList<>();
        StringBuilder frames = new StringBuilder();
        for (int i : unfinished) {
            Thread th = running.get(i);
            frames.append("\n  thread ").append(i).append(th == null ? " (never started)" : " (" + th.getName() + ")");
            if (th == null) continue;
            // the JDK's frames of a native downcall say nothing about which MPI call it is
            List<StackTraceElement> stack = java.util.Arrays.stream(th.getStackTrace())
                    .filter(f -> !f.getClassName().startsWith("java.lang.invoke.") && !f.getClassName().startsWith("jdk.internal."))
                    .limit(STACK_FRAMES)
                    .toList();
            stack.stream().filter(f -> f.getClassName().startsWith("org.mpiverify.")).findFirst()
                    .ifPresent(f -> calls.add(f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1)
                            + "." + f.getMethodName()));
            stack.forEach(f -> frames.append("\n      at ").append(f));
        }
        return (calls.isEmpty() ? "" : ", in " + String.join(", ", calls)) + frames;
    }
}
