package org.mpiverify.core.matching;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;

/**
 * Runs each test body in its own thread and, if it has not finished by 90% of the test's
 * {@link Timeout}, prints every thread's stack ({@link Thread#getAllStackTraces()}) before interrupting
 * it and failing. JUnit's own {@code @Timeout} stays as the backstop. A hung concurrency test thus
 * reports where every thread was stuck, not only that time ran out.
 */
public final class ThreadDumpOnTimeout implements InvocationInterceptor {
    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        Timeout t = call.getExecutable().getAnnotation(Timeout.class);
        for (Class<?> c = context.getRequiredTestClass(); t == null && c != null; c = c.getEnclosingClass()) {
            t = c.getAnnotation(Timeout.class); // a @Nested class inherits its outer class's deadline
        }
        if (t == null) {
            throw new AssertionFailedError(context.getDisplayName() + ": every test needs a @Timeout");
        }
        long millis = Math.max(1, t.unit().toMillis(t.value()) * 9 / 10);
        AtomicReference<Thread> body = new AtomicReference<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread runner = Thread.ofPlatform().name("test-body-" + context.getDisplayName()).daemon().start(() -> {
            body.set(Thread.currentThread());
            try {
                invocation.proceed();
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        try {
            done.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause();
        } catch (TimeoutException e) {
            System.err.println(dump(context.getDisplayName() + " exceeded " + millis + " ms"));
            runner.interrupt();
            throw new AssertionFailedError(context.getDisplayName() + " timed out after " + millis + " ms (thread dump on stderr)");
        }
    }

    static String dump(String why) {
        return "=== thread dump: " + why + " ===\n" + org.mpiverify.mpi.Job.threadDump();
    }
}
