package org.mpiverify.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;

/**
 * The recorder's copy of the events is bounded: past {@link TraceRecorder#maxEvents()} the hooks drop events without
 * throwing into the recording threads, and {@link TraceRecorder#events()} fails with how many events fit and what to
 * do; up to the bound every event is kept, in order.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class TraceRecorderBoundTest {
    private static void recordFromTwoThreads(TraceRecorder r, int each) throws InterruptedException {
        Runnable steps = () -> {
            for (int i = 0; i < each; i++) {
                synchronized (r) {                    // a critical section, as a component stamps inside one
                    r.record(r.stamp(), "step");
                }
            }
        };
        Thread a = Thread.ofPlatform().start(steps);
        Thread b = Thread.ofPlatform().start(steps);
        a.join();
        b.join();
    }

    @Test
    void aRecordingWithinTheBoundKeepsEveryEventInOrder() throws InterruptedException {
        TraceRecorder r = TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false, 8);
        recordFromTwoThreads(r, 4);
        List<RecordedEvent> events = r.events();
        assertEquals(8, events.size());
        for (int i = 0; i < 8; i++) assertEquals(i + 1, events.get(i).seq());
    }

    @Test
    void aRecordingPastTheBoundFailsWithHowManyFitAndWhatToDo() throws InterruptedException {
        TraceRecorder r = TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false, 5);
        recordFromTwoThreads(r, 4);                   // 8 events: the hooks do not throw
        TraceRecorder.TraceTooLargeException e = assertThrows(TraceRecorder.TraceTooLargeException.class, r::events);
        assertTrue(e.getMessage().contains("more than 5 events"), e.getMessage());
        assertTrue(e.getMessage().contains("record a shorter run"), e.getMessage());
        assertTrue(e.getMessage().contains("-Xmx"), e.getMessage());
    }

    @Test
    void theDefaultBoundIsAShareOfTheHeap() {
        TraceRecorder r = TraceRecorder.create(EnumSet.of(Algorithm.MATCHING), false);
        assertEquals(TraceRecorder.defaultLimit(false), r.maxEvents());
        assertTrue(r.maxEvents() > 100_000, "the whole-catalog audit column records about 1.1 million events: "
                + r.maxEvents());
        assertTrue(TraceRecorder.defaultLimit(true) < r.maxEvents(), "an event with its frames takes more");
    }
}
