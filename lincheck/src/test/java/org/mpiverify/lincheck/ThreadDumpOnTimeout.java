package org.mpiverify.lincheck;

import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Prints every thread's stack when a test runs past its {@code @Timeout}, then rethrows: a hung Lincheck
 * run (a livelock in the component, or a scenario the model checker cannot finish) shows where each
 * thread was.
 */
public final class ThreadDumpOnTimeout implements TestExecutionExceptionHandler {
    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        if (t instanceof TimeoutException || t.getCause() instanceof TimeoutException) {
            System.err.println("=== " + context.getDisplayName() + " timed out; thread dump ===");
            System.err.println(threadDump());
        }
        throw t;
    }

    /** Every live thread's name, state and stack. */
    public static String threadDump() {
        return org.mpiverify.mpi.Job.threadDump();
    }
}
