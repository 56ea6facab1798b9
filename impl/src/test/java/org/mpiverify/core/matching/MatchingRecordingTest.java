package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.core.matching.MatchingEngine.ANY_SOURCE;
import static org.mpiverify.core.matching.MatchingEngine.ANY_TAG;

import java.util.EnumSet;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.MatchingStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;

/** What the engines record for trace validation: one step per operation, ids that link the steps. */
class MatchingRecordingTest {
    private static MatchingEngine engine(String kind) {
        return kind.equals("queues") ? new QueueMatchingEngine() : new HashMatchingEngine(4, 1);
    }

    private static List<MatchingStep> steps(TraceRecorder rec) {
        return rec.events().stream().map(e -> (MatchingStep) e.step()).filter(s -> s.kind() != Kind.MODE).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"queues", "hash"})
    void eachOperationIsOneStepAndIdsLinkTheSteps(String kind) {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.MATCHING), false);
        MatchingEngine h = engine(kind);
        h.recordTo(rec, 3);
        Recv posted = new Recv(0, 1, 7);
        h.matchOrPost(posted);                       // posted
        h.matchOrEnqueue(new Msg(0, 1, 7, 0));       // takes it
        Msg unexpected = new Msg(0, 1, 8, 1);
        h.matchOrEnqueue(unexpected);                // queued
        h.matchOrPost(new Recv(0, ANY_SOURCE, ANY_TAG));   // takes it (wildcard)
        Recv cancelled = new Recv(0, 2, 9);
        h.matchOrPost(cancelled);
        h.remove(cancelled);
        h.remove(cancelled);                         // not posted any more
        h.matchOrEnqueue(new Msg(0, 1, 5, 2));
        h.take(0, 1, 5);
        h.take(0, 1, 5);                             // nothing left
        List<MatchingStep> s = steps(rec);
        assertEquals(List.of(Kind.POST, Kind.ARRIVE, Kind.ARRIVE, Kind.POST, Kind.POST, Kind.CANCEL, Kind.CANCEL,
                Kind.ARRIVE, Kind.TAKE, Kind.TAKE), s.stream().map(MatchingStep::kind).toList());
        assertTrue(s.stream().allMatch(x -> x.process() == 3));
        assertEquals(0, s.get(0).message(), "posted");
        assertEquals(s.get(0).receive(), s.get(1).receive(), "the arrival names the receive it took");
        assertEquals(0, s.get(2).receive(), "queued");
        assertEquals(s.get(2).message(), s.get(3).message(), "the wildcard names the message it took");
        assertEquals(s.get(4).receive(), s.get(5).receive());
        assertTrue(s.get(5).flag() && !s.get(6).flag(), "removed, then not posted");
        assertEquals(s.get(7).message(), s.get(8).message(), "the take names the message it took");
        assertEquals(0, s.get(9).message(), "the second take finds nothing");
    }

    @Test
    void theHashEngineRecordsItsModeSwitchesAndNumbersArrivalsByTheirStamps() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.MATCHING), false);
        HashMatchingEngine h = new HashMatchingEngine(4, 1);
        h.recordTo(rec, 0);
        h.matchOrEnqueue(new Msg(0, 1, 2, 0));
        h.matchOrEnqueue(new Msg(0, 1, 1, 1));
        h.matchOrPost(new Recv(0, 1, ANY_TAG));      // to wild: takes the earlier arrival (tag 2)
        h.matchOrPost(new Recv(0, 1, 1));            // exact, no wildcard posted: back to fast
        List<MatchingStep> all = rec.events().stream().map(e -> (MatchingStep) e.step()).toList();
        assertEquals(List.of(Kind.ARRIVE, Kind.ARRIVE, Kind.MODE, Kind.POST, Kind.POST, Kind.MODE),
                all.stream().map(MatchingStep::kind).toList());
        assertTrue(all.get(2).flag() && !all.get(5).flag(), "wild, then fast");
        assertEquals(all.get(0).message(), all.get(3).message(), "the wildcard takes the first arrival");
        assertEquals(rec.events().get(0).seq(), all.get(0).message(), "an arrival's id is its stamp");
    }

    @ParameterizedTest
    @ValueSource(strings = {"queues", "hash"})
    void nothingIsRecordedUnlessMatchingIs(String kind) {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false);
        MatchingEngine h = engine(kind);
        h.recordTo(rec, 0);
        h.recordTo(null, 0);
        h.matchOrPost(new Recv(0, 1, 1));
        h.matchOrEnqueue(new Msg(0, 1, 1, 0));
        assertEquals(List.of(), rec.events());
    }

    @Test
    void anEngineThatCannotRecordRefusesARecorderThatAsks() {
        Supplier<MatchingEngine> model = SequentialMatchingModel::new;
        model.get().recordTo(null, 0);
        model.get().recordTo(TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false), 0);
        assertThrows(UnsupportedOperationException.class,
                () -> model.get().recordTo(TraceRecorder.create(EnumSet.of(Algorithm.MATCHING), false), 0));
    }
}
