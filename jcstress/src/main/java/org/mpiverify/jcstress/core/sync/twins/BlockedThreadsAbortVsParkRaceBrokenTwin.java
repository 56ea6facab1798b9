package org.mpiverify.jcstress.core.sync.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.LockSupport;
import org.mpiverify.core.sync.BlockedThreads;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Known-bad twin of {@code BlockedThreadsAbortVsParkRace}: the waiter looks at the abort flag BEFORE it
 * registers, then registers and parks. With the window between the look and the registration held open
 * until the aborter is done (as in the good test), the aborter's wake-up finds nobody, and the waiter
 * parks forever: STALE. jcstress must report it.
 */
@JCStressTest(Mode.Termination)
@Description("Broken twin: check abort, then register and park: the abort is lost")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter happened to see the abort.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost abort: the wake-up came before the registration.")
@State
public class BlockedThreadsAbortVsParkRaceBrokenTwin {
    static final long WINDOW_NANOS = 50_000_000L;

    final BlockedThreads blocked = new BlockedThreads(1);
    volatile boolean aborted;
    volatile boolean abortDone;

    @Actor
    public void waiter() {
        while (true) {
            if (aborted) {                               // DEFECT: the look comes first ...
                return;
            }
            long end = System.nanoTime() + WINDOW_NANOS;
            while (!abortDone && System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            BlockedThreads.Entry e = blocked.add(Thread.currentThread()); // ... the registration after it
            try {
                LockSupport.park(this);
            } finally {
                blocked.remove(e);
            }
        }
    }

    @Signal
    public void abort() {
        aborted = true;
        blocked.wakeAll();
        abortDone = true;
    }
}
