package org.mpiverify.mpi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.mpiverify.core.sync.BlockedThreads;

/**
 * Every thread's stack for hang and abort reports: the platform threads, and the virtual threads that are
 * blocked in MPI calls. {@link Thread#getAllStackTraces()} lists platform threads only, and the JVM's own
 * dump that lists virtual threads too ({@code HotSpotDiagnosticMXBean.dumpThreads}, {@code jcmd
 * Thread.dump_to_file}) crashed this JVM (JDK 25.0.3, in {@code GetThreadSnapshotClosure}) when taken
 * while virtual threads were mounting and ending, which is what the threads of an aborted job do
 * (JDK-8359870, JDK-8364343). So the dump lists the virtual threads that every job's
 * {@link BlockedThreads} holds (a thread parked in a call is registered there for the length of the
 * park, so that an abort can wake it) and asks each one for its stack with {@link Thread#getStackTrace()},
 * which is safe at any time.
 *
 * <p>Bounded: the dump is taken on a helper thread and given {@link #TIME_BOUND_SECONDS}; past it the
 * report says so. At most {@link #MAX_CHARS} characters are kept, then the number of threads left out;
 * at most {@link #MAX_LISTED} virtual threads are even asked for their stacks.
 *
 * <p>The set of registries is JVM-wide (a diagnostic, holding no rank's state) and weak: a job that is
 * no longer reachable drops out of it.
 */
final class ThreadDump {
    static final long TIME_BOUND_SECONDS = 10;
    static final int MAX_CHARS = 2 << 20;

    /** Virtual threads whose stacks are looked at, at most (a 2 MiB dump holds about a thousand). */
    static final int MAX_LISTED = 20_000;

    private static final Set<BlockedThreads> REGISTRIES = Collections.synchronizedSet(
            Collections.newSetFromMap(new WeakHashMap<>()));

    private ThreadDump() {
    }

    /** Makes the threads parked in {@code blocked} (a job's) part of every dump while the job is reachable. */
    static void track(BlockedThreads blocked) {
        REGISTRIES.add(blocked);
    }

    static String take() {
        CompletableFuture<String> dump = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).name("mpiverify-thread-dump").start(() -> {
            try {
                dump.complete(collect());
            } catch (Throwable t) {
                dump.completeExceptionally(t);
            }
        });
        try {
            return dump.get(TIME_BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return "Thread dump: not taken within " + TIME_BOUND_SECONDS + " s\n";
        } catch (ExecutionException e) {
            return "Thread dump failed: " + e.getCause() + "\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "Thread dump: interrupted\n";
        }
    }

    private static String collect() {
        StringBuilder sb = new StringBuilder("Thread dump (platform threads, and virtual threads blocked in MPI):\n");
        int left = 0;
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            left += append(sb, e.getKey(), e.getValue()) ? 0 : 1;
        }
        List<BlockedThreads> registries;
        synchronized (REGISTRIES) {
            registries = new ArrayList<>(REGISTRIES);
        }
        int listed = 0;
        for (BlockedThreads b : registries) {
            for (Thread t : b.snapshot(MAX_LISTED)) {
                if (!t.isVirtual()) {
                    continue;                                   // listed above with the platform threads
                }
                if (listed++ < MAX_LISTED && sb.length() <= MAX_CHARS && append(sb, t, t.getStackTrace())) {
                    continue;
                }
                left++;
            }
            left += Math.max(0, b.size() - MAX_LISTED);         // never even listed
        }
        if (left > 0) {
            sb.append("[... ").append(left).append(" more threads left out: the dump stops at ")
                    .append(MAX_CHARS).append(" characters]\n");
        }
        return sb.toString();
    }

    /** Appends one thread's stack unless the dump is full; false if it was left out. */
    private static boolean append(StringBuilder sb, Thread t, StackTraceElement[] stack) {
        if (sb.length() > MAX_CHARS) {
            return false;
        }
        sb.append('"').append(t.getName()).append('"').append(t.isVirtual() ? " virtual " : " ")
                .append(t.getState()).append('\n');
        for (StackTraceElement el : stack) {
            sb.append("    at ").append(el).append('\n');
        }
        return true;
    }
}
