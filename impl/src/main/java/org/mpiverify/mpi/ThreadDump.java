package org.mpiverify.mpi;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Every thread's stack, virtual threads included, for hang and abort reports. {@link Thread#getAllStackTraces()}
 * lists platform threads only, while MPI calls here are often made from virtual threads; the JVM's own
 * thread dump ({@link HotSpotDiagnosticMXBean#dumpThreads}, as {@code jcmd Thread.dump_to_file}) lists
 * both. Bounded: the dump is taken on a helper thread and given {@link #TIME_BOUND}; past it (or if the
 * JVM cannot dump) the platform threads' stacks are given instead, saying so. At most {@link #MAX_CHARS}
 * characters are kept (100,000 parked virtual threads make a dump of tens of megabytes).
 */
final class ThreadDump {
    static final long TIME_BOUND_SECONDS = 10;
    static final int MAX_CHARS = 2 << 20;

    private ThreadDump() {
    }

    static String take() {
        CompletableFuture<String> dump = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).name("mpiverify-thread-dump").start(() -> {
            try {
                dump.complete(jvmDump());
            } catch (Throwable t) {
                dump.completeExceptionally(t);
            }
        });
        try {
            return dump.get(TIME_BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return platformThreads("the JVM's thread dump took over " + TIME_BOUND_SECONDS
                    + " s; platform threads only");
        } catch (ExecutionException e) {
            return platformThreads("the JVM's thread dump failed (" + e.getCause() + "); platform threads only");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return platformThreads("interrupted while taking the JVM's thread dump; platform threads only");
        }
    }

    private static String jvmDump() throws IOException {
        Path dir = Files.createTempDirectory("mpiverify-dump");
        Path file = dir.resolve("threads.txt");   // dumpThreads refuses an existing file
        try {
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), ThreadDumpFormat.TEXT_PLAIN);
            return "Thread dump (platform and virtual threads):\n" + readBounded(file);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static String readBounded(Path file) throws IOException {
        long size = Files.size(file);
        try (InputStream in = Files.newInputStream(file)) {
            String text = new String(in.readNBytes(MAX_CHARS), StandardCharsets.UTF_8);
            return size <= MAX_CHARS ? text
                    : text + "\n[... " + (size - MAX_CHARS) + " more bytes of the dump left out]\n";
        }
    }

    private static String platformThreads(String why) {
        StringBuilder sb = new StringBuilder("Thread dump (" + why + "):\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            sb.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement el : e.getValue()) {
                sb.append("    at ").append(el).append('\n');
            }
            if (sb.length() > MAX_CHARS) {
                sb.append("[... further threads left out]\n");
                break;
            }
        }
        return sb.toString();
    }
}
