package org.mpiverify.locks.command;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The lock auditor's segments, when this JVM runs under the agent ({@code audit --target core --locks}
 * runs the core's audit in a child JVM with it): a report per audit column (configuration), since what
 * {@code LOCK_AROUND_CALL} does must not be mixed with what {@code GLOBAL} does. Reached reflectively
 * through the system class loader (the agent jar is on it), so the audit runs the same without the agent.
 */
public final class LockSegments {
    private static final Method RESET;
    private static final Method WRITE;

    static {
        Method reset = null;
        Method write = null;
        try {
            Class<?> audit = ClassLoader.getSystemClassLoader().loadClass("org.mpiverify.locks.LockAudit");
            if ((Boolean) audit.getMethod("active").invoke(null)) {
                reset = audit.getMethod("reset");
                write = audit.getMethod("writeSegment", String.class);
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            // no agent in this JVM
        }
        RESET = reset;
        WRITE = write;
    }

    private LockSegments() { }

    /** True if the agent runs in this JVM. */
    public static boolean active() {
        return RESET != null;
    }

    /** Starts a segment: what was recorded before is dropped. */
    public static void begin() {
        invoke(RESET);
    }

    /** Writes the segment's report as {@code name} (relative to the agent's report folder). */
    public static void end(String name) {
        invoke(WRITE, name);
    }

    private static void invoke(Method m, Object... args) {
        if (m == null) {
            return;
        }
        try {
            m.invoke(null, args);
        } catch (InvocationTargetException e) {
            System.err.println("locks agent: " + m.getName() + " failed: " + e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
