package org.mpiverify.testkit;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Every thread's stack, for the report of a test that hangs or fails. Virtual threads are included:
 * {@link Thread#getAllStackTraces()} leaves them out, so the dump comes from the JVM's own thread dump
 * ({@link HotSpotDiagnosticMXBean#dumpThreads}), which lists platform and virtual threads alike; if
 * that is unavailable, from {@code getAllStackTraces} (platform threads only, said so in the text).
 */
public final class ThreadDumps {
    private ThreadDumps() {}

    /** A dump of every live thread, headed by {@code why}. */
    public static String dump(String why) {
        return "=== thread dump: " + why + " ===\n" + dump();
    }

    /** A dump of every live thread, platform and virtual. */
    public static String dump() {
        Path file = null;
        try {
            file = Files.createTempFile("mpiverify-threads-", ".txt");
            Files.delete(file); // dumpThreads refuses to overwrite
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return platformThreads("(virtual threads not listed: " + e + ")");
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    private static String platformThreads(String note) {
        StringBuilder sb = new StringBuilder(note).append('\n');
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            sb.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement el : e.getValue()) {
                sb.append("    at ").append(el).append('\n');
            }
        }
        return sb.toString();
    }
}
