package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Race: {@link Completion#signal()} (write {@code done}, read {@code waiter}) against
 * {@link Completion#await} of a waiter that is about to park (write {@code waiter}, read {@code done}):
 * the "already signalled" flag of Dang, Snir &amp; Gropp §3.1.
 *
 * <p>The waiter is given a policy with no spinning and no yields and a 10-minute park slice, so it goes
 * straight to register-and-park and the only thing that can end its wait is the signaller's unpark or
 * its own read of {@code done}. The signal may land before the registration, between it and the park,
 * or during the park. Forbidden: STALE, the waiter still parked after the signal — a lost wake-up: both
 * Dekker reads missed the other thread's write (store-load reordering), so the waiter parked on a
 * completed request and nobody unparked it.
 */
@JCStressTest(Mode.Termination)
@Description("Completion.signal vs a waiter about to park: no lost wake-up (DSG §3.1)")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiter returned: it saw done, or the signaller saw it and unparked it.")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the waiter parked after the signal and was never unparked.")
@State
public class CompletionSignalVsParkRace {
    /** Straight to register-and-park; the slice is far beyond jcstress's termination timeout. */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 600_000_000_000L);

    final Completion completion = new Completion();

    @Actor
    public void waiter() {
        completion.await(() -> false, PARK_AT_ONCE);
    }

    @Signal
    public void completer() {
        completion.signal();
    }
}
