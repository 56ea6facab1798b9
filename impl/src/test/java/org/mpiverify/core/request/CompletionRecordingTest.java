package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.CompletionStep;
import org.mpiverify.core.trace.CompletionStep.Kind;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * What {@link Completion} records for trace validation ({@code specs/matchtable/CompletionTrace.tla}): each
 * step once, in the order it took effect, with the flag read and the waiter found; and nothing at all when
 * the recorder does not record completions.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class CompletionRecordingTest {
    /** No spin, no yield, one-minute park slices: a wait that does not find the flag set publishes and parks. */
    private static final WaitPolicy SLOW_PATH = new WaitPolicy(0, 0, 0, 0, 60_000_000_000L);

    private static TraceRecorder recorder() {
        return TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.COMPLETION), false);
    }

    private static List<CompletionStep> steps(TraceRecorder rec) {
        return rec.events().stream().map(RecordedEvent::step).map(CompletionStep.class::cast).toList();
    }

    private static String kinds(List<CompletionStep> steps) {
        return steps.stream().map(s -> s.kind() + (s.kind() == Kind.CHECK || s.kind() == Kind.UNPARK
                ? "(" + s.value() + ")" : "")).collect(Collectors.joining(" "));
    }

    @Test
    void aSignalBeforeTheWaitIsSeenByTheWaitsFirstRead() {
        TraceRecorder rec = recorder();
        Completion c = new Completion();
        c.recordTo(rec);
        c.signal();
        assertTrue(c.await(() -> false, SLOW_PATH));
        List<CompletionStep> s = steps(rec);
        assertEquals("SIGNAL UNPARK(false) PEEK", kinds(s));
        assertEquals(1, s.stream().map(CompletionStep::use).distinct().count(), "one use");
        assertEquals(0, s.get(1).waiter());
    }

    @Test
    void aParkedWaiterIsFoundAndWokenAndLeavesTheSlot() throws Exception {
        TraceRecorder rec = recorder();
        Completion c = new Completion();
        c.recordTo(rec);
        AtomicBoolean woke = new AtomicBoolean();
        Thread waiter = Thread.ofPlatform().name("waiter").start(() -> woke.set(c.await(() -> false, SLOW_PATH)));
        awaitStep(rec, Kind.CHECK);          // published, found the flag clear: it parks (or is about to)
        c.signal();
        waiter.join();
        assertTrue(woke.get());
        List<CompletionStep> s = steps(rec);
        String k = kinds(s);
        // The waiter publishes, checks, parks; the completer sets the flag and finds it; the waiter returns,
        // checks again (a spurious return would add RETURN CHECK(false) pairs) and leaves the slot.
        assertTrue(k.startsWith("PUBLISH CHECK(false) "), k);
        assertTrue(k.endsWith("RETURN CHECK(true) DEREGISTER"), k);
        CompletionStep unpark = s.stream().filter(x -> x.kind() == Kind.UNPARK).findFirst().orElseThrow();
        assertTrue(unpark.value(), k);
        assertEquals(waiter.threadId(), unpark.waiter());
        assertEquals(waiter.threadId(), s.getFirst().thread());
        assertEquals(Thread.currentThread().threadId(), unpark.thread());
        assertTrue(k.indexOf("SIGNAL UNPARK(true)") < k.lastIndexOf("RETURN"), "the wake-up before the return: " + k);
    }

    @Test
    void waitAnysRegistrationIsAPublishAndACheck() {
        TraceRecorder rec = recorder();
        Completion c = new Completion();
        c.recordTo(rec);
        Thread me = Thread.currentThread();
        assertEquals(Completion.REGISTERED, c.tryRegister(me));
        c.signal();
        c.deregister(me);
        c.deregister(me);                    // not registered any more: nothing to record
        assertEquals("PUBLISH CHECK(false) SIGNAL UNPARK(true) DEREGISTER", kinds(steps(rec)));
        assertEquals(Completion.ALREADY_DONE, c.tryRegister(me));
        assertEquals(Completion.ALREADY_DONE, c.tryRegister(me));   // the same request twice in one waitAny
        assertEquals("PUBLISH CHECK(false) SIGNAL UNPARK(true) DEREGISTER PUBLISH CHECK(true)", kinds(steps(rec)));
    }

    @Test
    void eachUseIsANewRequest() {
        TraceRecorder rec = recorder();
        RequestState st = new RequestState(s -> { });
        st.recordTo(rec);
        st.begin(1);
        st.signal();
        st.begin(1);
        st.signal();
        List<CompletionStep> s = steps(rec);
        assertEquals("SIGNAL UNPARK(false) SIGNAL UNPARK(false)", kinds(s));
        assertEquals(s.get(0).use(), s.get(1).use());
        assertNotEquals(s.get(1).use(), s.get(2).use(), "the second use is another request");
    }

    @Test
    void nothingIsRecordedForARecorderOfOtherAlgorithms() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
        Completion c = new Completion();
        c.recordTo(rec);
        c.tryRegister(Thread.currentThread());
        c.signal();
        c.deregister(Thread.currentThread());
        assertTrue(c.await(() -> false, SLOW_PATH));
        assertTrue(rec.events().isEmpty());
    }

    @Test
    void theTwinChecksBeforeItPublishes() throws Exception {
        TraceRecorder rec = recorder();
        RegisterAfterCheckCompletion c = new RegisterAfterCheckCompletion();
        c.recordTo(rec);
        Thread waiter = Thread.ofPlatform().name("twin-waiter").start(() -> c.await(() -> false, SLOW_PATH));
        awaitStep(rec, Kind.PUBLISH);
        c.signal();
        waiter.join();
        String k = kinds(steps(rec));
        assertTrue(k.startsWith("CHECK(false) PUBLISH"), "the twin's defect, as the trace spec sees it: " + k);
        assertFalse(k.startsWith("PUBLISH"), k);
    }

    /** Waits (bounded: 20 s of spins and yields) until {@code rec} holds a step of kind {@code k}. */
    private static void awaitStep(TraceRecorder rec, Kind k) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (rec.events().stream().noneMatch(e -> ((CompletionStep) e.step()).kind() == k)) {
            if (System.nanoTime() - end > 0) throw new AssertionError("no " + k + " step in 20 s: " + rec.events());
            Thread.yield();
        }
    }
}
