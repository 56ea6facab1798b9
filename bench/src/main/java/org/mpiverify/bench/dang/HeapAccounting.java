package org.mpiverify.bench.dang;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.management.ObjectName;

/**
 * The JVM's own accounting of the heap: the bytes in use after a full collection
 * ({@code MemoryMXBean}), and the class histogram of live objects ({@code GC.class_histogram}, through
 * the DiagnosticCommand MBean, the same as {@code jcmd PID GC.class_histogram}), summed into what a
 * blocked virtual thread costs: its stack, its thread object, the core's objects, thread-local maps.
 */
final class HeapAccounting {
    private HeapAccounting() {
    }

    /** Heap bytes in use after a full collection (two, so that what the first freed is gone). */
    static long usedAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Bytes of live objects per category, from the class histogram (it runs a full collection first). */
    static Map<String, Long> histogramByCategory() {
        String text;
        try {
            text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {null}, new String[] {String[].class.getName()});
        } catch (Exception e) {
            throw new IllegalStateException("GC.class_histogram failed: " + e, e);
        }
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (String c : CATEGORIES) {
            bytes.put(c, 0L);
        }
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 4 || !f[0].endsWith(":")) {
                continue;
            }
            bytes.merge(category(f[3]), Long.parseLong(f[2]), Long::sum);
        }
        return bytes;
    }

    static final String STACK = "thread stacks (StackChunk)";
    static final String THREAD = "thread objects (VirtualThread, continuation)";
    static final String CORE = "MPI core (org.mpiverify.*)";
    static final String THREAD_LOCALS = "thread-local maps";
    static final String OTHER = "other";
    static final String[] CATEGORIES = {STACK, THREAD, CORE, THREAD_LOCALS, OTHER};

    static String category(String name) {
        String className = name.startsWith("[L") ? name.substring(2) : name;   // arrays count with their elements
        if (className.startsWith("jdk.internal.vm.StackChunk")) {
            return STACK;
        }
        if (className.startsWith("java.lang.VirtualThread") || className.startsWith("jdk.internal.vm.Continuation")) {
            return THREAD;
        }
        if (className.startsWith("org.mpiverify.")) {
            return CORE;
        }
        if (className.contains("ThreadLocal$ThreadLocalMap")) {
            return THREAD_LOCALS;
        }
        return OTHER;
    }
}
