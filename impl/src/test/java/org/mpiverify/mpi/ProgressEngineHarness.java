package org.mpiverify.mpi;

import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * jcstress's door into the package-private {@link ProgressEngine}: one fresh engine per jcstress state, on
 * rank 0 of a one-rank job of its own. In the core's test jar, beside the engine; the jcstress module's known-bad
 * twins of it are patches of this door on the engine's twins ({@code twins/patches/jcstress/*ProgressEngineHarness.patch}). The engine uses the rank only to park and to check for an abort. The
 * job's wait policy neither spins nor yields before a park, so that the engine's park/signal protocol alone
 * decides whether a waiter wakes (a spin phase re-reads the event count too, and would hide a broken
 * re-check), and its parks have no timeout.
 *
 * <p>Why a job per state: a park of the engine registers the thread in its job's {@code BlockedThreads}
 * after the engine's last check ({@code RankContext.parkInCall}), and a registry stripe lock that is
 * contended parks, which consumes an unpark that arrived after that check. With one job shared by every
 * state of a fork, the waiters of other samples contend for those stripes and such lost wake-ups showed
 * in the good races (a hazard of {@code parkInCall}, not of the two Dekker pairs these races are about;
 * see jcstress/README.md).
 */
public final class ProgressEngineHarness {
    /** Straight to register-and-park; the slice (used only with a taken waiter slot) is far beyond jcstress's limits. */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 600_000_000_000L);
    private static final JobConfig CONFIG = JobConfig.of(1).withWaitPolicy(PARK_AT_ONCE);

    private final ProgressEngine engine = new ProgressEngine(Job.create(CONFIG).rank(0));

    /** {@link ProgressEngine#start}: adds {@code s} and makes its first step. */
    public void start(Schedule s) {
        engine.start(s);
    }

    /** {@link ProgressEngine#signal()}: a schedule started or a context-id round ended (wakes the poller). */
    public void signal() {
        engine.signal();
    }

    /** {@link ProgressEngine#signalled}: what a completed transfer of {@code s} tells the engine. */
    public void signal(Schedule s) {
        engine.signalled(s.state());
    }

    /** {@link ProgressEngine#events}: the event count, a poller's ticket. */
    public long events() {
        return engine.events();
    }

    /** {@link ProgressEngine#publishParked}: the poller's half of the Dekker pair with a signal. */
    public boolean publishParked(long ticket, Thread poller) {
        return engine.publishParked(ticket, poller);
    }

    /** {@link ProgressEngine#await}: waits until {@code target} is done, polling as the poller or on standby. */
    public void await(Completion target) {
        engine.await(target, this);
    }
}
