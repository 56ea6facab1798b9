package org.mpiverify.harness.nativempi;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.mpiverify.mpi.Job;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a test body on its own platform thread with a deadline; past it, prints every thread's stack
 * ({@link Job#threadDump()}) and fails. Hung native runs are killed by the target itself; this is
 * the backstop in case the target's own deadline handling hangs.
 */
final class Deadline {
    interface Body<T> { T get() throws Exception; }

    private Deadline() { }

    static <T> T within(Duration limit, String what, Body<T> body) throws Exception {
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
            System.err.println("=== " + what + " exceeded " + limit.toMillis() + " ms ===\n" + Job.threadDump());
            runner.interrupt();
            throw new AssertionFailedError(what + " exceeded " + limit.toMillis() + " ms (thread dump on stderr)");
        }
    }
}
