package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Known-bad twin of {@link org.mpiverify.core.sync.SerializedCallDetector}: enter reads the owner and
 * then sets it (check-then-act) instead of one compareAndExchange, so two overlapping calls can both
 * see "nobody inside" and the overlap goes unreported.
 */
public final class CheckThenActSerializedCallDetector {
    private final AtomicReference<Thread> owner = new AtomicReference<>();

    public Thread enter() {
        Thread me = Thread.currentThread();
        Thread other = owner.get();
        if (other == null) {
            owner.set(me); // DEFECT: was owner.compareAndExchange(null, me)
            return null;
        }
        return other == me ? null : other;
    }

    public void exit() {
        owner.compareAndSet(Thread.currentThread(), null);
    }
}
