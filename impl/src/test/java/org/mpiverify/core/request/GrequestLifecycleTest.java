package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.Races;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link GrequestLifecycle}: the free callback of a generalized request runs once, in the later of
 * {@code MPI_Grequest_complete} and the end of the handle (MPI-3.1 §12.2), also when the two race.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class GrequestLifecycleTest {
    /** The two events as a lifecycle or a twin of it records them: true if the caller runs the free callback. */
    interface Events {
        boolean complete();

        boolean handleDone();
    }

    static Events of(GrequestLifecycle l) {
        return new Events() {
            public boolean complete() {
                return l.complete(() -> { }) == GrequestLifecycle.Completed.LAST;
            }

            public boolean handleDone() {
                return l.handleDone();
            }
        };
    }

    static Events of(CheckThenActGrequestLifecycle l) {
        return new Events() {
            public boolean complete() {
                return l.complete(() -> { }) == CheckThenActGrequestLifecycle.Completed.LAST;
            }

            public boolean handleDone() {
                return l.handleDone();
            }
        };
    }

    @Test
    @Timeout(10)
    void theLaterOfTheTwoEventsRunsTheFreeCallbackAndASecondCompletionIsRefused() {
        GrequestLifecycle freedFirst = new GrequestLifecycle();
        assertFalse(freedFirst.handleDone(), "not complete: the completion will free");
        AtomicInteger signals = new AtomicInteger();
        assertEquals(GrequestLifecycle.Completed.LAST, freedFirst.complete(signals::incrementAndGet));
        assertEquals(1, signals.get());
        assertEquals(GrequestLifecycle.Completed.TWICE, freedFirst.complete(signals::incrementAndGet));
        assertEquals(1, signals.get(), "a second completion signals nothing");

        GrequestLifecycle completedFirst = new GrequestLifecycle();
        assertEquals(GrequestLifecycle.Completed.FIRST, completedFirst.complete(() -> { }));
        assertTrue(completedFirst.isComplete());
        assertTrue(completedFirst.handleDone(), "the handle's end after the completion frees");
    }

    /** A completion and a free race, many rounds: the free callback runs exactly once each round. */
    static void racingCompletionAndFreeRunTheFreeCallbackOnce(Supplier<Events> fresh) {
        Events[] current = new Events[1];
        AtomicInteger frees = new AtomicInteger();
        Races.race(300, Duration.ofSeconds(10), r -> {
            current[0] = fresh.get();
            frees.set(0);
        }, r -> {
            if (current[0].complete()) {
                frees.incrementAndGet();
            }
        }, r -> {
            if (current[0].handleDone()) {
                frees.incrementAndGet();
            }
        }, r -> assertEquals(1, frees.get(), "round " + r + ": the free callback ran " + frees.get() + " times"));
    }

    @Test
    @Timeout(60)
    void aCompletionRacingAFreeRunsTheFreeCallbackOnce() {
        racingCompletionAndFreeRunTheFreeCallbackOnce(() -> of(new GrequestLifecycle()));
    }

    @TwinTest
    @Timeout(60)
    void eventsReadAndWrittenApartAreRejected() {
        CyclicBarrier both = new CyclicBarrier(2);
        CheckThenActGrequestLifecycle.between = () -> {   // both racers read before either writes
            try {
                both.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new AssertionError("the other racer never reached the hook", e);
            }
        };
        try {
            Throwable e = KnownBad.assertRejected("CheckThenActGrequestLifecycle",
                    () -> racingCompletionAndFreeRunTheFreeCallbackOnce(() -> of(new CheckThenActGrequestLifecycle())));
            assertTrue(String.valueOf(e.getMessage()).contains("free callback ran 0 times"), String.valueOf(e));
        } finally {
            CheckThenActGrequestLifecycle.between = () -> { };
        }
    }
}
