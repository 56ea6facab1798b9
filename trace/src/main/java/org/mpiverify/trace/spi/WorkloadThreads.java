package org.mpiverify.trace.spi;

import java.util.ArrayList;
import java.util.List;

/**
 * The threads of one rank of a trace workload: started by name, joined together, the first failure of any
 * of them rethrown by {@link #join} (so the job fails with it instead of a thread dying unseen). One rank's
 * body owns an instance; the threads it starts only add to the failures.
 */
public final class WorkloadThreads {
    private final String what;
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();

    /** @param what the threads in words, for the failure's message ("a dup thread", say) */
    public WorkloadThreads(String what) {
        this.what = what;
    }

    /** Starts a platform thread named {@code name} running {@code body}. */
    public void start(String name, Runnable body) {
        threads.add(Thread.ofPlatform().name(name).start(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }));
    }

    /** Joins every thread started; throws the first failure, if any. */
    public void join() throws InterruptedException {
        for (Thread t : threads) t.join();
        synchronized (failures) {
            if (!failures.isEmpty()) throw new IllegalStateException(what + " failed", failures.getFirst());
        }
    }
}
