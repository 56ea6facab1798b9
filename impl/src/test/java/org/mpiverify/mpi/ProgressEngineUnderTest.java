package org.mpiverify.mpi;

import java.util.concurrent.atomic.AtomicBoolean;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * Lincheck's door into the package-private {@link ProgressEngine}: one engine on rank 0 of a one-rank job of its
 * own, and two nonblocking operations of one transfer each, which a partner completes ({@link #arrive}) and the
 * engine's threads poll. The job's wait policy neither spins nor yields, so every wait that finds nothing done
 * takes the engine's park path, where its roles and wake-ups are. A job per instance: Lincheck makes one per
 * invocation. In the core's test jar, beside the engine, for the Lincheck suite; its known-bad twin is this door
 * on the engine's twin ({@code twins/patches/lincheck/StandbyReturnsOnWakeProgressEngineUnderTest.patch}). The
 * engine is called directly: Lincheck follows no method handle.
 *
 * <p>Each operation returns what a user of the engine sees, for a sequential specification to judge:
 * <ul>
 *   <li>{@link #start}: {@code ProgressEngine.start} of operation i, once ("started"; later "again");
 *       i counts as started once the call returned;</li>
 *   <li>{@link #arrive}: its partner completes its one transfer and tells the engine, as a completed transfer
 *       does ("arrived"; "again"; "not started": a partner answers only a started operation);</li>
 *   <li>{@link #waitOn}: {@code ProgressEngine.await} on i's request, as the poller or on standby ("done" if
 *       i was done when it returned, "returned early" if not; "not started");</li>
 *   <li>{@link #test}: a test loop ({@code ProgressEngine.poll}, a pass each) until i is done, if its transfer
 *       has arrived ("done"); else "not due" (a test loop on an operation nobody completes would not end).</li>
 * </ul>
 */
public final class ProgressEngineUnderTest implements ProgressEngineDoor {
    static final int OPS = 2;
    private static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 600_000_000_000L);

    private final ProgressEngine engine;
    private final OneTransfer[] ops = new OneTransfer[OPS];
    private final AtomicBoolean[] claimed = new AtomicBoolean[OPS];
    private final AtomicBoolean[] arrived = new AtomicBoolean[OPS];
    private final AtomicBoolean[] startedFlag = new AtomicBoolean[OPS];

    /** An engine on a job of its own. */
    public ProgressEngineUnderTest() {
        RankContext rank = Job.create(JobConfig.of(1).withWaitPolicy(PARK_AT_ONCE)).rank(0);
        engine = new ProgressEngine(rank);
        for (int i = 0; i < OPS; i++) {
            ops[i] = new OneTransfer();
            claimed[i] = new AtomicBoolean();
            arrived[i] = new AtomicBoolean();
            startedFlag[i] = new AtomicBoolean();
        }
    }

    @Override
    public String start(int i) {
        if (!claimed[i].compareAndSet(false, true)) return "again";
        engine.start(ops[i]);
        startedFlag[i].set(true);
        return "started";
    }

    @Override
    public String arrive(int i) {
        if (!startedFlag[i].get()) return "not started";
        if (!arrived[i].compareAndSet(false, true)) return "again";
        ops[i].transfer.set(true);
        engine.signalled(ops[i].state());   // what a completed transfer tells the engine
        return "arrived";
    }

    @Override
    public String waitOn(int i) {
        if (!startedFlag[i].get()) return "not started";
        engine.await(ops[i].state(), this);
        return ops[i].isDone() ? "done" : "returned early";
    }

    @Override
    public String test(int i) {
        if (!startedFlag[i].get()) return "not started";
        if (!arrived[i].get()) return "not due";
        while (!ops[i].isDone()) {
            engine.poll();   // a test: one pass (a poll that finds i busy leaves the pass to the thread inside)
        }
        return "done";
    }

    /** An operation done once its one transfer completed and a poll saw it. */
    static final class OneTransfer extends Schedule {
        final AtomicBoolean transfer = new AtomicBoolean();

        @Override
        protected boolean advance() {
            return transfer.get();
        }
    }
}
