package org.mpiverify.lincheck.core.coll;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.coll.LostPollSchedule;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The progress of a nonblocking operation ({@link Schedule}, the core's nonblocking collectives and
 * idups): any number of threads poll it at once, one runs its steps and the others leave at once; no
 * poll may be lost. A schedule waits for two transfers; {@code complete(i)} is what the core does when
 * transfer {@code i} completes (the completer's hook, then a poll by a thread of the rank) and
 * {@code poll()} is a wait's or a test's poll. Every operation is its own linearization (they return
 * nothing); the check is at quiescence ({@code @Validate}): once every transfer completed and every poll
 * returned, the schedule is done. A lost poll leaves it not done for good: its waiter would park forever.
 *
 * <p>Twin: {@link LostPollSchedule}, the work counter without its second look.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class ScheduleProgressLinearizabilityTest extends ScheduleProgressOperations {
    static final String SUITE = "ScheduleProgressLinearizabilityTest";
    static final String CHECKS = "Schedule.progress from concurrent pollers: no poll lost (done at quiescence once every transfer is)";

    public ScheduleProgressLinearizabilityTest() {
        super(allDone -> new Schedule() {
            @Override
            protected boolean advance() {
                return allDone.getAsBoolean();
            }
        }, Schedule::progress, Schedule::isDone);
    }

    /** No sequential post part: its polls would repair a lost poll before the check at quiescence looks. */
    static Budget quiescentAtEnd(Budget b) {
        return new Budget(b.iterations(), b.invocations(), b.threads(), b.actorsPerThread(), 0);
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), getClass(), quiescentAtEnd(Budget.modelChecking()));
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), getClass(), quiescentAtEnd(Budget.stress()));
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void lostPollTwinIsRejected() {
        Lincheck.expectRejected("LostPollSchedule", "a poll that finds another thread inside is lost (no second look)",
                true, Twin.class, Twin.class, quiescentAtEnd(Budget.twin()));
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends ScheduleProgressOperations {
        public Twin() {
            super(allDone -> new LostPollSchedule() {
                @Override
                protected boolean advance() {
                    return allDone.getAsBoolean();
                }
            }, LostPollSchedule::progress, LostPollSchedule::isDone);
        }
    }
}
