package org.mpiverify.mpi;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Every thread's stack for hang and abort reports: the platform threads, and the virtual threads that are
 * blocked in MPI calls. {@link Thread#getAllStackTraces()} lists platform threads only, and the JVM's own
 * dump that lists virtual threads too ({@code HotSpotDiagnosticMXBean.dumpThreads}, {@code jcmd
 * Thread.dump_to_file}) crashed this JVM (JDK 25.0.3, in {@code GetThreadSnapshotClosure}) when taken
 * while virtual threads were mounting and ending, which is what the threads of an aborted job do
 * (JDK-8359870, JDK-8364343). So a virtual thread that parks inside a call registers itself here for
 * the length of the park (the park costs microseconds; registering, a set insertion) and the dump asks
 * each one for its stack with {@link Thread#getStackTrace()}, which is safe at any time.
 *
 * <p>Bounded: the dump is taken on a helper thread and given {@link #TIME_BOUND_SECONDS}; past it the
 * report says so. At most {@link #MAX_CHARS} characters are kept, then the number of threads left out.
 *
 * <p>The registry is JVM-wide (a diagnostic, shared by all jobs, holding no rank's state): a thread is in
 * it exactly between {@link #parking} and {@link #unparked} of one of its waits.
 */
final class ThreadDump {
    static final long TIME_BOUND_SECONDS = 10;
    static final int MAX_CHARS = 2 << 20;

    private static final Set<Thread> VIRTUAL_THREADS_BLOCKED_IN_MPI = ConcurrentHashMap.newKeySet();

    private ThreadDump() {
    }

    /** Called by a thread about to wait inside a call: true if it registered (a virtual thread). */
    static boolean parking() {
        Thread me = Thread.currentThread();
        return me.isVirtual() && VIRTUAL_THREADS_BLOCKED_IN_MPI.add(me);
    }

    /** Ends a wait that {@link #parking} registered. */
    static void unparked() {
        VIRTUAL_THREADS_BLOCKED_IN_MPI.remove(Thread.currentThread());
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
        for (Thread t : VIRTUAL_THREADS_BLOCKED_IN_MPI) {
            left += append(sb, t, t.getStackTrace()) ? 0 : 1;
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
