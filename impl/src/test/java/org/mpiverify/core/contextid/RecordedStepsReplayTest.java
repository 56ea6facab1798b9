package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.testkit.HandoffLock;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The steps the allocator records for trace validation are stamped inside the critical section whose effect
 * they describe, so that the stamp order is an order in which the sections could have run one at a time. This
 * test checks exactly that, with the allocator as its own sequential specification: two calls' steps race on
 * one process, and the recorded steps, replayed in stamp order on a fresh allocator by one thread, must be
 * recorded again identically (same offer, same ownership, same lowest key, same id, same outcome). A step
 * recorded one lock hand-off after its section (a record outside the section, or a section split before its
 * record) lets the other call's section run in between and be stamped first; then the replay runs the two in
 * the wrong order and records something else. The TLA+ trace validation of {@code trace} rejects such traces
 * too, but with TLC in the loop; this check runs in milliseconds, next to the allocator's other tests.
 *
 * <p>As in {@link LowestKeyRegistrationTest}, the two calls are queued behind a held {@link HandoffLock} in
 * a chosen order (both orders, alternately), so a thread queued for the lock gets in between the halves of a
 * split section every time. One-member rounds: a call's AND is its own offer.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class RecordedStepsReplayTest {
    private static final long LOW = ContextIdKey.of(0, 3), MIDDLE = ContextIdKey.of(0, 7), HIGH = ContextIdKey.of(0, 10);
    private static final int CAPACITY = 64, EAGER_IDS = 8, ROUNDS = 50;
    private static final long BOUND_MILLIS = 10_000;
    private static final MaskAllreduce ONE_MEMBER = words -> { };

    /** One call of one process: its key, its traced call, its buffer and counters, what its last enter returned. */
    private static final class Call {
        final long key;
        final MaskContextIdAllocator.TracedCall traced;
        final long[] words = new long[MultithreadedContextIdAllocator.BUFFER_WORDS];
        final int[] counts = new int[3];
        int own;

        Call(MultithreadedContextIdAllocator a, long key) {
            this.key = key;
            this.traced = a.traceCall((int) (key >> 32), ((int) key) ^ Integer.MIN_VALUE, ONE_MEMBER);
        }

        Call enter(MultithreadedContextIdAllocator a, boolean firstRound) {
            own = a.enterRound(key, firstRound, words, counts, traced);
            return this;
        }

        int finish(MultithreadedContextIdAllocator a, boolean firstRound) {
            return a.finishRound(key, firstRound, own, words, counts, traced);
        }
    }

    /** A race: what the test thread does first, alone, then the two racing actions on a shared state. */
    private interface Scenario {
        /** Runs the setup on {@code a} and returns the two racing actions. */
        Runnable[] setUp(MultithreadedContextIdAllocator a);
    }

    /** A refused Fig. 3 call against the owner's round end: whether the owner resets the registration depends on the order. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRefusedCallAndTheOwnersRoundEnd() throws InterruptedException {
        check(a -> {
            Call owner = new Call(a, HIGH).enter(a, false);
            Call refused = new Call(a, MIDDLE);
            return new Runnable[] {() -> refused.enter(a, false), () -> owner.finish(a, false)};
        });
    }

    /** Two Fig. 3 calls at a free mask: one owns it, the other is refused (and lowers the registration or not). */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void twoCallsAtAFreeMask() throws InterruptedException {
        check(a -> {
            Call middle = new Call(a, MIDDLE), low = new Call(a, LOW);
            return new Runnable[] {() -> middle.enter(a, false), () -> low.enter(a, false)};
        });
    }

    /** The owner's round end against a lower key's enter: the enter finds the mask held or free. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theOwnersRoundEndAndALowerKeysEnter() throws InterruptedException {
        check(a -> {
            Call owner = new Call(a, MIDDLE).enter(a, false);
            Call low = new Call(a, LOW);
            return new Runnable[] {() -> owner.finish(a, false), () -> low.enter(a, false)};
        });
    }

    /** Two first rounds of one eager segment: one claims it, the other offers nothing. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void twoFirstRoundsOfOneSegment() throws InterruptedException {
        check(a -> {
            Call middle = new Call(a, MIDDLE), low = new Call(a, LOW);
            return new Runnable[] {() -> middle.enter(a, true), () -> low.enter(a, true)};
        });
    }

    /** A release of the lowest id against a Fig. 3 owner's copy of the mask: the copy offers that id or not. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aReleaseAndAnOwnersCopyOfTheMask() throws InterruptedException {
        check(a -> {
            Call first = new Call(a, HIGH).enter(a, false);
            int id = first.finish(a, false);
            assertTrue(id >= 0, "a one-member round takes an id");
            Call next = new Call(a, MIDDLE);
            return new Runnable[] {() -> a.release(id), () -> next.enter(a, false)};
        });
    }

    private static void check(Scenario scenario) throws InterruptedException {
        for (int round = 0; round < ROUNDS; round++) {
            TraceRecorder recorded = recorder();
            MultithreadedContextIdAllocator a = allocator(recorded, new HandoffLock());
            Runnable[] actions = scenario.setUp(a);
            boolean swapped = round % 2 == 1;
            ((HandoffLock) a.lock).runQueued(BOUND_MILLIS, swapped ? actions[1] : actions[0], swapped ? actions[0] : actions[1]);
            replay(recorded.events(), round, swapped);
        }
    }

    private static TraceRecorder recorder() {
        return TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.CONTEXT_ID), false);
    }

    private static MultithreadedContextIdAllocator allocator(TraceRecorder recorder, HandoffLock lock) {
        MultithreadedContextIdAllocator a = new MultithreadedContextIdAllocator(CAPACITY, EAGER_IDS, 1, false, lock);
        a.recordTo(recorder, 0);
        return a;
    }

    /**
     * Replays the recorded steps in stamp order on a fresh allocator, one at a time, and checks that each is
     * recorded again as it was.
     */
    private static void replay(List<RecordedEvent> events, int round, boolean swapped) {
        List<RecordedEvent> steps = new ArrayList<>(events);
        steps.sort(Comparator.comparingLong(RecordedEvent::seq));
        TraceRecorder again = recorder();
        MultithreadedContextIdAllocator a = allocator(again, new HandoffLock());
        Map<String, Call> calls = new HashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            ContextIdStep s = (ContextIdStep) steps.get(i).step();
            int before = again.events().size();
            Call c = s.call() == null ? null : calls.computeIfAbsent(s.call(), n -> new Call(a, ContextIdKey.of(s.parent(), s.tag())));
            switch (s.kind()) {
                case EAGER_ENTER, ENTER -> c.enter(a, s.kind() == ContextIdStep.Kind.EAGER_ENTER);
                case EAGER_FINISH, FINISH -> c.finish(a, s.kind() == ContextIdStep.Kind.EAGER_FINISH);
                case FREE -> a.release(s.id());
                default -> throw new AssertionError("a step these scenarios do not take: " + s);
            }
            List<RecordedEvent> now = again.events();
            assertEquals(before + 1, now.size(), "one step recorded per replayed step");
            ContextIdStep r = (ContextIdStep) now.get(now.size() - 1).step();
            String where = "round " + round + " (" + (swapped ? "second" : "first") + " action queued first), step "
                    + i + " of " + steps.size() + " in stamp order";
            assertEquals(describe(s), describe(r), where + ": the recorded step is not what the allocator does with the"
                    + " steps stamped before it done first (a step recorded outside its section?); recorded: "
                    + steps.stream().map(e -> e.seq() + " " + e.thread() + " " + describe((ContextIdStep) e.step())).toList());
        }
    }

    /** Everything a step says but its call's name, which the replay numbers in its own order. */
    private static String describe(ContextIdStep s) {
        return s.kind() + " key=" + ContextIdKey.toString(ContextIdKey.of(s.parent(), s.tag())) + " owned=" + s.owned()
                + " offered=" + ranges(ContextIdStep.ids(s.offered())) + " and=" + ranges(ContextIdStep.ids(s.and()))
                + " andOwned=" + s.andOwned() + " lowest=" + (s.lowest() == ContextIdStep.NO_KEY ? "NONE" : ContextIdKey.toString(s.lowest()))
                + " id=" + s.id() + " outcome=" + s.outcome();
    }

    /** Ids as runs, {@code [2-9, 11-63]}, or "-" for none recorded. */
    private static String ranges(int[] ids) {
        if (ids == null) return "-";
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < ids.length; ) {
            int j = i;
            while (j + 1 < ids.length && ids[j + 1] == ids[j] + 1) j++;
            runs.add(i == j ? Integer.toString(ids[i]) : ids[i] + "-" + ids[j]);
            i = j + 1;
        }
        return runs.toString();
    }
}
