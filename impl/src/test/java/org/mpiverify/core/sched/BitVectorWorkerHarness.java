package org.mpiverify.core.sched;

/**
 * jcstress's door into the package-private {@link BitVectorWorker}: one worker per jcstress state, never started
 * (no scheduler, no thread runs on it), whose own {@code ThreadSignal} and idle announcement are raced.
 */
public final class BitVectorWorkerHarness {
    private final BitVectorWorker worker = new BitVectorWorker(null, "jcstress-worker", 0, 512, null);

    /** {@link BitVectorWorker#announceSleep}: true if the worker would park. */
    public boolean announceSleep() {
        return worker.announceSleep();
    }

    /** {@link BitVectorWorker#signal}: marks thread {@code id}; true if it unparked the worker. */
    public boolean signal(int id) {
        return worker.signal(id);
    }
}
