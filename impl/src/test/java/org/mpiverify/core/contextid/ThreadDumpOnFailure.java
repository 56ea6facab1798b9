package org.mpiverify.core.contextid;


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
        return org.mpiverify.mpi.Job.threadDump();
    }
}
