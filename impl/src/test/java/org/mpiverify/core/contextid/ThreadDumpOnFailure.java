package org.mpiverify.core.contextid;

import java.util.Map;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/** Prints every thread's stack trace when a test fails (deadlines included), then rethrows. */
public final class ThreadDumpOnFailure implements TestExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        System.err.println("=== " + context.getDisplayName() + " failed: " + failure + "\n" + dump());
        throw failure;
    }

    /** All live threads' stack traces, like jstack without locks. */
    static String dump() {
        StringBuilder sb = new StringBuilder("--- thread dump ---\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            sb.append('"').append(t.getName()).append("\" ").append(t.getState())
              .append(t.isDaemon() ? " daemon" : "").append('\n');
            for (StackTraceElement f : e.getValue()) sb.append("    at ").append(f).append('\n');
        }
        return sb.append("--- end of thread dump ---").toString();
    }
}
