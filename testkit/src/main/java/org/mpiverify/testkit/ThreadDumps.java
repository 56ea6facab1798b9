package org.mpiverify.testkit;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Map;

/**
 * Every platform thread's stack, for the report of a test that hangs or fails, with the lock each one
 * waits for and who holds it. Not the JVM's own dump ({@code HotSpotDiagnosticMXBean.dumpThreads},
 * which lists virtual threads too): it crashed JDK 25.0.3 while virtual threads were mounting
 * (JDK-8359870, JDK-8364343; see docs/errors.md). Tests of MPI jobs add the core's own dump
 * ({@code Job.threadDump()}), which lists the virtual threads blocked in MPI calls.
 */
public final class ThreadDumps {
    private ThreadDumps() {}

    /** A dump of every live platform thread, headed by {@code why}. */
    public static String dump(String why) {
        return "=== thread dump: " + why + " ===\n" + dump();
    }

    /** A dump of every live platform thread. */
    public static String dump() {
        Map<Long, ThreadInfo> infos = new HashMap<>();
        try {
            for (ThreadInfo i : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                infos.put(i.getThreadId(), i);
            }
        } catch (RuntimeException e) {
            // lock information is a bonus: the stacks below do not need it
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            sb.append('"').append(t.getName()).append("\" ").append(t.getState());
            ThreadInfo i = infos.get(t.threadId());
            if (i != null && i.getLockName() != null) {
                sb.append(" on ").append(i.getLockName());
                if (i.getLockOwnerName() != null) sb.append(" held by \"").append(i.getLockOwnerName()).append('"');
            }
            sb.append('\n');
            for (StackTraceElement el : e.getValue()) sb.append("    at ").append(el).append('\n');
        }
        return sb.toString();
    }
}
