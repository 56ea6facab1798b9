package org.mpiverify.testkit;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.opentest4j.AssertionFailedError;

/**
 * A test body run on a platform thread of its own within a deadline: past it, every thread's stack (as
 * {@code dump} gives it, taken before the body's thread is interrupted) goes to stderr and the test fails
 * naming the body. The backstop of runs that have deadlines of their own (a native run's target kills a hung
 * rank itself).
 */
public final class Deadlines {
    /** A test body that may throw. */
    public interface Body<T> { T get() throws Exception; }

    private Deadlines() { }

    /** {@code body}'s result, or its exception; an {@link AssertionFailedError} past {@code limit}. */
    public static <T> T within(Duration limit, String what, Supplier<String> dump, Body<T> body) throws Exception {
        CompletableFuture<T> done = new CompletableFuture<>();
        Thread runner = Thread.ofPlatform().daemon().name("deadline-" + what).start(() -> {
            try {
                done.complete(body.get());
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        try {
            return done.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) throw x;
            throw (Error) e.getCause();
        } catch (TimeoutException e) {
            System.err.println("=== " + what + " exceeded " + limit.toMillis() + " ms ===\n" + dump.get());
            runner.interrupt();
            throw new AssertionFailedError(what + " exceeded " + limit.toMillis() + " ms (thread dump on stderr)");
        }
    }
}
