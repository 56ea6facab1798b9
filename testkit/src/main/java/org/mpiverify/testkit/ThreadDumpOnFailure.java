package org.mpiverify.testkit;

import java.lang.reflect.Method;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * The one JUnit extension for concurrency tests that may hang: it prints every thread's stack
 * ({@link ThreadDumps}, virtual threads included) when a test fails, and also while a test is still
 * running at 90% of its {@link Timeout} (on the method, its class or an enclosing class; a test without
 * one fails: every concurrency test needs a deadline), so that a
 * hang shows where each thread was even if JUnit's timeout then cannot stop the test thread. The test
 * body runs on its usual thread; the watchdog only reads stacks. JUnit's {@code @Timeout} stays the
 * deadline.
 */
public final class ThreadDumpOnFailure implements InvocationInterceptor, TestExecutionExceptionHandler {
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "thread-dump-watchdog");
        t.setDaemon(true);
        return t;
    });
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ThreadDumpOnFailure.class);

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        Timeout t = timeoutOf(call.getExecutable(), context.getRequiredTestClass());
        if (t == null) {
            throw new AssertionError(context.getDisplayName() + ": a concurrency test needs a deadline (@Timeout)");
        }
        long millis = Math.max(1, t.unit().toMillis(t.value()) * 9 / 10);
        AtomicBoolean dumped = new AtomicBoolean();
        context.getStore(NS).put("dumped", dumped);
        ScheduledFuture<?> watch = WATCHDOG.schedule(() -> {
            dumped.set(true);
            System.err.println(ThreadDumps.dump(context.getDisplayName() + " still running after " + millis + " ms"));
        }, millis, TimeUnit.MILLISECONDS);
        try {
            invocation.proceed();
        } finally {
            watch.cancel(false);
        }
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        AtomicBoolean dumped = context.getStore(NS).get("dumped", AtomicBoolean.class);
        if (dumped == null || !dumped.get()) {
            System.err.println(ThreadDumps.dump(context.getDisplayName() + " failed: " + failure));
        }
        throw failure;
    }

    /** The method's {@code @Timeout}, else its class's, else an enclosing class's (a {@code @Nested} class inherits it). */
    static Timeout timeoutOf(Method m, Class<?> testClass) {
        Timeout t = m.getAnnotation(Timeout.class);
        for (Class<?> c = testClass; t == null && c != null; c = c.getEnclosingClass()) {
            t = c.getAnnotation(Timeout.class);
        }
        return t;
    }
}
