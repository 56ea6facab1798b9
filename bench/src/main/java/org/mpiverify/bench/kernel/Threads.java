package org.mpiverify.bench.kernel;

import java.util.concurrent.atomic.AtomicReference;

/** Runs a kernel's body on several platform threads of one rank and joins them. */
public final class Threads {
    private Threads() {
    }

    /** A body run by thread {@code t} of {@code n}. */
    @FunctionalInterface
    public interface Body {
        void run(int t) throws Exception;
    }

    /**
     * Runs {@code body(0..n-1)} on {@code n} new platform threads (native blocking calls spin: not virtual
     * ones) named {@code name-t}, joins them and rethrows the first failure. The joins have no timeout of
     * their own: the job's or target's deadline aborts every blocked MPI call (the core fails them with
     * ERR_ABORTED, a native target kills the rank processes), so the threads end if anything hangs.
     */
    public static void run(String name, int n, Body body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[n];
        for (int t = 0; t < n; t++) {
            int id = t;
            ts[t] = Thread.ofPlatform().name(name + "-" + t).start(() -> {
                try {
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
        }
        for (Thread t : ts) {
            t.join();
        }
        Throwable f = failure.get();
        if (f instanceof Exception e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }
}
