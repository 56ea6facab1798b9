package org.mpiverify.bench.dang;

import java.lang.reflect.Constructor;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

/**
 * The floor under any scheduler of JDK virtual threads: a scheduler that does nothing but run what it is
 * handed. One platform worker takes the continuation tasks the JDK submits, first in first out, and runs each
 * ({@code runContinuation}: mount, run until the thread parks, unmount); an idle worker spins. Every scheduler
 * of virtual threads, the JDK's {@code ForkJoinPool} and {@code DangScheduler} alike, makes that same call per
 * switch and must also find the task's worker and queue it; this one's queueing is a lock-free queue's offer and
 * poll and nothing else (no lookup, no sleep handshake, no stealing), so a handoff here costs the JDK's
 * mount/unmount and one queue pass. It is the floor of {@link WakeUps}' handoffs at the same pair count (one
 * worker, as the bit-vector scheduler has one worker for up to 262,144 threads).
 *
 * <p>Thread safety: {@link #execute} may be called by any thread; the worker is the only consumer. The worker
 * spins while it has nothing to run, so an instance lives for one measurement only ({@link #close} stops it).
 *
 * <p>Uses the package-private {@code ThreadBuilders.VirtualThreadBuilder(Executor)} constructor, as
 * {@code DangScheduler} does (needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}).
 */
final class MountFloor implements Executor, AutoCloseable {
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Thread worker;
    private volatile boolean stop;

    MountFloor() {
        worker = Thread.ofPlatform().name("bench-mount-floor").daemon(true).start(() -> {
            while (!stop) {
                Runnable r = tasks.poll();
                if (r != null) {
                    r.run();
                } else {
                    Thread.onSpinWait();
                }
            }
        });
    }

    /** Called by the JDK when one of this scheduler's virtual threads becomes runnable. */
    @Override
    public void execute(Runnable task) {
        tasks.offer(task);
    }

    /** A builder of virtual threads whose continuations this scheduler runs. */
    Thread.Builder.OfVirtual threads() {
        try {
            Constructor<?> c = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder")
                    .getDeclaredConstructor(Executor.class);
            c.setAccessible(true);
            return (Thread.Builder.OfVirtual) c.newInstance(this);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new UnsupportedOperationException("the mount/unmount floor needs the JDK's virtual-thread "
                    + "scheduler hook (run the JVM with --add-opens java.base/java.lang=ALL-UNNAMED): " + e, e);
        }
    }

    /** Stops the worker (threads still parked here never run again) and waits up to 2 s for it. */
    @Override
    public void close() throws InterruptedException {
        stop = true;
        worker.join(Duration.ofSeconds(2));
    }
}
