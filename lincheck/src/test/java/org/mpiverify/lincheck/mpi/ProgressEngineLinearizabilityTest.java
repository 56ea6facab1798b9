package org.mpiverify.lincheck.mpi;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.mpi.ProgressEngineUnderTest;
import org.mpiverify.mpi.StandbyReturnsOnWakeProgressEngineUnderTest;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The real progress engine ({@code org.mpiverify.mpi.ProgressEngine}) under its own operations, through
 * {@link ProgressEngineUnderTest}: two nonblocking operations started on the rank, their partners' transfers
 * arriving (a routed signal each), threads waiting on them in the engine (as the poller or on standby, the poller
 * leaving when its own operation is done and waking the standby queue), and test loops (a pass per test).
 * Against {@link ProgressSpec}: every wait returns "done", and only after its operation's transfer arrived; a
 * test loop on an arrived operation ends with it done.
 *
 * <p>Scenarios. A wait blocks until its operation's transfer arrives, so a scenario generated at random can wait
 * on an operation no thread will complete, and the real engine would hang in it too. Each check therefore runs
 * the fixed scenarios of {@link #scenarios}, in which every wait's arrival comes from a thread that never waits,
 * and explores their interleavings (model checking) or runs them many times (stress): two waiters in the engine
 * at once and a partner, arrivals in both orders; a waiter parked as the poller while another thread starts an
 * operation and tests; one thread waiting on both in turn.
 *
 * <p>Twin: {@code StandbyReturnsOnWakeProgressEngine} (a patch in twins/patches/lincheck: a waiter back from
 * standby returns from its wait, taking its wake-up for its request's completion): a wait returns with its
 * operation not done.
 *
 * <p>Not here: a lost wake-up. Lincheck's model checker lets {@code LockSupport.park} return spuriously, and the
 * engine polls again after every return from a park, so a wake-up that nobody sends is never a hang or a wrong
 * result under Lincheck (the twin {@code StandbyParksAloneProgressEngine}, a standby that parks without
 * re-checking that a poller is still there, passed 3,000 interleavings of the scenario that loses its wake-up in
 * the real JVM). Those defects are TLC's ({@code specs/progress}) and trace validation's ({@code ProgressTraceTest}).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class ProgressEngineLinearizabilityTest extends ProgressEngineOperations {
    static final String SUITE = "ProgressEngineLinearizabilityTest";
    static final String CHECKS = "ProgressEngine start/routed signal/await (poller, standby, leaving)/poll: every wait returns done after its arrival";
    static final String TWIN = "StandbyReturnsOnWakeProgressEngine";

    public ProgressEngineLinearizabilityTest() {
        super(new ProgressEngineUnderTest());
    }

    /** The fixed scenarios (see the class comment), over the operations of {@code c}. */
    static List<ExecutionScenario> scenarios(Class<?> c) {
        return List.of(
                // two waiters and a partner; the first waiter's transfer first, then the second's
                Lincheck.afterInit(List.of(a(c, "start", 0), a(c, "start", 1)),
                        List.of(a(c, "waitOn", 0)), List.of(a(c, "waitOn", 1)),
                        List.of(a(c, "arrive", 0), a(c, "arrive", 1))),
                // the same, the arrivals the other way round
                Lincheck.afterInit(List.of(a(c, "start", 0), a(c, "start", 1)),
                        List.of(a(c, "waitOn", 0)), List.of(a(c, "waitOn", 1)),
                        List.of(a(c, "arrive", 1), a(c, "arrive", 0))),
                // a waiter (the poller, maybe parked) while another thread starts an operation, completes and tests it
                Lincheck.afterInit(List.of(a(c, "start", 0)),
                        List.of(a(c, "waitOn", 0)), List.of(a(c, "start", 1), a(c, "arrive", 1), a(c, "test", 1)),
                        List.of(a(c, "arrive", 0))),
                // one thread waits on both in turn while their transfers arrive
                Lincheck.afterInit(List.of(a(c, "start", 0), a(c, "start", 1)),
                        List.of(a(c, "waitOn", 0), a(c, "waitOn", 1)), List.of(a(c, "arrive", 1), a(c, "arrive", 0))),
                POLLER_LEAVES.apply(c));
    }

    /**
     * The first waiter's operation is complete before the waits begin, so whichever thread is the poller polls
     * it, finds its own request done and leaves the role while the other waits for a transfer still to come:
     * the hand-off of the role to a thread on its way to standby.
     */
    static final Function<Class<?>, ExecutionScenario> POLLER_LEAVES = c ->
            Lincheck.afterInit(List.of(a(c, "start", 0), a(c, "start", 1), a(c, "arrive", 0)),
                    List.of(a(c, "waitOn", 0)), List.of(a(c, "waitOn", 1)), List.of(a(c, "arrive", 1)));

    private static Actor a(Class<?> c, String op, int i) {
        return Lincheck.actor(c, op, i);
    }

    /** Only the fixed scenarios: no random ones (see the class comment). */
    static Budget budget(Budget b) {
        return new Budget(0, b.invocations(), 3, 2, 0);
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), ProgressSpec.class, budget(Budget.modelChecking()),
                scenarios(getClass()).toArray(ExecutionScenario[]::new));
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), ProgressSpec.class, budget(Budget.stress()),
                scenarios(getClass()).toArray(ExecutionScenario[]::new));
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void standbyReturnsOnWakeTwinIsRejected() {
        Lincheck.expectRejected(TWIN, "a waiter back from standby returns, taking its wake-up for its request's completion",
                Twin.class, ProgressSpec.class, budget(Budget.twin()), scenarios(Twin.class).toArray(ExecutionScenario[]::new));
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends ProgressEngineOperations {
        public Twin() {
            super(new StandbyReturnsOnWakeProgressEngineUnderTest());
        }
    }
}
